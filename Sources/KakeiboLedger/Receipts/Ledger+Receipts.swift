import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

extension Ledger {
    /// Records a scanned receipt: `ReceiptScanned` then its `ExpenseCaptured`, in one transaction.
    ///
    /// The image digest is the idempotency key, so the same image imported again appends nothing
    /// and returns the earlier transaction. With `dryRun` everything is decided and appended
    /// inside a transaction that is then rolled back, so the events shown are exactly what a real
    /// import would append.
    /// Another image of a receipt already imported (same payee, date, total and time) is refused with
    /// `LedgerError.duplicateReceipt` unless `allowDuplicate`.
    public func importReceipt(_ input: LedgerCommand.ReceiptInput, provenance: String? = nil,
                              dryRun: Bool = false, allowDuplicate: Bool = false) throws -> ReceiptImport {
        let options = CommandOptions(source: .receipt, provenance: provenance,
                                     idempotencyKey: "receipt:" + input.reading.imageSHA256, fingerprint: input.reading.imageSHA256)
        return try writeTransaction(commit: !dryRun) { db in
            let session = try openSession(db)
            if !allowDuplicate, let earlier = try Self.duplicateReceipt(of: input, in: db) {
                throw LedgerError.duplicateReceipt(transactionID: earlier)
            }
            let result = try record(.importReceipt(input), options: options, in: session)
            try session.finish()
            let events = result.events
            var receiptID: String?, needsReview = false
            for event in events {
                if case .receiptScanned(let scan) = event { receiptID = scan.receiptID }
                if case .expenseCaptured(let expense) = event { needsReview = expense.needsReview }
            }
            return ReceiptImport(transactionID: result.transactionID, receiptID: receiptID, needsReview: needsReview,
                                 alreadyRecorded: result.alreadyRecorded, positions: result.positions, events: events)
        }
    }

    /// A receipt by transaction id or receipt id (either may be shortened to a unique start or end of 4+ characters).
    public func receipt(matching text: String) throws -> ReceiptRecord {
        let receiptID: String
        if let transactionID = try? resolveTransactionID(text) {
            let expense = try writer.read { db in try EventLog.events(inStream: LedgerTransaction.stream(for: transactionID), in: db) }
                .first.map { try $0.event() }
            guard case .expenseCaptured(let captured)? = expense, let id = captured.receiptID else {
                throw LedgerError.unknownReceipt(text, isTransaction: true)
            }
            receiptID = id
        } else {
            receiptID = try resolveReceiptID(text)
        }
        return try writer.read { db in
            let events = try EventLog.events(inStream: LedgerEvent.ReceiptScanned.stream(for: receiptID), in: db)
            guard let envelope = events.first, case .receiptScanned(let scan) = try envelope.event() else {
                throw LedgerError.unknownReceipt(text, isTransaction: false)
            }
            // The expense is the next event of the same command.
            var record = ReceiptRecord(scan: scan, position: envelope.position, provenance: envelope.provenance,
                                       transactionID: nil, flagged: false, transaction: nil)
            if let next = try EventLog.event(at: envelope.position + 1, in: db), next.commandID == envelope.commandID,
               case .expenseCaptured(let expense) = try next.event(), expense.receiptID == scan.receiptID {
                record.transactionID = expense.transactionID
                record.flagged = expense.needsReview
                record.transaction = try SQLiteProjectionStore(db: db).transaction(id: expense.transactionID)
            }
            return record
        }
    }

    /// Accepts a receipt flagged at import as read right: an edit of its expense whose only change is `reviewed`,
    /// decided and appended like any edit, so the history shows who accepted it, when and why. Refused with
    /// `LedgerError.receiptNeedsNoReview` when the receipt is not waiting for review.
    public func acceptReceipt(matching text: String, reason: String? = nil) throws -> RecordResult {
        let record = try receipt(matching: text)
        guard let transactionID = record.transactionID else { throw LedgerError.unknownReceipt(text, isTransaction: false) }
        guard record.needsReview else { throw LedgerError.receiptNeedsNoReview(transactionID: transactionID) }
        return try self.record(.editTransaction(.init(id: transactionID, reason: reason, reviewed: true)))
    }

    private func resolveReceiptID(_ text: String) throws -> String {
        let fragment = text.lowercased()
        guard fragment.count >= 4, fragment.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw LedgerError.unknownReceipt(text, isTransaction: false)
        }
        let prefix = LedgerEvent.ReceiptScanned.stream(for: "")
        let matches = try writer.read { db in
            let byPrefix = try String.fetchAll(db, sql: "SELECT stream FROM events WHERE stream >= ? AND stream < ? AND stream_version = 1 LIMIT 2",
                                               arguments: [prefix + fragment, prefix + fragment + "\u{10FFFF}"])
            if !byPrefix.isEmpty { return byPrefix }
            return try String.fetchAll(db, sql: "SELECT stream FROM events WHERE type = 'ReceiptScanned' AND stream LIKE ? LIMIT 2",
                                       arguments: [prefix + "%" + fragment])
        }
        switch matches.count {
        case 0: throw LedgerError.unknownReceipt(text, isTransaction: false)
        case 1: return String(matches[0].dropFirst(prefix.count))
        default: throw LedgerError.ambiguousTransaction(text, matches: matches.count)
        }
    }
}

extension Ledger {
    /// An account by full name, for checks a command makes before costly work (OCR).
    public func account(named name: String) throws -> Account? {
        try writer.read { db in try SQLiteProjectionStore(db: db).account(named: name) }
    }

    public func account(id: String) throws -> Account? {
        try writer.read { db in try SQLiteProjectionStore(db: db).account(id: id) }
    }
}
