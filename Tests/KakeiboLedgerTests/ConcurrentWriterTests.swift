import Foundation
import KakeiboDomain
import KakeiboLedger
import Synchronization
import XCTest

/// Two connections writing the same ledger file at once, as two `kakeibo` processes would:
/// SQLite serializes them (immediate transactions, busy timeout), nothing is lost or doubled,
/// and a reader in between always sees books that balance.
final class ConcurrentWriterTests: LedgerTestCase {
    func testTwoWritersAppendEverythingExactlyOnce() throws {
        let perWriter = 150
        let before = try ledger.head().position
        let writers = try (0..<2).map { _ in try Ledger.open(at: path) }
        let reader = try Ledger.open(at: path)
        let failures = Mutex<[String]>([])
        let done = Mutex(0)

        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            do {
                if worker < 2 {
                    for index in 0..<perWriter {
                        try writers[worker].record(.captureExpense(.init(
                            amount: "\(worker + 1).\(String(format: "%02d", index % 100))", date: try LocalDate(iso: "2026-11-02"),
                            from: "assets:checking", to: "groceries", payee: "writer \(worker) #\(index)")))
                    }
                    done.withLock { $0 += 1 }
                } else {
                    while done.withLock({ $0 }) < 2 {
                        let totals = try reader.balances().totals
                        if totals.contains(where: { !$0.isZero }) {
                            failures.withLock { $0.append("reader saw unbalanced totals \(totals)") }
                        }
                    }
                }
            } catch {
                failures.withLock { $0.append("worker \(worker): \(error)") }
            }
        }

        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(try ledger.head().position, before + Int64(2 * perWriter))
        let payees = try ledger.register(account: "expenses:groceries").entries.compactMap(\.posted.payee)
        XCTAssertEqual(payees.count, 2 * perWriter)
        XCTAssertEqual(Set(payees).count, 2 * perWriter, "every expense exactly once")
        let report = try ledger.verify()
        XCTAssertTrue(report.isValid, "\(report.problems)")
    }

    func testStaleEditLosesWithAConflictNotALostWrite() throws {
        let id = try expense("10")
        let other = try Ledger.open(at: path)
        try other.record(.editTransaction(.init(id: id, amount: "11", reason: "first")))
        // This ledger decides against the projection inside its own transaction, so it sees the
        // first edit and records its own on top instead of overwriting it.
        try ledger.record(.editTransaction(.init(id: id, payee: .some("Corner Store"), reason: "second")))
        let history = try ledger.history(of: id)
        XCTAssertEqual(history.entries.map(\.reason), [nil, "first", "second"])
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-11.00", "expenses:groceries,USD,11.00"])
    }
}
