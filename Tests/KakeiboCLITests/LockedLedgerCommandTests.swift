import Foundation
import KakeiboTestSupport
import XCTest

/// Issue 13, item 5: reports read without the write lock, so they answer at once while another
/// process writes; a write that times out says "busy" in one line; a read-only file is readable.
final class LockedLedgerCommandTests: KakeiboCLITestCase {
    /// Holds SQLite's write lock on the ledger for `seconds`, returning once it is held.
    private func holdWriteLock(for seconds: Int) throws -> Process {
        try SQLite3.requireInstalled()
        let held = sandbox.path("lock-held")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "(echo 'BEGIN IMMEDIATE;'; echo 'SELECT 1;'; sleep \(seconds); echo 'COMMIT;') | \(SQLite3.path) -batch \"$0\" > \"$1\"",
                             db, held]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? String(contentsOfFile: held, encoding: .utf8))?.hasPrefix("1") != true {
            guard Date() < deadline else { process.terminate(); throw XCTSkip("sqlite3 did not take the lock") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return process
    }

    func testReportsDoNotWaitForAWriterAndAWriteThatTimesOutSaysBusy() throws {
        try standardLedger()
        let holder = try holdWriteLock(for: 12)
        defer { holder.waitUntilExit() }
        for report in [["balance"], ["account", "list"], ["register", "assets:checking"], ["verify"]] {
            let started = Date()
            let result = try sandbox.run(report)
            XCTAssertEqual(result.exitCode, 0, "\(result)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "\(report) waited for the writer")
        }
        assertFailure(try kakeibo("expense", "1", "--from", "assets:checking", "--category", "groceries"),
                      mentioning: ["is busy: another process is writing to it; try again"])
    }

    /// An auditor's copy: a read-only file in a folder the reader cannot write either.
    func testAReadOnlyLedgerCanBeVerifiedAndReadButNotWritten() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else {
            throw XCTSkip("needs root and runuser to read as another user")
        }
        try standardLedger()
        let folder = sandbox.path("audit")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let copy = folder + "/ledger.sqlite"
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: copy)
        let binary = sandbox.path("kakeibo")
        try FileManager.default.copyItem(atPath: sandbox.binary.path, toPath: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)

        func asNobody(_ arguments: String...) throws -> CommandResult {
            let output = try ChildProcess.run(URL(fileURLWithPath: "/usr/sbin/runuser"),
                                              ["-u", "nobody", "--", binary, "--db", copy] + arguments,
                                              environment: sandbox.environment, in: URL(fileURLWithPath: folder), timeout: 20)
            return CommandResult(arguments: arguments, exitCode: output.status, crashed: output.crashed,
                                 stdout: output.stdout, stderr: output.stderr)
        }
        let verify = try asNobody("verify")
        XCTAssertEqual(verify.exitCode, 0, "\(verify)")
        XCTAssertTrue(verify.out.hasPrefix("ok: 9 events"), "\(verify)")
        XCTAssertEqual(try asNobody("balance", "--format", "csv").out, try balanceCSV())
        assertFailure(try asNobody("expense", "1", "--from", "assets:checking", "--category", "groceries"),
                      mentioning: ["is read-only"])
    }
}
