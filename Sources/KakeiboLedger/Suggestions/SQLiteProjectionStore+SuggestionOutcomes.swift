import GRDB
import KakeiboDomain
import KakeiboProjections

// Suggestions applied at capture and import (Migrations/0005), and the category the suggester
// offers inside a write: from the counts as of the log head, so the decision is the event's.

extension SQLiteProjectionStore {
    func insertSuggestionOutcome(_ outcome: SuggestionOutcome) throws {
        try db.cachedStatement(sql: """
            INSERT INTO suggestion_outcomes (txn_id, account_id, confidence, recorded_at, position, rejected_at, corrected_to, is_voided)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [outcome.transactionID, outcome.accountID, outcome.confidenceBasisPoints, outcome.recordedAt,
                                     outcome.position, outcome.rejectedAt, outcome.correctedTo, outcome.isVoided])
    }

    func suggestionOutcome(transactionID: String) throws -> SuggestionOutcome? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.outcomeColumns) FROM suggestion_outcomes WHERE txn_id = ?"),
                         arguments: [transactionID]).map(Self.outcome)
    }

    func updateSuggestionOutcome(_ outcome: SuggestionOutcome) throws {
        try db.cachedStatement(sql: "UPDATE suggestion_outcomes SET rejected_at = ?, corrected_to = ?, is_voided = ? WHERE txn_id = ?")
            .execute(arguments: [outcome.rejectedAt, outcome.correctedTo, outcome.isVoided, outcome.transactionID])
    }

    /// Every outcome in recording order.
    func suggestionOutcomes() throws -> [SuggestionOutcome] {
        try Row.fetchAll(db, sql: "SELECT \(Self.outcomeColumns) FROM suggestion_outcomes ORDER BY position").map(Self.outcome)
    }

    private static let outcomeColumns = "txn_id, account_id, confidence, recorded_at, position, rejected_at, corrected_to, is_voided"

    private static func outcome(_ row: Row) -> SuggestionOutcome {
        SuggestionOutcome(transactionID: row[0], accountID: row[1], confidenceBasisPoints: row[2], recordedAt: row[3], position: row[4],
                          rejectedAt: row[5], correctedTo: row[6], isVoided: row[7])
    }

    // MARK: - Suggesting inside a write

    /// A read: it never writes. The write path flushes the counts before a decision that reads
    /// them (`LedgerCommand.readsSuggestions`), so earlier entries of the same batch teach it too.

    func categorySuggestion(payee: String?, amount: Money, itemWords: [String]) throws -> AppliedSuggestion? {
        let suggestion = try categorySuggester(payee: payee, amount: amount, itemWords: itemWords, threshold: AppliedSuggestion.defaultThreshold)
            .suggest(payee: payee, amount: amount, itemWords: itemWords)
        return AppliedSuggestion(accountID: suggestion.accountID, confidenceBasisPoints: suggestion.confidenceBasisPoints)
    }

    /// A suggester limited to categories an expense may be filed under now: open expense accounts
    /// (in `amount`'s currency, when given) that are not archived and not the uncategorised fallback.
    func categorySuggester(payee: String?, amount: Money?, itemWords: [String] = [], threshold: Int64) throws -> CategorySuggester {
        let allowed = try suggestableCategories(currency: amount?.currency)
        var counts = try suggestionCounts(features: SuggestionFeatures.of(payee: payee, amount: amount) + itemWords)
        let ids = Set(allowed.map(\.accountID))
        counts.documents = counts.documents.filter { ids.contains($0.key) }
        return CategorySuggester(counts: counts, threshold: threshold, lexicon: allowed)
    }

    private func suggestableCategories(currency: Currency?) throws -> [CategoryLexicon.Category] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT a.account_id, a.name, c.display_name FROM accounts a LEFT JOIN categories c ON c.account_id = a.account_id
            WHERE a.type = 'expense' AND a.is_closed = 0 AND COALESCE(c.is_archived, 0) = 0 AND a.name <> ?
              AND (? IS NULL OR a.currency = ?)
            ORDER BY a.account_id
            """), arguments: [AppliedSuggestion.uncategorisedExpenses, currency?.code, currency?.code])
        return rows.map { CategoryLexicon.Category(accountID: $0[0], accountName: $0[1], displayName: $0[2]) }
    }
}
