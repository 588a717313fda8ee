import Foundation
import GRDB
import KakeiboDomain
@testable import KakeiboLedger
import XCTest

/// Principle 6, enforced: every statement the write commands run (`expense` with and without a
/// category, `income`, `transfer`, `edit`, `void`) is traced through GRDB, and `EXPLAIN QUERY
/// PLAN` of each must not scan a table that grows with the log. A scan of a small table (accounts,
/// categories, per-category totals) is allowed; a lookup by key or index is what the log gets.
final class WritePathQueryPlanTests: LedgerTestCase {
    /// Tables whose row count grows with the number of events recorded.
    static let growingTables: Set<String> = [
        "events", "transactions", "postings", "suggestion_features", "suggestion_outcomes",
        "suggestion_item_words", "suggestion_receipt_words", "budget_definitions", "income_goals",
    ]

    func testWriteCommandsScanNoTableThatGrowsWithTheLog() throws {
        let scans = try scansOfGrowingTables()
        XCTAssertEqual(scans, [], "full scans of tables that grow with the log:\n" + scans.joined(separator: "\n"))
    }

    /// The check itself: without Migrations/0007's index, looking up a feature's counts scans.
    func testTheCheckCatchesAMissingIndex() throws {
        let scans = try scansOfGrowingTables(before: { db in try db.execute(sql: "DROP INDEX suggestion_features_by_feature") })
        XCTAssertTrue(scans.contains { $0.hasPrefix("expense: SCAN suggestion_features") }, "\(scans)")
    }

    /// `forecast` reads its rules from the log: through the partial index of
    /// Migrations/0012 (its rows are the rule events only), never a walk of the whole log.
    func testForecastRulesAreReadThroughTheirPartialIndex() throws {
        try expense("12", category: "groceries", payee: "Green Grocer")
        let plan = try ledger.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Ledger.forecastRulesSQL).map { $0["detail"] as String }
        }
        XCTAssertEqual(plan, ["SCAN events USING INDEX events_forecast_rules"])
        XCTAssertEqual(try ledger.forecastRules(), [])
    }

    /// Records each write command on a traced connection; lists the statements whose plan scans a
    /// growing table without a bound.
    private func scansOfGrowingTables(before: (Database) throws -> Void = { _ in }) throws -> [String] {
        // Some history, so every table holds rows and the planner sees a ledger in use.
        for (index, payee) in ["Green Grocer", "Corner Shop", "Noodle House", "Green Grocer #7", "Shell 0423"].enumerated() {
            try expense("\(12 + index)", category: index % 2 == 0 ? "groceries" : "dining", payee: payee)
        }
        let kept = try expense("9.50", payee: "Bakery")
        let voided = try expense("4", payee: "Kiosk")
        ledger = nil

        let statements = TracedStatements()
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event { statements.withLock { $0.append(statement.sql) } }
            }
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction(before)
        let traced = Ledger(path: path, writer: queue, environment: .deterministic(startingAt: 1_795_262_500_000, seed: 11))

        func money(_ amount: String, from: String, to: String, payee: String? = nil, suggest: Bool = false) -> LedgerCommand.MoneyInput {
            var input = LedgerCommand.MoneyInput(amount: amount, date: try? LocalDate(iso: "2026-11-20"), from: from, to: to, payee: payee)
            input.suggestCategory = suggest
            return input
        }
        let commands: [(String, LedgerCommand)] = [
            ("expense --category", .captureExpense(money("12.34", from: "assets:checking", to: "groceries", payee: "Green Grocer"))),
            ("expense", .captureExpense(money("12.34", from: "assets:checking", to: AppliedSuggestion.uncategorisedExpenses,
                                              payee: "Green Grocer", suggest: true))),
            ("expense (unknown payee)", .captureExpense(money("3", from: "assets:cash", to: AppliedSuggestion.uncategorisedExpenses,
                                                              payee: "Never Seen", suggest: true))),
            ("income", .recordIncome(money("1000", from: "income:salary", to: "assets:checking", payee: "Employer"))),
            ("transfer", .makeTransfer(money("50", from: "assets:checking", to: "liabilities:visa"))),
            ("edit", .editTransaction(.init(id: kept, amount: "10", payee: .some("Bakery #2"), category: "dining", reason: "typo"))),
            ("void", .voidTransaction(id: voided, reason: nil)),
        ]
        var scans: [String] = []
        for (name, command) in commands {
            statements.withLock { $0 = [] }
            try traced.record(command)
            let ran = statements.withLock { $0 }
            XCTAssertFalse(ran.isEmpty, "\(name): no statement traced")
            try queue.inDatabase { db in
                for sql in Set(ran) where Self.isPlannable(sql) {
                    // Each `?` bound to NULL: the plan does not depend on the values.
                    let nulls = StatementArguments(Array(repeating: DatabaseValue.null, count: sql.filter { $0 == "?" }.count))
                    let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: nulls).map { $0["detail"] as String }
                    let sorts = plan.contains { $0.contains("TEMP B-TREE") }
                    for detail in plan {
                        guard let table = Self.scannedTable(detail), Self.growingTables.contains(table) else { continue }
                        if sorts || !Self.isBounded(sql, table: table) { scans.append("\(name): \(detail) in: \(sql)") }
                    }
                }
            }
        }
        try queue.close()
        return scans
    }

    /// A scan that stops after a fixed number of rows: the last rows in key order (`ORDER BY
    /// position DESC LIMIT 1` walks the rowid tree from its end; a plan that sorts says `USE TEMP
    /// B-TREE`, and the caller then counts the scan), or whether a table has any row at all.
    static func isBounded(_ sql: String, table: String) -> Bool {
        if sql.contains("EXISTS (SELECT 1 FROM \(table))") { return true }
        return sql.range(of: #"FROM \#(table) ORDER BY \w+( DESC| ASC)? LIMIT \d+$"#, options: .regularExpression) != nil
    }

    /// Trigger bodies are traced as `-- TRIGGER name` comments; transaction control has no plan.
    static func isPlannable(_ sql: String) -> Bool {
        let head = sql.drop { $0 == " " || $0 == "\n" }.prefix(9).uppercased()
        return !["--", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA"].contains { head.hasPrefix($0) }
    }

    /// `SCAN events`, `SCAN t USING INDEX i` (a full walk in index order): the table scanned.
    /// `SEARCH …` is a lookup, and `SCAN CONSTANT ROW` or a subquery's scan names no table.
    static func scannedTable(_ detail: String) -> String? {
        guard detail.hasPrefix("SCAN ") else { return nil }
        let name = detail.dropFirst("SCAN ".count).prefix { $0 != " " }
        return String(name)
    }
}

/// The SQL a traced connection ran, collected from GRDB's trace callback.
private final class TracedStatements: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func withLock<T>(_ body: (inout [String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&statements)
    }
}
