import Foundation
import XCTest

/// Hostile files through `kakeibo receipts read`: each is refused from what its header or size
/// says, in one line, quickly and in little memory, and a receipt whose printed text is an attack
/// comes out as inert text. The images are `Fixtures/hostile` (make_hostile_images.py writes them).
final class HostileReceiptImageTests: KakeiboCLITestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/hostile")

    /// Peak memory a refusal may use: the process itself needs about 60 MB; decoding the bomb would take 2.5 GB.
    private let memoryCeilingKB = 300_000
    private let timeCeiling = Duration.seconds(15)

    func testDecompressionBombIsRefusedFromItsHeader() throws {
        try assertRefusedQuickly("bomb.png", mentioning: ["50000 × 50000 pixels", "too large"])
    }

    func testTwentyThousandSquareImageIsRefusedBeforeDecoding() throws {
        try assertRefusedQuickly("huge.png", mentioning: ["20000 × 20000 pixels", "scale it down"])
    }

    func testTruncatedJPEGIsRefusedAsDamaged() throws {
        try assertRefusedQuickly("truncated.jpg", mentioning: ["damaged or truncated"])
    }

    func testTruncatedPNGIsRefusedAsDamagedInOneLine() throws {
        let whole = try Data(contentsOf: Self.fixtures.appendingPathComponent("injection.png"))
        let path = sandbox.path("cut.png")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        try assertRefusedQuickly(path, mentioning: ["cut.png is damaged or truncated"])
    }

    func testTextFileNamedJPEGIsNotAnImage() throws {
        let path = sandbox.path("receipt.jpg")
        try "TOTAL 12.50\n".write(toFile: path, atomically: true, encoding: .utf8)
        try assertRefusedQuickly(path, mentioning: ["receipt.jpg is not a readable image"])
    }

    func testZeroByteFileIsEmpty() throws {
        let path = sandbox.path("empty.jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        try assertRefusedQuickly(path, mentioning: ["empty.jpg", "the file is empty (0 bytes)"])
    }

    func testDirectoryAndMissingFileAreNamed() throws {
        try assertRefusedQuickly(sandbox.directory.path, mentioning: ["not a regular file"])
        try assertRefusedQuickly(sandbox.path("missing.png"), mentioning: ["missing.png: no such file"])
    }

    /// The printed text tries to instruct a reader and to run shell commands. It is read as text,
    /// shown without control characters, and nothing runs: `sh`, `bash`, `touch` and `rm` earlier on
    /// PATH would leave a mark if anything called them.
    func testInjectionTextOnAReceiptIsOnlyData() throws {
        try standardLedger()
        let before = try digest()
        let traps = sandbox.path("traps"), mark = sandbox.path("executed")
        try FileManager.default.createDirectory(atPath: traps, withIntermediateDirectories: true)
        for name in ["sh", "bash", "touch", "rm", "sqlite3"] {
            let trap = "\(traps)/\(name)"
            try "#!/bin/sh\necho \"\(name) $*\" >> '\(mark)'\n".write(toFile: trap, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: trap)
        }
        let image = Self.fixtures.appendingPathComponent("injection.png").path
        let path = ["PATH": "\(traps):" + (sandbox.environment["PATH"] ?? "/usr/bin:/bin")]
        let table = try sandbox.runRaw(["--db", db, "receipts", "read", image], extraEnvironment: path)
        if table.stderr.contains("could not load") { throw XCTSkip("no Tesseract model: \(table.stderr)") }
        XCTAssertEqual(table.exitCode, 0, "\(table)")
        XCTAssertTrue(table.stdout.contains("PREVIOUS INSTRUCTIONS") && table.stdout.contains("touch /tmp/kakeibo-pwned"), "the text is shown as what it is:\n\(table)")
        let json = try sandbox.runRaw(["--db", db, "receipts", "read", image, "--format", "json"], extraEnvironment: path)
        XCTAssertEqual(json.exitCode, 0, "\(json)")
        XCTAssertNoThrow(try json.jsonObject())
        for output in [table.stdout, table.stderr, json.stdout, json.stderr] {
            let controls = output.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
            XCTAssertTrue(controls.isEmpty, "control characters in the output: \(controls.map(\.value))")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: mark),
                       "something was executed: \((try? String(contentsOfFile: mark, encoding: .utf8)) ?? "")")
        XCTAssertEqual(try digest(), before, "reading a receipt appends nothing")
    }

    // MARK: - Helpers

    /// `receipts read FILE` (a fixture name or a path) must fail in one line, leave the ledger as
    /// it was, and stay under the time and memory ceilings (peak RSS from GNU time when installed).
    private func assertRefusedQuickly(_ file: String, mentioning mentions: [String],
                                      file source: StaticString = #filePath, line: UInt = #line) throws {
        if !FileManager.default.fileExists(atPath: db) { try standardLedger(file: source, line: line) }
        let path = file.hasPrefix("/") ? file : Self.fixtures.appendingPathComponent(file).path
        let started = ContinuousClock.now
        try assertRefused(["receipts", "read", path], mentioning: mentions, file: source, line: line)
        let elapsed = ContinuousClock.now - started
        // The refusal and the two digests around it.
        XCTAssertLessThan(elapsed, timeCeiling * 3, "took \(elapsed)", file: source, line: line)

        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            print("HostileReceiptImageTests: \(time) is absent; peak memory not measured")
            return
        }
        let report = sandbox.path("time-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M", "-o", report, sandbox.binary.path, "--db", db, "receipts", "read", path]
        process.environment = sandbox.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0, file: source, line: line)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        let peakKB = try XCTUnwrap(lines.last.flatMap { Int($0) }, "GNU time wrote \(lines)", file: source, line: line)
        XCTAssertLessThan(peakKB, memoryCeilingKB, "peak RSS \(peakKB) KB", file: source, line: line)
    }
}
