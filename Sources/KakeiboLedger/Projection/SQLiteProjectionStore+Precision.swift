import GRDB
import KakeiboDomain

// A commodity's stored precision growing (`CommodityPrecisionGrown`, issue 36): every table that
// holds minor units of it is multiplied by 10^(to − from) in one statement each, so balances,
// reports, exports and a replay (which folds the same events in the same order) all agree.

extension SQLiteProjectionStore {
    /// The amount columns per commodity column, by table. Lots and disposals carry two
    /// commodities (the units' and the cost's), so they are listed once per commodity column.
    private static let amountColumns: [(table: String, commodity: String, amounts: [String])] = [
        ("postings", "currency", ["amount"]),
        ("balances", "currency", ["amount"]),
        ("budget_definitions", "currency", ["amount"]),
        ("income_goals", "currency", ["amount"]),
        ("balance_assertions", "currency", ["amount"]),
    ]

    func growPrecision(_ growth: LedgerEvent.CommodityPrecisionGrown) throws {
        let current = try commodity(symbol: growth.code)?.minorDigits ?? growth.from
        // Grown already (another device grew it while apart, or further): nothing to do.
        guard growth.to > current else { return }
        let factor = Int64(pow10: growth.to - current)
        // Balances waiting in the cache are minor units at the old precision: written first.
        try flushBalances()
        let bound = Int64.max / factor
        var statements: [(sql: String, arguments: StatementArguments)] = []
        for entry in Self.amountColumns where try db.tableExists(entry.table) {
            let sets = entry.amounts.map { "\($0) = \($0) * ?" }.joined(separator: ", ")
            let tooLarge = entry.amounts.map { "\($0) > ? OR \($0) < -?" }.joined(separator: " OR ")
            try refuseOverflow("SELECT 1 FROM \(entry.table) WHERE \(entry.commodity) = ? AND (\(tooLarge)) LIMIT 1",
                               [growth.code] + Array(repeating: bound, count: entry.amounts.count * 2), growth)
            statements.append(("UPDATE \(entry.table) SET \(sets) WHERE \(entry.commodity) = ?",
                               StatementArguments(Array(repeating: factor, count: entry.amounts.count) + [growth.code])))
        }
        // Lots store their digits beside their minor units: the units' and the cost's.
        try refuseOverflow("SELECT 1 FROM lots WHERE commodity = ? AND units_acquired > ? LIMIT 1", [growth.code, bound], growth)
        try refuseOverflow("SELECT 1 FROM lots WHERE cost_commodity = ? AND (basis_acquired > ? OR basis_acquired < -?) LIMIT 1",
                           [growth.code, bound, bound], growth)
        try refuseOverflow("""
            SELECT 1 FROM lot_disposals d JOIN lots l USING (lot_id)
            WHERE l.cost_commodity = ? AND (d.basis > ? OR d.basis < -? OR d.gain > ? OR d.gain < -?) LIMIT 1
            """, [growth.code, bound, bound, bound, bound], growth)
        statements += [
            ("UPDATE lot_disposals SET units = units * ? WHERE lot_id IN (SELECT lot_id FROM lots WHERE commodity = ?)",
             [factor, growth.code]),
            ("UPDATE lot_disposals SET basis = basis * ?, gain = gain * ? WHERE lot_id IN (SELECT lot_id FROM lots WHERE cost_commodity = ?)",
             [factor, factor, growth.code]),
            ("UPDATE lots SET units_acquired = units_acquired * ?, units_open = units_open * ?, digits = ? WHERE commodity = ?",
             [factor, factor, growth.to, growth.code]),
            ("UPDATE lots SET basis_acquired = basis_acquired * ?, basis_open = basis_open * ?, cost_digits = ? WHERE cost_commodity = ?",
             [factor, factor, growth.to, growth.code]),
            ("INSERT INTO commodities (symbol, digits) VALUES (?, ?) ON CONFLICT (symbol) DO UPDATE SET digits = excluded.digits",
             [growth.code, growth.to]),
        ]
        for statement in statements { try db.execute(sql: statement.sql, arguments: statement.arguments) }
        // Everything remembered in this access that named the commodity at its old precision.
        cache.commodities[growth.code] = growth.commodity
        cache.accounts = [:]
        cache.accountIDsByName = [:]
        cache.settings = nil
        cache.storedBalanceMagnitude = nil
    }

    private func refuseOverflow(_ sql: String, _ arguments: [any DatabaseValueConvertible], _ growth: LedgerEvent.CommodityPrecisionGrown) throws {
        guard try Row.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) == nil else {
            throw LedgerError.invalidCommodity(growth.code, reason: "an amount of it stored at \(growth.to) decimals would not fit in 64 bits")
        }
    }

    /// The grown precision of an ISO code, if it grew (`commodities.digits` above the table's).
    func grownISO(_ iso: Commodity) throws -> Commodity {
        if let known = cache.commodities[iso.code] { return known }
        let grown = try db.grownISO(iso)
        cache.commodities[iso.code] = grown
        return grown
    }
}

extension Database {
    /// `iso` at the precision its `commodities` row gives it when that grew past the table's; the
    /// row of an ISO currency otherwise carries only its display style.
    func grownISO(_ iso: Commodity) throws -> Commodity {
        guard let row = try Row.fetchOne(cachedStatement(sql: "SELECT digits FROM commodities WHERE symbol = ?"),
                                         arguments: [iso.code]) else { return iso }
        let digits: Int = row[0]
        return digits > iso.minorDigits && digits <= Commodity.maximumDigits ? iso.storedAt(digits) : iso
    }
}

private extension Int64 {
    init(pow10 exponent: Int) {
        var value: Int64 = 1
        for _ in 0..<exponent { value *= 10 }
        self = value
    }
}
