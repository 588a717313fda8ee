import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// The ledger projection in SQLite tables (Migrations/0002), read and written inside the
/// caller's transaction. Not Sendable: it lives as long as one database access.
///
/// Within that access it remembers accounts, categories and settings it has read, and adds
/// balance changes up in memory until `flushBalances()`: a batch of expenses against the same
/// few accounts then costs a few lookups and upserts, not a few per expense.
struct SQLiteProjectionStore: ProjectionStore {
    let db: Database
    let cache = ProjectionCache()

    init(db: Database) {
        self.db = db
    }

    // MARK: - Reading

    func settings() throws -> LedgerSettings? {
        if let cached = cache.settings { return cached }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT name, base_currency, time_zone FROM ledger_settings WHERE id = 1")) else {
            return nil
        }
        let settings = LedgerSettings(name: row[0], baseCurrency: try currency(row[1]), timeZone: row[2])
        cache.settings = settings
        return settings
    }

    func account(named name: String) throws -> Account? {
        if let id = cache.accountIDsByName[name] { return cache.accounts[id] }
        let sql = "SELECT \(accountColumns) FROM accounts WHERE name = ?"
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [name]).map(account).map(cache.remember)
    }

    func account(id: String) throws -> Account? {
        if let account = cache.accounts[id] { return account }
        let sql = "SELECT \(accountColumns) FROM accounts WHERE account_id = ?"
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id]).map(account).map(cache.remember)
    }

    /// Read only when an event with an author's position meets a name in use: never on the fold's path.
    func namedPosition(accountID: String) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT named_position FROM accounts WHERE account_id = ?"), arguments: [accountID])
    }

    func allAccounts() throws -> [Account] {
        try Row.fetchAll(db, sql: "SELECT \(accountColumns) FROM accounts ORDER BY name").map(account)
    }

    func category(accountID: String) throws -> Category? {
        if let cached = cache.categories[accountID] { return cached }
        let sql = "SELECT account_id, display_name, hue, icon, is_archived FROM categories WHERE account_id = ?"
        let category = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [accountID]).map { row in
            Category(accountID: row[0], displayName: row[1], hue: row[2], icon: row[3], isArchived: row[4])
        }
        cache.categories[accountID] = .some(category)
        return category
    }

    func transaction(id: String) throws -> LedgerTransaction? {
        let sql = "SELECT kind, date, payee, memo, is_voided, version FROM transactions WHERE txn_id = ?"
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id]) else { return nil }
        guard let kind = TransactionKind(rawValue: row[0]) else {
            throw LedgerError.malformedEvent(type: "transaction", reason: "unknown kind in projection")
        }
        let postingsSQL = "SELECT account_id, currency, amount, memo FROM postings WHERE txn_id = ? ORDER BY line"
        var postings: [Posting] = []
        for posting in try Row.fetchAll(db.cachedStatement(sql: postingsSQL), arguments: [id]) {
            postings.append(Posting(accountID: posting[0], amount: Money(minorUnits: try posting.minorUnits(atIndex: 2, table: "postings"), currency: try currency(posting[1])),
                                    memo: posting[3]))
        }
        try readPostingDetails(of: id, into: &postings)
        try readPostingMarks(of: id, into: &postings)
        let isVoided: Bool = row[4]
        if isVoided {
            // Voided transactions keep no postings; their last amounts live in the log.
            postings = try lastPostings(of: id)
        }
        var transaction = LedgerTransaction(id: id, kind: kind, date: try LocalDate(iso: row[1]), payee: row[2], memo: row[3],
                                            postings: postings, isVoided: isVoided, version: row[5])
        try readTransactionMark(into: &transaction)
        return transaction
    }

    /// A probe that builds no `Row`: on a 100k-event rebuild, `transaction(id:)` for a fresh id
    /// (`Row.fetchOne`) took 5.7 % of the samples.
    func hasTransaction(id: String) throws -> Bool {
        try db.cachedStatement(sql: "SELECT 1 FROM transactions WHERE txn_id = ?").hasRow { $0.bind(id) }
    }

    func balances(accountID: String) throws -> [Money] {
        let sql = "SELECT currency, amount FROM balances WHERE account_id = ?"
        var amounts: [Currency: Int64] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [accountID]) {
            amounts[try currency(row[0])] = try row.minorUnits(atIndex: 1, table: "balances")
        }
        for (key, delta) in cache.pendingBalances where key.account == accountID {
            let (sum, overflow) = (amounts[key.currency] ?? 0).addingReportingOverflow(delta)
            guard !overflow else { throw try balanceOverflow(accountID) }
            amounts[key.currency] = sum
        }
        return amounts.filter { $0.value != 0 }.map { Money(minorUnits: $0.value, currency: $0.key) }.sorted { $0.currency < $1.currency }
    }

    func subtreeTotal(of name: String, currency: Currency) throws -> WideSum? {
        // Children sort between "name:" and "name;" (';' follows ':'), as in `register`.
        let sql = """
            SELECT b.amount FROM accounts a JOIN balances b USING (account_id)
            WHERE b.currency = ? AND (a.name = ? OR (a.name > ? AND a.name < ?))
            """
        var total = WideSum()
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [currency.code, name, name + ":", name + ";"])
        while let row = try rows.next() { total.add(try row.minorUnits(atIndex: 0, table: "balances")) }
        for (key, delta) in cache.pendingBalances where key.currency == currency {
            guard let account = try account(id: key.account)?.name.rawValue,
                  account == name || account.hasPrefix(name + ":") else { continue }
            total.add(delta)
        }
        return total
    }

    func balanceMagnitudeBound() throws -> UInt64? {
        if cache.storedBalanceMagnitude == nil {
            var total: UInt64 = 0
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT amount FROM balances"))
            while let row = try rows.next() {
                let (sum, overflow) = total.addingReportingOverflow(try row.minorUnits(atIndex: 0, table: "balances").magnitude)
                total = overflow ? .max : sum
            }
            cache.storedBalanceMagnitude = total
        }
        // Σ |pending delta|, kept up by `addToBalance`: the fold asks for every event it admits,
        // and a household has hundreds of account and currency pairs pending in a rebuild.
        let (total, overflow) = cache.storedBalanceMagnitude!.addingReportingOverflow(cache.pendingMagnitude)
        return overflow ? .max : total
    }

    func holdsIncome(in currency: Currency) throws -> Bool? {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM accounts WHERE type = 'income' AND currency = ? AND is_closed = 0 LIMIT 1"),
                         arguments: [currency.code]) != nil
    }

    func checkpoint() throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT position FROM projection_checkpoints WHERE projection = ?"),
                           arguments: [LedgerProjector.name]) ?? 0
    }

    // MARK: - Writing

    func saveSettings(_ settings: LedgerSettings, createdAt: Int64) throws {
        cache.settings = settings
        try db.execute(sql: "INSERT INTO ledger_settings (id, name, base_currency, time_zone, created_at) VALUES (1, ?, ?, ?, ?)",
                       arguments: [settings.name, settings.baseCurrency.code, settings.timeZone, createdAt])
    }

    func insertAccount(_ account: Account, openedAt position: Int64) throws {
        _ = cache.remember(account)
        try db.cachedStatement(sql: """
            INSERT INTO accounts (account_id, name, type, currency, is_closed, opened_position, named_position) VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [account.id, account.name.rawValue, account.type.rawValue, account.currency.code,
                                     account.isClosed, position, position])
        if account.holdsAnyCommodity {
            try db.execute(sql: "INSERT INTO unconstrained_accounts (account_id, opened_position) VALUES (?, ?)",
                           arguments: [account.id, position])
        }
    }

    func updateAccount(_ account: Account) throws {
        _ = cache.remember(account)
        try db.execute(sql: "UPDATE accounts SET name = ?, type = ?, is_closed = ? WHERE account_id = ?",
                       arguments: [account.name.rawValue, account.type.rawValue, account.isClosed, account.id])
    }

    func renameAccount(_ account: Account, at position: Int64) throws {
        try updateAccount(account)
        try db.execute(sql: "UPDATE accounts SET named_position = ? WHERE account_id = ?", arguments: [position, account.id])
    }

    func saveCategory(_ category: Category) throws {
        cache.categories[category.accountID] = .some(category)
        try db.execute(sql: """
            INSERT INTO categories (account_id, display_name, hue, icon, is_archived) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET display_name = excluded.display_name, hue = excluded.hue,
                icon = excluded.icon, is_archived = excluded.is_archived
            """, arguments: [category.accountID, category.displayName, category.hue, category.icon, category.isArchived])
    }

    func insertTransaction(_ transaction: LedgerTransaction, at position: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO transactions (txn_id, kind, date, payee, memo, is_voided, version, first_position, last_position)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute { row in
                row.bind(transaction.id); row.bind(transaction.kind.rawValue); row.bind(transaction.date.description)
                row.bind(transaction.payee); row.bind(transaction.memo); row.bind(transaction.isVoided)
                row.bind(transaction.version); row.bind(position); row.bind(position)
            }
        if transaction.status != nil || transaction.code != nil {
            try db.cachedStatement(sql: "INSERT INTO transaction_marks (txn_id, status, code) VALUES (?, ?, ?)")
                .execute(arguments: [transaction.id, transaction.status?.rawValue, transaction.code])
        }
        try insertPostings(of: transaction)
    }

    func updateTransaction(_ transaction: LedgerTransaction, at position: Int64) throws {
        try db.cachedStatement(sql: """
            UPDATE transactions SET date = ?, payee = ?, memo = ?, is_voided = ?, version = ?, last_position = ? WHERE txn_id = ?
            """).execute(arguments: [transaction.date.description, transaction.payee, transaction.memo, transaction.isVoided,
                                     transaction.version, position, transaction.id])
        try db.cachedStatement(sql: "DELETE FROM postings WHERE txn_id = ?").execute(arguments: [transaction.id])
        try db.cachedStatement(sql: "DELETE FROM posting_details WHERE txn_id = ?").execute(arguments: [transaction.id])
        try db.cachedStatement(sql: "DELETE FROM virtual_postings WHERE txn_id = ?").execute(arguments: [transaction.id])
        try deletePostingMarks(of: transaction.id)
        if !transaction.isVoided { try insertPostings(of: transaction) }
    }

    private func insertPostings(of transaction: LedgerTransaction) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO postings (txn_id, line, account_id, currency, amount, memo, txn_date) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let date = transaction.date.description
        for (line, posting) in transaction.postings.enumerated() {
            try statement.execute { row in
                row.bind(transaction.id); row.bind(line); row.bind(posting.accountID); row.bind(posting.amount.currency.code)
                row.bind(posting.amount.minorUnits); row.bind(posting.memo); row.bind(date)
            }
        }
        try insertPostingDetails(of: transaction)
        try insertPostingMarks(of: transaction)
    }

    func addToBalance(accountID: String, _ amount: Money) throws {
        let key = ProjectionCache.BalanceKey(account: accountID, currency: amount.currency)
        let pending = cache.pendingBalances[key] ?? 0
        let (sum, overflow) = pending.addingReportingOverflow(amount.minorUnits)
        guard !overflow else { throw try balanceOverflow(accountID) }
        cache.pendingBalances[key] = sum
        // Saturated stays saturated until the flush, so the bound stays an upper bound.
        if cache.pendingMagnitude != .max {
            let (grown, over) = (cache.pendingMagnitude - pending.magnitude).addingReportingOverflow(sum.magnitude)
            cache.pendingMagnitude = over ? .max : grown
        }
    }

    private func balanceOverflow(_ accountID: String) throws -> LedgerError {
        .balanceOverflow(account: try account(id: accountID)?.name.rawValue ?? accountID, total: false)
    }

    /// Adds the pending balance changes to the table. Call before the transaction commits.
    func flushBalances() throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO balances (account_id, currency, amount) VALUES (?, ?, ?)
            ON CONFLICT (account_id, currency) DO UPDATE SET amount = amount + excluded.amount
            """)
        for (key, delta) in cache.pendingBalances.sorted(by: { ($0.key.account, $0.key.currency) < ($1.key.account, $1.key.currency) }) {
            try statement.execute(arguments: [key.account, key.currency.code, delta])
        }
        cache.pendingBalances = [:]
        cache.pendingMagnitude = 0
        cache.storedBalanceMagnitude = nil // the table changed
    }

    func setCheckpoint(_ position: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO projection_checkpoints (projection, position) VALUES (?, ?)
            ON CONFLICT (projection) DO UPDATE SET position = excluded.position
            """).execute(arguments: [LedgerProjector.name, position])
    }

    // MARK: - Helpers

    private let accountColumns = """
        account_id, name, type, currency, is_closed,
        EXISTS (SELECT 1 FROM unconstrained_accounts u WHERE u.account_id = accounts.account_id)
        """

    private func account(_ row: Row) throws -> Account {
        guard let type = AccountType(rawValue: row[2]) else {
            throw LedgerError.malformedEvent(type: "account", reason: "unknown account type in projection")
        }
        var account = Account(id: row[0], name: try AccountName(row[1]), type: type, currency: try currency(row[3]), isClosed: row[4])
        account.holdsAnyCommodity = row[5]
        return account
    }

    /// An ISO code from its table, any other symbol from the commodities projection.
    func currency(_ code: String) throws -> Currency {
        if let iso = try? Currency(code: code), iso.code == code { return try grownISO(iso) }
        if let known = cache.commodities[code] { return known }
        if let commodity = try db.commodity(code) {
            cache.commodities[code] = commodity
            return commodity
        }
        do { return try Currency(code: code) } catch { throw LedgerError.money(error) }
    }

    /// The postings a voided transaction had, folded from its own stream.
    private func lastPostings(of id: String) throws -> [Posting] {
        var transaction: LedgerTransaction?
        for envelope in try EventLog.events(inStream: LedgerTransaction.stream(for: id), in: db) {
            let event = try envelope.event()
            if let recorded = try LedgerTransaction(recordedBy: event) {
                transaction = recorded
            } else if case .transactionEdited(let edit) = event, let current = transaction {
                transaction = try current.applying(edit.changes)
            }
        }
        return transaction?.postings ?? []
    }
}

/// What a `SQLiteProjectionStore` remembers for the length of one database access.
final class ProjectionCache {
    struct BalanceKey: Hashable {
        var account: String
        var currency: Currency
    }

    var settings: LedgerSettings?
    /// Commodities outside the ISO table read (or declared) in this access, by symbol.
    var commodities: [String: Commodity] = [:]
    var accounts: [String: Account] = [:]
    var accountIDsByName: [String: String] = [:]
    /// `account_aliases`, read once per access (almost always empty).
    var accountAliases: [String: String]?
    /// `.some(nil)` remembers that an account is not a category.
    var categories: [String: Category?] = [:]
    /// Balance changes not yet written: one entry per account and currency touched.
    var pendingBalances: [BalanceKey: Int64] = [:]
    /// Σ |balance| over the balances table, read once per access (`balanceMagnitudeBound`).
    var storedBalanceMagnitude: UInt64?
    /// Σ |pending balance change| (saturating), kept up with `pendingBalances`.
    var pendingMagnitude: UInt64 = 0
    /// Suggestion count changes not yet written, per category and feature (nil: the category's
    /// document count), and the features of each payee seen, so a batch tokenises each once.
    var pendingSuggestions: [SuggestionKey: Int64] = [:]
    var payeeFeatures: [String: [String]] = [:]
    /// Whether any receipt item words are stored; nil until first asked.
    var hasItemWords: Bool?
    /// Documents and feature totals per category and the vocabulary size, read once and kept until
    /// a flush changes the counts: an import asking for a suggestion per row scans the tables once.
    var suggestionTotals: (documents: [String: Int64], totals: [String: Int64], vocabulary: Int)?

    struct SuggestionKey: Hashable, Comparable {
        var account: String
        var feature: String?
        static func < (a: Self, b: Self) -> Bool { (a.account, a.feature ?? "") < (b.account, b.feature ?? "") }
    }

    func remember(_ account: Account) -> Account {
        if let previous = accounts[account.id], previous.name != account.name {
            accountIDsByName[previous.name.rawValue] = nil
        }
        accounts[account.id] = account
        accountIDsByName[account.name.rawValue] = account.id
        return account
    }
}
