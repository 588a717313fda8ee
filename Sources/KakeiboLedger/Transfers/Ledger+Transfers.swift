import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// Every side of a payment between own accounts that could pair (`TransferSide`), dated from
    /// `begin` through `end` when given: live transactions of exactly two real postings, one on an
    /// asset or liability account and one on an income or expense account, none of them locked
    /// (their void would be refused). One pass over the date index.
    public func transferSides(from begin: LocalDate? = nil, through end: LocalDate? = nil) throws -> [TransferSide] {
        try writer.read { db in try Self.transferSides(from: begin, through: end, in: db) }
    }

    static func transferSides(from begin: LocalDate?, through end: LocalDate?, in db: Database) throws -> [TransferSide] {
        let store = SQLiteProjectionStore(db: db)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT t.txn_id, t.date, COALESCE(t.payee, t.memo), p.account_id, a.name, p.amount, p.currency, c.name,
                   COALESCE(pm.status, m.status), t.first_position
            FROM transactions t
            JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id AND a.type IN ('asset', 'liability')
            JOIN postings q ON q.txn_id = t.txn_id AND q.line != p.line
            JOIN accounts c ON c.account_id = q.account_id AND c.type IN ('income', 'expense')
            LEFT JOIN posting_marks pm ON pm.txn_id = p.txn_id AND pm.line = p.line
            LEFT JOIN transaction_marks m ON m.txn_id = t.txn_id
            WHERE t.is_voided = 0 AND t.date >= ? AND t.date <= ?
              AND (SELECT COUNT(*) FROM postings r WHERE r.txn_id = t.txn_id) = 2
              AND NOT EXISTS (SELECT 1 FROM virtual_postings v WHERE v.txn_id = t.txn_id)
              AND NOT EXISTS (SELECT 1 FROM posting_marks l WHERE l.txn_id = t.txn_id AND l.locked = 1)
            ORDER BY t.date, t.first_position
            """, arguments: [(begin ?? LocalDate(daysSinceEpoch: -719_162)).description, (end ?? LocalDate(daysSinceEpoch: 2_932_896)).description])
        var sides: [TransferSide] = []
        while let row = try rows.next() {
            sides.append(TransferSide(
                transactionID: row[0], date: try LocalDate(iso: row[1]), accountID: row[3], account: try AccountName(row[4]),
                amount: Money(minorUnits: try row.minorUnits(atIndex: 5, table: "postings"), currency: try store.currency(row[6])),
                payee: row[2], counterAccount: try AccountName(row[7]),
                status: (row[8] as String?).flatMap(TransactionStatus.init(rawValue:)), position: row[9]))
        }
        return sides
    }

    /// The pairs `transfers match` proposes: every side in the ledger, paired by `matcher`.
    public func proposedTransfers(_ matcher: TransferMatcher = TransferMatcher()) throws -> [TransferPair] {
        matcher.pairs(try transferSides())
    }

    /// The commands that record `pair` as one transfer: the transfer from the debited account to the
    /// credited one, on the debit's date with its payee, then a void of each original saying why.
    /// An importer that meets the second side of a payment passes its own new line as `incoming` or
    /// `outgoing` with an empty id (nothing to void), and gives the transfer its own idempotency key.
    public static func transferCommands(_ pair: TransferPair) -> [LedgerCommand] {
        var transfer = LedgerCommand.MoneyInput(amount: pair.amount.decimalString, currency: pair.amount.currency, date: pair.outgoing.date,
                                                from: pair.outgoing.account.rawValue, to: pair.incoming.account.rawValue,
                                                payee: pair.outgoing.payee ?? pair.incoming.payee)
        if let inPayee = pair.incoming.payee, inPayee != transfer.payee { transfer.memo = inPayee }
        var commands: [LedgerCommand] = [.makeTransfer(transfer)]
        for side in [pair.outgoing, pair.incoming] where !side.transactionID.isEmpty {
            let other = side == pair.outgoing ? pair.incoming.account : pair.outgoing.account
            commands.append(.voidTransaction(id: side.transactionID, reason: "recorded as a transfer between \(side.account.rawValue) and \(other.rawValue)"))
        }
        return commands
    }

    /// Records each pair as one transfer (`transferCommands`), in one transaction: all or none.
    /// The bank postings' marks go with them: a cleared debit leaves the transfer's posting on that
    /// account cleared. Returns, per pair, the results of its commands (the transfer's first).
    public func recordTransfers(_ pairs: [TransferPair]) throws -> [[RecordResult]] {
        try writeTransaction { db in
            let session = try openSession(db)
            var all: [[RecordResult]] = []
            for pair in pairs {
                var results: [RecordResult] = []
                for command in Self.transferCommands(pair) {
                    results.append(try record(command, options: CommandOptions(provenance: "transfers match"), in: session))
                }
                // A simple transfer's line 0 receives (incoming), line 1 gives (outgoing).
                if let id = results.first?.transactionID {
                    for (line, status) in [(0, pair.incoming.status), (1, pair.outgoing.status)] {
                        guard let status else { continue }
                        results.append(try record(.markPostings(transactionID: id, lines: [line], status: status),
                                                  options: CommandOptions(provenance: "transfers match"), in: session))
                    }
                }
                all.append(results)
            }
            try session.finish()
            return all
        }
    }
}
