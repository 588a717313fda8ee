import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// The live receipt expense another image of the same receipt produced: the same payee, date and total, and the
    /// same time of purchase when both scans read one. A re-saved or re-photographed receipt has another digest, so
    /// the idempotency key does not catch it; this does. Looks only at the expenses of that date (indexed by date).
    static func duplicateReceipt(of input: LedgerCommand.ReceiptInput, in db: Database) throws -> String? {
        guard let date = input.date, let total = input.total else { return nil }
        // The same image again is not a duplicate: the idempotency key answers it with "already imported".
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM events WHERE idempotency_key = ?", arguments: ["receipt:" + input.reading.imageSHA256]) == true {
            return nil
        }
        let rows = try Row.fetchAll(db, sql: """
            SELECT txn_id, first_position FROM transactions
            WHERE date = ? AND kind = ? AND is_voided = 0 AND payee IS ?
            """, arguments: [date.description, TransactionKind.expense.rawValue, input.payee])
        let time = Self.text(input.reading.fields["time"])
        for row in rows {
            let position: Int64 = row["first_position"]
            guard let envelope = try EventLog.event(at: position, in: db), case .expenseCaptured(let expense) = try envelope.event(),
                  let receiptID = expense.receiptID, expense.amount == total else { continue }
            let scanned = try EventLog.events(inStream: LedgerEvent.ReceiptScanned.stream(for: receiptID), in: db).first.map { try $0.event() }
            guard case .receiptScanned(let scan)? = scanned else { continue }
            if let time, let other = Self.text(scan.fields["time"]), time != other { continue }
            return expense.transactionID
        }
        return nil
    }

    private static func text(_ field: LedgerEvent.ReceiptScanned.Field?) -> String? {
        guard case .text(let value)? = field?.value else { return nil }
        return value
    }
}
