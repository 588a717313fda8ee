// How a transaction's state follows from its events. Pure, so the live projection, a replay
// and a time-travel report all compute it the same way.

extension LedgerTransaction {
    /// The transaction an event records, or nil when the event does not start one.
    public init?(recordedBy event: LedgerEvent) throws(MoneyError) {
        switch event {
        case .expenseCaptured(let e): try self.init(.expense, e)
        case .incomeRecorded(let e): try self.init(.income, e)
        case .transferMade(let e): try self.init(.transfer, e)
        case .transactionRecorded(let e):
            self.init(id: e.transactionID, kind: .general, date: e.date, payee: e.payee, memo: e.memo, postings: e.postings)
            status = e.status
            code = e.code
        default: return nil
        }
    }

    private init(_ kind: TransactionKind, _ e: LedgerEvent.MoneyMoved) throws(MoneyError) {
        self.init(id: e.transactionID, kind: kind, date: e.date, payee: e.payee, memo: e.memo,
                  postings: try Self.simplePostings(amount: e.amount, from: e.fromAccountID, to: e.toAccountID))
    }

    /// The transaction after an edit's changes, in order.
    public func applying(_ changes: [FieldChange]) throws(LedgerError) -> LedgerTransaction {
        var result = self
        for change in changes {
            try result.apply(change)
        }
        // A posting keeps its mark and lock through an edit of its line (issue 32): an expense's
        // new category leaves the bank side cleared. New postings (`postings`) carry their own
        // marks in the change; a lock stays on a line that is still there.
        if !changes.contains(where: { $0.field == .postings }) {
            for line in result.postings.indices where line < postings.count {
                result.postings[line].status = postings[line].status
            }
        }
        for line in result.postings.indices where line < postings.count {
            result.postings[line].isLocked = postings[line].isLocked
        }
        result.version += 1
        return result
    }

    private mutating func apply(_ change: FieldChange) throws(LedgerError) {
        let bad = LedgerError.malformedEvent(type: "TransactionEdited", reason: "bad value for \(change.field.rawValue)")
        switch change.field {
        case .date:
            guard let text = change.after.stringValue else { throw bad }
            do { date = try LocalDate(iso: text) } catch { throw .date(error) }
        case .payee:
            payee = change.after.stringValue
        case .memo:
            memo = change.after.stringValue
        case .amount:
            guard kind.isSimple, let minor = change.after.intValue, let to = toAccountID, let from = fromAccountID,
                  let currency = amount?.currency else { throw bad }
            do {
                postings = try Self.simplePostings(amount: Money(minorUnits: minor, currency: currency), from: from, to: to)
            } catch { throw .money(error) }
        case .fromAccount:
            guard kind.isSimple, let id = change.after.stringValue, postings.count == 2 else { throw bad }
            postings[1].accountID = id
        case .toAccount:
            guard kind.isSimple, let id = change.after.stringValue, postings.count == 2 else { throw bad }
            postings[0].accountID = id
        case .postings:
            postings = try [Posting](json: change.after)
        case .reviewed:
            // Nothing to apply: the edit's new version is what marks a flagged receipt reviewed.
            guard change.after == .bool(true) else { throw bad }
        }
    }
}
