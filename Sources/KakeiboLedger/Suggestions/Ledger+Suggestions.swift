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
            let counts = try store.suggestionCounts(features: SuggestionFeatures.of(payee: payee, amount: money))
            let suggestion = CategorySuggester(counts: counts, threshold: threshold).suggest(payee: payee, amount: money)
            var names: [String: String] = [:]
            for id in [suggestion.accountID].compactMap({ $0 }) + suggestion.alternatives.map(\.accountID) {
                names[id] = try store.account(id: id)?.name.rawValue ?? id
            }
            return (suggestion, names)
        }
    }
}
