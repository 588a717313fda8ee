import GRDB
import KakeiboDomain
import KakeiboProjections

extension Ledger {
    /// Suggests an expense category for a payee (and optionally an amount) from what the ledger
    /// has learned; abstains below `threshold` basis points of confidence.
    public func suggestCategory(payee: String, amount: String? = nil, threshold: Int64 = 6_000) throws -> (CategorySuggestion, [String: String]) {
        let settings = try settings()
        var money: Money?
        if let amount {
            do { money = try Money.parse(amount, currency: settings.baseCurrency) } catch { throw LedgerError.money(error) }
        }
        return try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            let suggestion = try store.categorySuggester(payee: payee, amount: money, threshold: threshold).suggest(payee: payee, amount: money)
            var names: [String: String] = [:]
            for id in [suggestion.accountID].compactMap({ $0 }) + suggestion.alternatives.map(\.accountID) {
                names[id] = try store.account(id: id)?.name.rawValue ?? id
            }
            return (suggestion, names)
        }
    }
}

extension Ledger {
    /// Replays the live expenses in recording order through the suggester (see `SuggestionEvaluation`).
    public func suggestionStats(threshold: Int64 = 6_000) throws -> SuggestionEvaluation {
        try writer.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT p.account_id, t.payee, p.amount, p.currency
                FROM transactions t JOIN postings p ON p.txn_id = t.txn_id AND p.line = 0 JOIN accounts a ON a.account_id = p.account_id
                WHERE t.kind = 'expense' AND a.name <> ? ORDER BY t.first_position
                """, arguments: [AppliedSuggestion.uncategorisedExpenses]) // uncategorised is no answer to learn from
            return SuggestionEvaluation(examples: try rows.map { row in
                .init(accountID: row[0], payee: row[1], amount: Money(minorUnits: try row.minorUnits(atIndex: 2, table: "postings"), currency: try db.commodityForCode(row[3])))
            }, threshold: threshold)
        }
    }
}

extension Ledger {
    /// Measured figures for the suggestions applied at capture and import, as of the ledger's clock.
    public func appliedSuggestionStats() throws -> SuggestionOutcomeStats {
        let now = environment.now()
        return try writer.read { db in SuggestionOutcomeStats(outcomes: try SQLiteProjectionStore(db: db).suggestionOutcomes(), now: now) }
    }
}

extension Ledger {
    /// A ledger upgraded to suggestions learns its existing expenses once, on open; the check is
    /// one read, and the write happens only that once.
    func backfillSuggestionsIfNeeded() throws {
        if try writer.read({ db in try SQLiteProjectionStore(db: db).needsItemWordsBackfill() }) {
            try writeTransaction { db in
                let store = SQLiteProjectionStore(db: db)
                if try store.needsItemWordsBackfill() { try store.backfillItemWords() }
            }
        }
        guard try writer.read({ db in try SQLiteProjectionStore(db: db).needsSuggestionBackfill() }) else { return }
        try writeTransaction { db in
            let store = SQLiteProjectionStore(db: db)
            if try store.needsSuggestionBackfill() { try store.backfillSuggestions() }
        }
    }
}
