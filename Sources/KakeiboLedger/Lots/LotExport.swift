import GRDB
import KakeiboDomain

/// What an export needs to write lots back (issue 36): which postings opened a lot, and for each
/// sale the lots it took, so hledger and beancount read the same lots, balances and gains.
public struct LotExport: Sendable {
    public struct Take: Sendable {
        public var lot: Lot
        public var units: Money
        public var basis: Money
    }

    /// By lot id (`<transaction id>/<posting index>`).
    public var acquisitions: [String: Lot] = [:]
    /// By transaction id, in the order taken (the fold numbers them in posting order).
    public var takes: [String: [Take]] = [:]
    /// By account name.
    public var bookings: [AccountName: BookingMethod] = [:]
    /// Accounts that ever held a lot.
    public var lotAccounts: Set<AccountName> = []
    /// The content digest (32 hex digits) a journal import recorded each lot transaction under,
    /// by transaction id. An export writes a sale one line per lot at its basis beside the gains
    /// posting, not as it was written, so it carries this digest for `import journal` to know it
    /// again: re-importing the export appends nothing.
    public var importDigests: [String: String] = [:]

    /// The lots each sale line of `transaction` took, by line index. Lines and takes are both in
    /// posting order, so each disposal line takes the next takes of its account and commodity
    /// until they add up to its units: a sale written one line per lot gets one take a line.
    public func saleTakes(of transaction: ListedTransaction, names: [String: AccountName]) -> [Int: [Take]] {
        guard var left = takes[transaction.id] else { return [:] }
        var result: [Int: [Take]] = [:]
        for (index, line) in transaction.lines.enumerated() where line.amount.minorUnits < 0 && !line.isGeneratedConversion {
            var units = -line.amount.minorUnits
            var taken: [Take] = []
            while units > 0, let next = left.firstIndex(where: {
                names[$0.lot.accountID] == line.account && $0.lot.commodity == line.amount.currency }) {
                units -= left[next].units.minorUnits
                taken.append(left.remove(at: next))
            }
            if !taken.isEmpty { result[index] = taken }
        }
        return result
    }
}

extension Ledger {
    public func lotExport() throws -> LotExport {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            var export = LotExport()
            var lots: [String: Lot] = [:]
            var transactions: Set<String> = []
            for row in try Row.fetchAll(db, sql: "SELECT \(Lot.columns) FROM lots") {
                let lot = try Lot(row: row)
                lots[lot.id] = lot
                export.acquisitions[lot.id] = lot
                if let slash = lot.id.lastIndex(of: "/") { transactions.insert(String(lot.id[..<slash])) }
                if let account = try store.account(id: lot.accountID) { export.lotAccounts.insert(account.name) }
            }
            for row in try Row.fetchAll(db, sql: "SELECT transaction_id, lot_id, units, basis FROM lot_disposals ORDER BY position, sequence") {
                guard let lot = lots[row[1]] else { continue }
                transactions.insert(row[0])
                export.takes[row[0], default: []].append(LotExport.Take(lot: lot, units: Money(minorUnits: row[2], currency: lot.commodity),
                                                                         basis: Money(minorUnits: row[3], currency: lot.costCommodity)))
            }
            for row in try Row.fetchAll(db, sql: "SELECT account_id, method FROM account_bookings") {
                if let account = try store.account(id: row[0]), let method = BookingMethod(rawValue: row[1]) {
                    export.bookings[account.name] = method
                }
            }
            // The key sits on the first event of the import's command, which may be the gains or
            // conversion accounts' opening just before the transaction (a command's events are
            // contiguous): looked for by position, since command_id has no index.
            for id in transactions {
                guard let key = try String.fetchOne(db, sql: """
                    SELECT k.idempotency_key FROM events t JOIN events k
                      ON k.position BETWEEN t.position - 32 AND t.position AND k.command_id = t.command_id
                    WHERE t.stream = ? AND t.stream_version = 1 AND k.idempotency_key IS NOT NULL
                    """, arguments: ["txn-" + id]), key.hasPrefix("journal:") else { continue }
                let digest = key.dropFirst("journal:".count).prefix { $0 != ":" }
                if digest.count == 32 { export.importDigests[id] = String(digest) }
            }
            return export
        }
    }

    /// Account names by id, for matching a sale's takes to its lines.
    public func accountNamesByID() throws -> [String: AccountName] {
        Dictionary(try accounts().map { ($0.account.id, $0.account.name) }, uniquingKeysWith: { a, _ in a })
    }
}
