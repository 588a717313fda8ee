import Foundation
import XCTest

/// A ledger that cannot grow (a full disk, simulated with `ulimit -f`): the command fails with
/// one clear line and the log is exactly what it was.
final class StorageFailureTests: XCTestCase {
    func testFullDiskRecordsNothingAndSaysSo() throws {
        let sandbox = try KakeiboSandbox(binary: try KakeiboSandbox.locateBinary())
        defer { sandbox.remove() }
        for arguments in [["init", "--currency", "USD"], ["account", "open", "assets:cash"], ["category", "add", "food"]] {
            XCTAssertEqual(try sandbox.run(arguments).exitCode, 0)
        }
        let before = try sandbox.run(["verify", "--digest"]).out
        let size = try FileManager.default.attributesOfItem(atPath: sandbox.db)[.size] as? Int ?? 0

        // Writes past the limit fail with EFBIG instead of killing the process (SIGXFSZ ignored).
        let memo = String(repeating: "x", count: 400)
        let script = """
            trap '' XFSZ; ulimit -f \((size + 16_384) / 512)
            for i in $(seq 1 200); do
                "$0" --db "$1" txn --memo "\(memo)" --posting expenses:food=1 --posting assets:cash >/dev/null 2>"$2" || exit 3
            done
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, sandbox.binary.path, sandbox.db, sandbox.path("stderr.txt")]
        process.environment = sandbox.environment
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 3, "the file limit was never reached")

        let stderr = try String(contentsOfFile: sandbox.path("stderr.txt"), encoding: .utf8)
        let lines = stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, stderr)
        XCTAssertTrue(stderr.hasPrefix("kakeibo: error: could not write to \(sandbox.db)"), stderr)
        XCTAssertTrue(stderr.contains("nothing was recorded"), stderr)

        let verify = try sandbox.run(["verify"])
        XCTAssertEqual(verify.exitCode, 0, "\(verify)")
        let after = try sandbox.run(["verify", "--digest"]).out
        XCTAssertNotEqual(after, before, "the commands before the limit were recorded")
        XCTAssertEqual(try sandbox.run(["replay", "--check"]).exitCode, 0)
    }
}
