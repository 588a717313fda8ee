import GRDB
import KakeiboDomain
import KakeiboProjections

extension Ledger {
    /// Every transaction that is not voided, with edits applied, in date then recording order.
    /// Reads the projection in one pass, so its cost is one query however many transactions there are.
    /// A dated note (a transaction with no postings, from a journal) is listed with no lines.
    public func transactions(_ scope: ReportScope = ReportScope()) throws -> [ListedTransaction] {
        try listedTransactions(scope, id: nil)
    }

    /// One transaction as `transactions()` lists it, or nil when there is none or it is voided: one indexed
    /// lookup, so a page showing one transaction costs the same on any size of ledger (the web app's
    /// transaction page scanned the whole list before).
    public func transaction(listedAs id: String) throws -> ListedTransaction? {
        try listedTransactions(ReportScope(), id: id).first
    }

    private func listedTransactions(_ scope: ReportScope, id: String?) throws -> [ListedTransaction] {
        try withProjection(at: scope.atPosition) { db in
            var sql = """
                SELECT t.txn_id, t.date, t.payee, t.memo, a.name, p.currency, p.amount, p.memo,
                       d.cost_per, d.cost_value, d.cost_commodity, coalesce(d.generated, 0), v.kind, m.status, m.code, pm.status
                FROM transactions t LEFT JOIN transaction_marks m USING (txn_id)
                LEFT JOIN postings p USING (txn_id) LEFT JOIN accounts a USING (account_id)
                LEFT JOIN posting_details d ON d.txn_id = p.txn_id AND d.line = p.line
                LEFT JOIN virtual_postings v ON v.txn_id = p.txn_id AND v.line = p.line
                LEFT JOIN posting_marks pm ON pm.txn_id = p.txn_id AND pm.line = p.line
                WHERE t.is_voided = 0
                """
            var arguments: StatementArguments = []
            if let asOf = scope.asOf {
                sql += " AND t.date <= ?"
                arguments += [asOf.description]
            }
            if let id {
                sql += " AND t.txn_id = ?"
                arguments += [id]
            }
            sql += " ORDER BY t.date, t.first_position, p.line"
            var result: [ListedTransaction] = []
            var currencies: [String: Currency] = [:]
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                let id: String = row[0]
                func listed(_ lines: [ListedTransaction.Line]) throws -> ListedTransaction {
                    ListedTransaction(id: id, date: try LocalDate(iso: row[1]), payee: row[2], memo: row[3], lines: lines,
                                      status: (row[13] as String?).flatMap(TransactionStatus.init(rawValue:)), code: row[14])
                }
                guard let code: String = row[5] else {
                    result.append(try listed([]))
                    continue
                }
                let currency = try currencies[code] ?? db.commodityForCode(code)
                currencies[code] = currency
                var line = ListedTransaction.Line(account: try AccountName(row[4]),
                                                  amount: Money(minorUnits: try row.minorUnits(atIndex: 6, table: "postings"), currency: currency), memo: row[7])
                line.cost = try PostingCost(row: row, startingAt: 8, commodity: db.commodityForCode)
                line.isGeneratedConversion = row[11]
                line.virtual = (row[12] as String?).flatMap(PostingVirtuality.init(rawValue:))
                line.status = (row[15] as String?).flatMap(TransactionStatus.init(rawValue:))
                if result.last?.id == id {
                    result[result.count - 1].lines.append(line)
                } else {
                    result.append(try listed([line]))
                }
            }
            return result
        }
    }
}
