import Foundation
import XCTest

/// `kakeibo batch FILE`: one recording command per line, each in its own transaction.
final class BatchCommandTests: KakeiboCLITestCase {
    private func write(_ name: String, _ lines: [String]) throws -> String {
        let path = sandbox.path(name)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testEveryLineIsRecordedAsIfTypedAlone() throws {
        try initialisedLedger()
        let batch = try write("script.batch", [
            "# November",
            "",
            "expense 12.50 --from assets:checking --category groceries --payee 'Corner \"Shop\"' --date 2026-11-02",
            "  income 2500 --to assets:checking --from income:salary --date 2026-11-01",
            #"txn --payee "Market \"East\"" --posting expenses:groceries=30 --posting assets:checking --date 2026-11-03"#,
            #"transfer 100 --from assets:checking --to liabilities:visa --payee Card\ payment"#,
        ])
        let result = try ok("batch", batch)
        XCTAssertEqual(result.stdoutLines.count, 4)
        XCTAssertTrue(result.stdoutLines.allSatisfy(\.isUUIDShaped), "\(result)")
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2357.50
            expenses:groceries,USD,42.50
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)
        let payees = try ok("register", "--format", "json").jsonArray().compactMap { $0["payee"] as? String }
        XCTAssertTrue(payees.contains("Corner \"Shop\"") && payees.contains("Market \"East\"") && payees.contains("Card payment"), "\(payees)")
        let streams = try ok("log", "--format", "json").jsonArray().suffix(4).compactMap { $0["stream"] as? String }
        XCTAssertEqual(Set(streams), Set(result.stdoutLines.map { "txn-" + $0 }), "one event per line, under the id it printed")
    }

    func testABadLineAnywhereRecordsNothing() throws {
        try initialisedLedger()
        let good = "expense 1 --from assets:checking --category groceries"
        for (lines, mention) in [
            ([good, good, "expense 1 --category groceries"], "script.batch:3: "),
            ([good, "expense 'unclosed --from assets:checking --category groceries"], "script.batch:2: a ' quote is not closed"),
            ([good, "balance"], "script.batch:2: only expense, income, transfer, txn, edit and void belong in a batch"),
            ([good, "expense 1 --from assets:checking --category groceries --db other.sqlite"], "script.batch:2: --db belongs on the batch command"),
            ([good, "expense 1 --from assets:checking --category groceries \\"], "script.batch:2: the line ends with a backslash"),
        ] {
            let batch = try write("script.batch", lines)
            try assertRefused(["batch", batch], mentioning: [mention])
        }
        try assertRefused(["batch", sandbox.path("missing.batch")], mentioning: ["missing.batch: no such file"])
        try assertRefused(["batch", "/dev/zero"], mentioning: ["/dev/zero: not a regular file"])
        try assertRefused(["batch", sandbox.directory.path], mentioning: ["not a regular file"])
    }

    func testALedgerRefusalStopsTheBatchAndKeepsTheLinesBefore() throws {
        try initialisedLedger()
        let before = try eventCount()
        let batch = try write("script.batch", [
            "expense 1 --from assets:checking --category groceries --idempotency-key a",
            "expense 2 --from assets:checking --category groceries --idempotency-key b",
            "expense 3 --from assets:nowhere --category groceries --idempotency-key c",
            "expense 4 --from assets:checking --category groceries --idempotency-key d",
        ])
        let refused = try kakeibo("batch", batch)
        XCTAssertEqual(refused.stdoutLines.count, 2, "the two lines before the refusal printed their ids:\n\(refused)")
        XCTAssertEqual(refused.stderrLines.count, 1, "\(refused)")
        XCTAssertTrue(refused.stderr.hasPrefix("kakeibo: error: \(batch):3: "), "\(refused)")
        XCTAssertTrue(refused.stderr.contains("assets:nowhere"), "\(refused)")
        XCTAssertNotEqual(refused.exitCode, 0)
        XCTAssertEqual(try eventCount(), before + 2, "each line is its own transaction")

        // Fixed and run again: the keyed lines already recorded append nothing.
        let fixed = try write("script.batch", [
            "expense 1 --from assets:checking --category groceries --idempotency-key a",
            "expense 2 --from assets:checking --category groceries --idempotency-key b",
            "expense 3 --from assets:checking --category groceries --idempotency-key c",
            "expense 4 --from assets:checking --category groceries --idempotency-key d",
        ])
        let rerun = try kakeibo("batch", fixed)
        XCTAssertEqual(rerun.exitCode, 0, "\(rerun)")
        XCTAssertEqual(try eventCount(), before + 4)
        XCTAssertEqual(try balanceCSV().split(separator: "\n").first { $0.hasPrefix("expenses:groceries,") }, "expenses:groceries,USD,10.00")
    }
}
