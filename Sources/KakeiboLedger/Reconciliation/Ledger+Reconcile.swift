import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// Reconciles `account` with a statement that says its balance on `asOf` was `balance`.
    ///
    /// The cleared balance is every posting on the account dated up to `asOf` that is cleared or
    /// unmarked, in the statement's commodity. When it equals the statement, the unmarked postings
    /// are cleared (`PostingsMarked`, one per transaction) and, with `lock`, every cleared one not
    /// locked yet is locked (`PostingsLocked`), through the one write pipeline, in one transaction.
    /// When it differs, nothing is appended and the result says by how much and which uncleared
    /// postings could explain it. Read, compare and append share one immediate transaction, so a
    /// posting recorded meanwhile by another process cannot slip between the check and the marks.
    public func reconcile(account name: String, balance: String, asOf: LocalDate, lock: Bool) throws -> Reconciliation {
        try writeTransaction { db in
            let session = try openSession(db)
            guard let account = try session.store.account(named: name) ?? session.store.account(named: name.composed) else {
                throw LedgerError.unknownAccount(name)
            }
            let statement: Money
            do { statement = try Money.parse(balance, currency: account.currency) } catch let error as MoneyError { throw LedgerError.money(error) }
            let postings = try Self.reconcilePostings(accountID: account.id, currency: statement.currency, through: asOf, in: db)
            var sum = WideSum()
            for posting in postings where posting.status != .pending { sum.add(posting.amount.minorUnits) }
            guard let ledgerTotal = sum.value else { throw LedgerError.balanceOverflow(account: account.name.rawValue, total: false) }
            var difference = WideSum()
            difference.add(statement.minorUnits)
            difference.subtract(ledgerTotal)
            guard let off = difference.value else { throw LedgerError.balanceOverflow(account: account.name.rawValue, total: false) }
            let uncleared = postings.filter { $0.status == nil } + postings.filter { $0.status == .pending }
            var result = Reconciliation(account: account.name, asOf: asOf, statement: statement,
                                        ledger: Money(minorUnits: ledgerTotal, currency: statement.currency),
                                        difference: Money(minorUnits: off, currency: statement.currency), uncleared: uncleared)
            guard result.isMatched else {
                result.explanations = Self.explanations(of: off, among: uncleared)
                return result
            }
            let options = CommandOptions(provenance: "reconcile \(account.name.rawValue) \(asOf) \(statement.decimalString)")
            let toClear = postings.filter { $0.status == nil }
            for (id, lines) in Self.byTransaction(toClear) {
                result.results.append(try record(.markPostings(transactionID: id, lines: lines, status: .cleared), options: options, in: session))
            }
            result.cleared = toClear
            if lock {
                let toLock = postings.filter { $0.status != .pending && !$0.isLocked }
                for (id, lines) in Self.byTransaction(toLock) {
                    result.results.append(try record(.lockPostings(transactionID: id, lines: lines), options: options, in: session))
                }
                result.lockedCount = toLock.count
            }
            try session.finish()
            return result
        }
    }

    /// The account's live postings in `currency` dated up to `asOf`, in date and log order, each
    /// with its mark as hledger reads it: the posting's own, else its transaction's.
    static func reconcilePostings(accountID: String, currency: Currency, through asOf: LocalDate, in db: Database) throws -> [ReconcilePosting] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT p.txn_id, p.line, t.date, COALESCE(t.payee, t.memo), p.amount, COALESCE(pm.status, m.status), COALESCE(pm.locked, 0)
            FROM postings p JOIN transactions t USING (txn_id)
            LEFT JOIN posting_marks pm ON pm.txn_id = p.txn_id AND pm.line = p.line
            LEFT JOIN transaction_marks m ON m.txn_id = p.txn_id
            WHERE p.account_id = ? AND p.currency = ? AND t.date <= ?
            ORDER BY t.date, t.first_position, p.line
            """, arguments: [accountID, currency.code, asOf.description])
        var postings: [ReconcilePosting] = []
        while let row = try rows.next() {
            postings.append(ReconcilePosting(
                transactionID: row[0], line: row[1], date: try LocalDate(iso: row[2]), payee: row[3],
                amount: Money(minorUnits: try row.minorUnits(atIndex: 4, table: "postings"), currency: currency),
                status: (row[5] as String?).flatMap(TransactionStatus.init(rawValue:)), isLocked: row[6]))
        }
        return postings
    }

    /// Postings grouped by transaction, in the order the transactions first appear.
    static func byTransaction(_ postings: [ReconcilePosting]) -> [(String, [Int])] {
        var order: [String] = []
        var lines: [String: [Int]] = [:]
        for posting in postings {
            if lines[posting.transactionID] == nil { order.append(posting.transactionID) }
            lines[posting.transactionID, default: []].append(posting.line)
        }
        return order.map { ($0, lines[$0]!) }
    }

    /// Sets of one, two or three uncleared postings that close `difference`: leaving out an
    /// unmarked posting moves the ledger by −amount, taking in a pending one by +amount. The
    /// search looks at the 60 latest postings (at most 36,000 triples), singles first; five sets
    /// at most, so a statement off by a common amount does not list every way to make it.
    static func explanations(of difference: Int64, among uncleared: [ReconcilePosting]) -> [[ReconcilePosting]] {
        let candidates = Array(uncleared.sorted { ($0.date, $0.transactionID, $0.line) > ($1.date, $1.transactionID, $1.line) }.prefix(60))
        let effect = candidates.map { $0.status == .pending ? $0.amount.minorUnits : 0 &- $0.amount.minorUnits }
        var found: [[ReconcilePosting]] = []
        let limit = 5
        func sum(_ indices: [Int]) -> Int64? {
            var total = WideSum()
            for index in indices { total.add(effect[index]) }
            return total.value
        }
        for i in candidates.indices where found.count < limit && effect[i] == difference { found.append([candidates[i]]) }
        for i in candidates.indices where found.count < limit {
            for j in (i + 1)..<max(i + 1, candidates.count) where found.count < limit && sum([i, j]) == difference {
                found.append([candidates[i], candidates[j]])
            }
        }
        for i in candidates.indices where found.count < limit {
            for j in (i + 1)..<max(i + 1, candidates.count) where found.count < limit {
                for k in (j + 1)..<max(j + 1, candidates.count) where found.count < limit && sum([i, j, k]) == difference {
                    found.append([candidates[i], candidates[j], candidates[k]])
                }
            }
        }
        return found.map { $0.sorted { ($0.date, $0.transactionID, $0.line) < ($1.date, $1.transactionID, $1.line) } }
    }
}
