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
    /// By transaction id, in the order taken.
    public var takes: [String: [Take]] = [:]
    /// By account name.
    public var bookings: [AccountName: BookingMethod] = [:]
    /// Accounts that ever held a lot.
    public var lotAccounts: Set<AccountName> = []

    public func takes(of transactionID: String, account: AccountName, commodity: Commodity, names: [String: AccountName]) -> [Take] {
        (takes[transactionID] ?? []).filter { names[$0.lot.accountID] == account && $0.lot.commodity == commodity }
    }
}

extension Ledger {
    public func lotExport() throws -> LotExport {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            var export = LotExport()
            var lots: [String: Lot] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT \(Lot.columns) FROM lots") {
                let lot = try Lot(row: row)
                lots[lot.id] = lot
                export.acquisitions[lot.id] = lot
                if let account = try store.account(id: lot.accountID) { export.lotAccounts.insert(account.name) }
            }
            for row in try Row.fetchAll(db, sql: "SELECT transaction_id, lot_id, units, basis FROM lot_disposals ORDER BY position, sequence") {
                guard let lot = lots[row[1]] else { continue }
                export.takes[row[0], default: []].append(LotExport.Take(lot: lot, units: Money(minorUnits: row[2], currency: lot.commodity),
                                                                         basis: Money(minorUnits: row[3], currency: lot.costCommodity)))
            }
            for row in try Row.fetchAll(db, sql: "SELECT account_id, method FROM account_bookings") {
                if let account = try store.account(id: row[0]), let method = BookingMethod(rawValue: row[1]) {
                    export.bookings[account.name] = method
                }
            }
            return export
        }
    }

    /// Account names by id, for matching a sale's takes to its lines.
    public func accountNamesByID() throws -> [String: AccountName] {
        Dictionary(try accounts().map { ($0.account.id, $0.account.name) }, uniquingKeysWith: { a, _ in a })
    }
}
