import Foundation
import KakeiboDomain
import KakeiboLedger
import XCTest

/// A fixed household log and its expected widget JSON and budget/goal reports, byte for byte
/// (Fixtures/golden/plans/). The clock and ids are deterministic, so any difference is a change
/// in what the documents say. `KAKEIBO_UPDATE_GOLDEN=1 swift test --filter WidgetGolden`
/// rewrites the files; review the diff before committing it.
final class WidgetGoldenTests: LedgerTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/golden/plans")

    func recordHousehold() throws {
        func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }
        try ledger.record(batch: [
            .addCategory(.init(name: "expenses:food:cafe", hue: 30, icon: "cup.and.saucer")),
            .addCategory(.init(name: "rent", hue: 210, icon: "house")),
            .setBudget(.init(category: "groceries", amount: "400", length: .monthly, rollover: .positive, from: try date("2026-09-01"))),
            .setBudget(.init(category: "dining", amount: "120", length: .monthly, rollover: .both, from: try date("2026-09-01"))),
            .setBudget(.init(category: "expenses:food:cafe", amount: "25", length: .weekly, rollover: .none, from: try date("2026-11-01"))),
            .setIncomeGoal(.init(amount: "1200", length: .weekly, from: try date("2026-10-26"))),
        ])
        for (amount, category, day, payee) in [("310.25", "groceries", "2026-09-06", "Green Grocer #101"), ("150", "dining", "2026-09-12", "Sushi Zen"),
                                               ("420", "groceries", "2026-10-04", "WHOLE FOODS 1187"), ("60.40", "dining", "2026-10-19", "Joe's Pizza"),
                                               ("88.10", "groceries", "2026-11-03", "Green Grocer #101"), ("-12", "groceries", "2026-11-05", "refund"),
                                               ("18.75", "expenses:food:cafe", "2026-11-17", "SQ *BLUE BOTTLE"),
                                               ("9.50", "expenses:food:cafe", "2026-11-20", "SQ *BLUE BOTTLE"),
                                               ("1450", "rent", "2026-11-01", "Maple Court"), ("44", "dining", "2026-11-23", "Sushi Zen")] {
            try expense(amount, category: category, date: day, payee: payee)
        }
        let late = try expense("75", category: "dining", date: "2026-10-30", payee: "Sushi Zen")
        try ledger.record(.editTransaction(.init(id: late, amount: "57.50", reason: "split the bill")))
        let duplicate = try expense("420", category: "groceries", date: "2026-10-04", payee: "WHOLE FOODS 1187")
        try ledger.record(.voidTransaction(id: duplicate, reason: "imported twice"))
        for (amount, day) in [("1250", "2026-10-30"), ("1100", "2026-11-06"), ("1300", "2026-11-13"), ("640", "2026-11-18")] {
            try ledger.record(.recordIncome(.init(amount: amount, date: try date(day), from: "income:salary", to: "assets:checking")))
        }
        try ledger.record(.makeTransfer(.init(amount: "500", date: try date("2026-11-10"), from: "assets:checking", to: "liabilities:visa",
                                              memo: "card payment")))
        try ledger.record(.makeTransfer(.init(amount: "200", date: try date("2026-11-19"), from: "assets:checking", to: "assets:cash")))
    }

    func testWidgetsAndReportsMatchTheGoldenFiles() throws {
        try recordHousehold()
        let asOf = try LocalDate(iso: "2026-11-21")
        var files: [(String, String)] = try ledger.widgetSnapshots(asOf: asOf).map { ("widgets/" + $0.fileName, $0.fileContents) }
        for label in ["2026-10", "2026-11", "2026-W47"] {
            files.append(("budget-\(label).json", try ledger.budgetReport(period: try PlanPeriod(label: label)).json.prettyString() + "\n"))
        }
        files.append(("goal.json", try ledger.goalReport(asOf: asOf).json.prettyString() + "\n"))

        let update = ProcessInfo.processInfo.environment["KAKEIBO_UPDATE_GOLDEN"] == "1"
        for (name, contents) in files {
            let url = Self.directory.appendingPathComponent(name)
            if update {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(contents, expected, "\(name) differs from Fixtures/golden/plans/\(name)")
        }
        // The same bytes after every projection is rebuilt from the log.
        try ledger.replay()
        XCTAssertEqual(try ledger.widgetSnapshots(asOf: asOf).map(\.fileContents), files.prefix(8).map(\.1))
    }
}
