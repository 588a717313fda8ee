import KakeiboDomain
import KakeiboLedger
import XCTest

/// `record(entries:)`: per-command options in one transaction, and a refusal that says which command.
final class LedgerEntriesTests: LedgerTestCase {
    func testEachEntryKeepsItsOwnKeyAndProvenance() throws {
        let coffee = LedgerCommand.captureExpense(.init(amount: "4.50", date: try LocalDate(iso: "2026-11-02"), from: "assets:cash",
                                                        to: "dining"))
        let results = try ledger.record(entries: [
            (coffee, CommandOptions(source: .journalImport, provenance: "a.journal:1", idempotencyKey: "k1")),
            (coffee, CommandOptions(source: .journalImport, provenance: "a.journal:5", idempotencyKey: "k2")),
        ])
        XCTAssertEqual(results.map(\.alreadyRecorded), [false, false])
        let events = try ledger.events().suffix(2)
        XCTAssertEqual(events.map(\.idempotencyKey), ["k1", "k2"])
        XCTAssertEqual(events.map(\.provenance), ["a.journal:1", "a.journal:5"])
        XCTAssertEqual(try ledger.recordedIdempotencyKeys(["k1", "k2", "k3"]), ["k1", "k2"])

        let again = try ledger.record(entries: [(coffee, CommandOptions(idempotencyKey: "k2"))])
        XCTAssertEqual(again.map(\.alreadyRecorded), [true])
    }

    func testARefusedEntryNamesItsIndexAndRecordsNothing() throws {
        let head = try ledger.head()
        let good = LedgerCommand.captureExpense(.init(amount: "4.50", from: "assets:cash", to: "dining"))
        let bad = LedgerCommand.captureExpense(.init(amount: "4.50", from: "assets:nowhere", to: "dining"))
        XCTAssertThrowsError(try ledger.record(entries: [(good, CommandOptions()), (bad, CommandOptions())])) { error in
            let failure = error as? BatchEntryError
            XCTAssertEqual(failure?.index, 1)
            XCTAssertEqual(failure?.underlying as? LedgerError, .unknownAccount("assets:nowhere"))
        }
        XCTAssertEqual(try ledger.head(), head)
    }
}
