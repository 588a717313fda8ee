import Foundation
import KakeiboTestSupport
import XCTest

/// A batch that stops part-way says which lines landed (issue 29, N26), also when the file-size limit stops it
/// (N14: SIGXFSZ killed the process without a word, and the ids already printed were lost with its buffers).
final class BatchProgressCommandTests: KakeiboCLITestCase {
    func testARefusedLineSaysWhichLinesWereRecorded() throws {
        try standardLedger()
        try Data("""
            expense 1 --from assets:checking --category groceries --payee b1

            expense 2 --from assets:checking --category groceries --payee b2
            expense 3 --from assets:nowhere --category groceries
            expense 4 --from assets:checking --category groceries
            """.utf8).write(to: URL(fileURLWithPath: sandbox.path("b.txt")))
        let result = try kakeibo("batch", sandbox.path("b.txt"))
        XCTAssertEqual(result.exitCode, 1, "\(result)")
        XCTAssertEqual(result.stdoutLines.count, 2, "the two recorded lines' ids:\n\(result)")
        XCTAssertEqual(result.stderrLines.count, 1, "\(result)")
        XCTAssertTrue(result.err.hasSuffix("; lines 1–3 were recorded (ids above), this line and the 1 after it were not: "
                                           + "fix it and run the batch again from line 4"), "\(result)")
        try Data("expense 1 --from assets:checking --category groceries\nexpense 1,2.3 --from assets:checking --category groceries\n".utf8)
            .write(to: URL(fileURLWithPath: sandbox.path("c.txt")))
        let first = try kakeibo("batch", sandbox.path("c.txt"))
        XCTAssertTrue(first.err.hasSuffix("; line 1 was recorded (ids above), this line was not: fix it and run the batch again from line 2"),
                      "\(first)")
    }

    func testAFileSizeLimitEndsTheBatchInOneLineWithTheRecordedIds() throws {
        try standardLedger()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: db)[.size] as? Int)
        let lines = (1...400).map { "expense \($0).25 --from assets:checking --category groceries --payee \"payee \($0) with a long name\"" }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: sandbox.path("bulk.txt")))
        // No `trap '' XFSZ` here: the binary itself must not die of the signal.
        let limitKiB = size / 1024 + 8
        let output = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"),
                                          ["-c", "ulimit -f \(limitKiB); exec \"$@\"", "bash", sandbox.binary.path, "--db", db, "batch",
                                           sandbox.path("bulk.txt")],
                                          environment: sandbox.environment, in: sandbox.directory, timeout: 60)
        XCTAssertFalse(output.crashed, "killed by a signal: \(output.status)\n\(output.stderr)")
        XCTAssertEqual(output.status, 1, output.stderr)
        let errors = output.stderr.split(separator: "\n")
        XCTAssertEqual(errors.count, 1, output.stderr)
        XCTAssertTrue(errors.first?.contains("could not write to") == true, output.stderr)
        let recorded = output.stdout.split(separator: "\n").count
        XCTAssertGreaterThan(recorded, 0, "some lines fit under the limit")
        XCTAssertTrue(output.stderr.contains("were recorded (ids above)") || output.stderr.contains("was recorded (ids above)"), output.stderr)
        _ = try ok("verify")
        XCTAssertEqual(try eventCount(), 9 + recorded, "every printed id is in the log, and nothing else")
    }
}
