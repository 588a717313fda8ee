import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// The latest transfers up to the as-of date, and this month's total.
    func transfers(_ currency: Currency) throws -> TransfersWidget {
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.txn_id, t.date, t.payee, t.memo, a.name, p.amount, p.currency, t.first_position
            FROM transactions t JOIN postings p USING (txn_id) JOIN accounts a USING (account_id)
            WHERE t.kind = 'transfer' AND t.date <= ? AND t.date >= ?
            ORDER BY t.date DESC, t.first_position DESC, p.line
            """, arguments: [asOf.description, min(month.start, asOf.adding(days: -366)).description])
        struct Transfer { var id: String; var date: String; var note: String?; var from = ""; var to = ""; var amount: Int64 = 0; var currency = "" }
        var transfers: [Transfer] = []
        for row in rows {
            let id: String = row[0]
            if transfers.last?.id != id {
                transfers.append(Transfer(id: id, date: row[1], note: (row[2] as String?) ?? (row[3] as String?)))
            }
            let amount = try row.minorUnits(atIndex: 5, table: "postings")
            if amount > 0 {
                transfers[transfers.count - 1].to = row[4]
                transfers[transfers.count - 1].amount = amount
                transfers[transfers.count - 1].currency = row[6]
            } else {
                transfers[transfers.count - 1].from = row[4]
            }
        }
        let inMonth = transfers.filter { $0.date >= month.start.description && $0.currency == currency.code }
        return TransfersWidget(
            currency: currency.code,
            month: .init(period: month.description, start: month.start.description, end: month.end.description,
                         total: amount(inMonth.reduce(0) { $0 &+ $1.amount }, currency), count: inMonth.count),
            recent: try transfers.prefix(Self.recentTransferCount).map { transfer in
                .init(id: transfer.id, date: transfer.date, from: transfer.from, to: transfer.to,
                      amount: Money(minorUnits: transfer.amount, currency: try db.commodityForCode(transfer.currency)).decimalString,
                      currency: transfer.currency, note: transfer.note)
            })
    }
}
