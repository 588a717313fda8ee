import GRDB
import KakeiboDomain

/// One transaction a forecast rule plans: its date and postings, the balancing line filled in.
public struct PlannedTransaction: Hashable, Sendable {
    public struct Posting: Hashable, Sendable {
        public var account: AccountName
        public var amount: Money
    }

    public var date: LocalDate
    public var description: String?
    /// The rule's period as written (`every Dec 20th from 2014`).
    public var rule: String
    public var postings: [Posting]
}

extension Ledger {
    /// Every `ForecastRuleSet` in the log, in order. Read from the log itself: rules are few and
    /// only `forecast` asks, so no projection keeps them; the partial index of
    /// `Migrations/0012_forecast_rules_index.sql` holds just their rows (the literal type below is
    /// the index's `WHERE`, which SQLite matches only against a literal).
    static let forecastRulesSQL = "SELECT schema_version, payload FROM events WHERE type = 'ForecastRuleSet' ORDER BY position"

    public func forecastRules() throws -> [LedgerEvent.ForecastRuleSet] {
        try writer.read { db in
            try Row.fetchAll(db, sql: Self.forecastRulesSQL).map { row in
                let payload: String = row[1]
                guard case .forecastRuleSet(let rule) = try LedgerEvent(type: LedgerEvent.Kind.forecastRuleSet.rawValue, schemaVersion: row[0],
                                                                        payload: try JSONValue.parse(payload)) else {
                    preconditionFailure("a ForecastRuleSet payload decodes to one")
                }
                return rule
            }
        }
    }

    /// What the forecast rules plan from `from` through `through`, by date then rule order. The
    /// line without an amount gets what balances the others, one posting per commodity.
    public func plannedTransactions(from: LocalDate, through: LocalDate) throws -> [PlannedTransaction] {
        var planned: [(LocalDate, Int, PlannedTransaction)] = []
        for (index, rule) in try forecastRules().enumerated() {
            var postings: [PlannedTransaction.Posting] = []
            var totals: [Commodity: Int64] = [:]
            var balancing: AccountName?
            for line in rule.lines {
                guard let account = try account(id: line.accountID) else { continue }
                guard let amount = line.amount else { balancing = account.name; continue }
                postings.append(.init(account: account.name, amount: amount))
                totals[amount.currency, default: 0] &+= amount.minorUnits
            }
            if let balancing {
                for (commodity, total) in totals.sorted(by: { $0.key < $1.key }) where total != 0 {
                    postings.append(.init(account: balancing, amount: Money(minorUnits: 0 &- total, currency: commodity)))
                }
            }
            for date in rule.recurrence.occurrences(from: from, through: through) {
                planned.append((date, index, PlannedTransaction(date: date, description: rule.description, rule: rule.recurrence.text,
                                                                postings: postings)))
            }
        }
        return planned.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }
}
