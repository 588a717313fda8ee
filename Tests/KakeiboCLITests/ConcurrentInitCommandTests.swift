import Foundation
import KakeiboTestSupport
import XCTest

/// Issue 29, B20: of two `init`s at once, the loser was told the file "is not a Kakeibo ledger (an empty SQLite file)",
/// which the winner made it a moment later.
final class ConcurrentInitCommandTests: KakeiboCLITestCase {
    func testTheLoserOfTwoInitsIsToldTheLedgerExists() throws {
        let binary = sandbox.binary, environment = sandbox.environment, directory = sandbox.directory
        for trial in 0..<6 {
            let path = sandbox.path("race-\(trial).sqlite")
            let results = ResultBox()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let output = try? ChildProcess.run(binary, ["--db", path, "init", "--currency", "USD"],
                                                   environment: environment, in: directory, timeout: 30)
                results.append(output)
            }
            let outputs = results.all.compactMap { $0 }
            XCTAssertEqual(outputs.count, 2)
            XCTAssertEqual(outputs.filter { $0.status == 0 }.count, 1, "one init wins: \(outputs.map(\.stderr))")
            for loser in outputs where loser.status != 0 {
                XCTAssertFalse(loser.stderr.contains("not a Kakeibo ledger"), loser.stderr)
                // Either it saw the winner's ledger, or it met the winner still writing it (SQLite's lock while the
                // schema is created): both are true, one line, and "try again" then says the ledger exists.
                XCTAssertTrue(loser.stderr.contains("already") || loser.stderr.contains("is busy: another process is writing to it"),
                              loser.stderr)
                XCTAssertEqual(loser.stderr.split(separator: "\n").count, 1, loser.stderr)
            }
        }
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outputs: [ChildProcess.Output?] = []
    func append(_ output: ChildProcess.Output?) { lock.lock(); outputs.append(output); lock.unlock() }
    var all: [ChildProcess.Output?] { lock.lock(); defer { lock.unlock() }; return outputs }
}
