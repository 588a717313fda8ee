import GRDB
import KakeiboDomain

extension Ledger {
    /// The trial balance of the projections: per commodity, what the balances of the ledger's
    /// accounts sum to, less the unbalanced virtual postings `(account)` (which balance with
    /// nothing, as in hledger). Every transaction balances, so every sum is zero; the ones that are not are
    /// returned, smallest commodity code first, as "10.00 USD".
    ///
    /// Only balances of accounts that exist count, as `balance` shows them: a posting an older
    /// fold took on an account never opened left its other half on the books, and the sum shows it
    /// (issue 30: `balance` totalled 10.00 and verify said ok). Sums are wide, so an overflowing
    /// ledger is reported, not trapped on; a REAL left by a pre-check overflow is skipped, since
    /// the replay names that event's position already.
    static func trialBalance(in db: Database) throws -> [String] {
        var sums: [String: WideSum] = [:]
        do {
            let balances = try Row.fetchCursor(db, sql: "SELECT b.currency, b.amount FROM balances b JOIN accounts a USING (account_id)")
            while let row = try balances.next() { sums[row[0], default: WideSum()].add(try row.minorUnits(atIndex: 1, table: "balances")) }
            let virtual = try Row.fetchCursor(db, sql: """
                SELECT p.currency, p.amount FROM postings p JOIN virtual_postings v USING (txn_id, line) WHERE v.kind = ?
                """, arguments: [PostingVirtuality.unbalanced.rawValue])
            while let row = try virtual.next() {
                sums[row[0], default: WideSum()].subtract(try row.minorUnits(atIndex: 1, table: "postings"))
            }
        } catch LedgerError.unreadableProjection {
            return []
        }
        return try sums.filter { $0.value != WideSum() }.sorted { $0.key < $1.key }.map { code, sum in
            guard let minor = sum.value else { return "more than 9223372036854775807 minor units of \(code)" }
            return Money(minorUnits: minor, currency: try db.commodityForCode(code)).description
        }
    }
}
