import GRDB
import KakeiboDomain

// Lots, their disposals and account bookings in the tables of Migrations/0018_lots.sql (issue 36).

extension SQLiteProjectionStore {
    func openLots(accountID: String, commodity: Commodity) throws -> [Lot] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT \(Lot.columns) FROM lots WHERE account_id = ? AND commodity = ? AND units_open > 0
            ORDER BY acquired_on, position, lot_id
            """), arguments: [accountID, commodity.code]).map(Lot.init(row:))
    }

    func openLotCount(accountID: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM lots WHERE account_id = ? AND units_open > 0"),
                         arguments: [accountID]) ?? 0
    }

    func booking(accountID: String) throws -> LotBooking? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT method, gains_account FROM account_bookings WHERE account_id = ?"),
                                         arguments: [accountID]) else { return nil }
        guard let method = BookingMethod(rawValue: row[0]) else {
            throw LedgerError.unreadableProjection(table: "account_bookings", column: "method")
        }
        return LotBooking(method: method, gainsAccount: row[1])
    }

    func hasLots(transactionID: String) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM lots WHERE lot_id >= ? AND lot_id < ?)
                OR EXISTS (SELECT 1 FROM lot_disposals WHERE transaction_id = ?)
            """), arguments: [transactionID + "/", transactionID + "0", transactionID]) ?? false
    }

    func lot(id: String) throws -> Lot? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Lot.columns) FROM lots WHERE lot_id = ?"), arguments: [id]).map(Lot.init(row:))
    }

    func insertLot(_ lot: Lot, at position: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO lots (lot_id, account_id, commodity, digits, acquired_on, label, unit_cost, cost_commodity, cost_digits,
                              units_acquired, basis_acquired, units_open, basis_open, position)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [lot.id, lot.accountID, lot.commodity.code, lot.commodity.minorDigits, lot.acquiredOn.description,
                                     lot.label, lot.unitCost.description, lot.costCommodity.code, lot.costCommodity.minorDigits,
                                     lot.openUnits, lot.openBasis, lot.openUnits, lot.openBasis, position])
    }

    func updateLot(_ lot: Lot) throws {
        try db.cachedStatement(sql: "UPDATE lots SET units_open = ?, basis_open = ? WHERE lot_id = ?")
            .execute(arguments: [lot.openUnits, lot.openBasis, lot.id])
    }

    func insertLotDisposal(_ disposal: LotDisposal) throws {
        try db.cachedStatement(sql: """
            INSERT INTO lot_disposals (transaction_id, sequence, lot_id, disposed_on, units, basis, gain, position)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [disposal.transactionID, disposal.sequence, disposal.lotID, disposal.disposedOn.description,
                                     disposal.units, disposal.basis, disposal.gain, disposal.position])
    }

    func saveBooking(_ booking: LotBooking, accountID: String) throws {
        try db.cachedStatement(sql: """
            INSERT INTO account_bookings (account_id, method, gains_account) VALUES (?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET method = excluded.method, gains_account = excluded.gains_account
            """).execute(arguments: [accountID, booking.method.rawValue, booking.gainsAccount])
    }
}

extension Lot {
    static let columns = "lot_id, account_id, commodity, digits, acquired_on, label, unit_cost, cost_commodity, cost_digits, units_open, basis_open"

    /// A row of `columns`.
    init(row: Row) throws {
        do {
            self.init(id: row[0], accountID: row[1], commodity: try Commodity(code: row[2], digits: row[3]),
                      acquiredOn: try LocalDate(iso: row[4]), label: row[5], unitCost: try ExactDecimal(parsing: row[6]),
                      costCommodity: try Commodity(code: row[7], digits: row[8]), openUnits: row[9], openBasis: row[10])
        } catch {
            throw LedgerError.unreadableProjection(table: "lots", column: "lot_id")
        }
    }
}
