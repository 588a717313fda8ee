import KakeiboDomain
import KakeiboProjections
import XCTest

/// The fold on its own, against a dictionary-backed store: edits and voids reverse exactly
/// what was posted before.
final class LedgerProjectorTests: XCTestCase {
    final class MemoryStore: ProjectionStore {
        var storedSettings: LedgerSettings?
        var accounts: [String: Account] = [:]
        var categories: [String: Category] = [:]
        var transactions: [String: LedgerTransaction] = [:]
        var balanceBook: [String: [Currency: Int64]] = [:]
        var position: Int64 = 0
        var budgets: [BudgetDefinition] = []
        var goals: [IncomeGoal] = []
        var learned: [String: Int64] = [:]
        var outcomes: [String: SuggestionOutcome] = [:]

        func settings() -> LedgerSettings? { storedSettings }
        func account(named name: String) -> Account? { accounts.values.first { $0.name.rawValue == name } }
        func account(id: String) -> Account? { accounts[id] }
        func category(accountID: String) -> Category? { categories[accountID] }
        func transaction(id: String) -> LedgerTransaction? { transactions[id] }
        func hasTransaction(id: String) -> Bool { transactions[id] != nil }
        func balances(accountID: String) -> [Money] {
            (balanceBook[accountID] ?? [:]).filter { $0.value != 0 }.map { Money(minorUnits: $0.value, currency: $0.key) }
        }
        func saveSettings(_ settings: LedgerSettings, createdAt: Int64) { storedSettings = settings }
        var namedAt: [String: Int64] = [:]
        func insertAccount(_ account: Account, openedAt position: Int64) { accounts[account.id] = account; namedAt[account.id] = position }
        func updateAccount(_ account: Account) { accounts[account.id] = account }
        func renameAccount(_ account: Account, at position: Int64) { accounts[account.id] = account; namedAt[account.id] = position }
        func namedPosition(accountID: String) -> Int64? { namedAt[accountID] }
        func saveCategory(_ category: Category) { categories[category.accountID] = category }
        func insertTransaction(_ transaction: LedgerTransaction, at position: Int64) { transactions[transaction.id] = transaction }
        func updateTransaction(_ transaction: LedgerTransaction, at position: Int64) { transactions[transaction.id] = transaction }
        func addToBalance(accountID: String, _ amount: Money) {
            balanceBook[accountID, default: [:]][amount.currency, default: 0] += amount.minorUnits
        }
        func insertBudgetDefinition(_ definition: BudgetDefinition) { budgets.append(definition) }
        func insertIncomeGoal(_ goal: IncomeGoal) { goals.append(goal) }
        var learnedItemWords: [String: Int64] = [:]
        var receiptWords: [String: [String]] = [:]
        var itemWords: [String: [String]] = [:]
        func learnSuggestion(accountID: String, payee: String?, amount: Money?, itemWords: [String], delta: Int64) {
            learned[accountID, default: 0] += delta
            for word in itemWords { learnedItemWords[accountID + " " + word, default: 0] += delta }
        }
        func saveReceiptItemWords(_ words: [String], receiptID: String) { receiptWords[receiptID] = words }
        func attachReceiptItemWords(receiptID: String, transactionID: String) {
            if let words = receiptWords.removeValue(forKey: receiptID) { itemWords[transactionID] = words }
        }
        func receiptItemWords(transactionID: String) -> [String] { itemWords[transactionID] ?? [] }
        func budgetDefinitions(accountID: String) -> [BudgetDefinition] { budgets.filter { $0.accountID == accountID } }
        func insertSuggestionOutcome(_ outcome: SuggestionOutcome) { outcomes[outcome.transactionID] = outcome }
        func suggestionOutcome(transactionID: String) -> SuggestionOutcome? { outcomes[transactionID] }
        func updateSuggestionOutcome(_ outcome: SuggestionOutcome) { outcomes[outcome.transactionID] = outcome }
        func setCheckpoint(_ position: Int64) { self.position = position }
        var aliases: [String: String] = [:]
        func accountID(resolving id: String) -> String { aliases[id] ?? id }
        func insertAccountAlias(_ alias: String, for accountID: String, at position: Int64) { aliases[alias] = accountID }
        var accountConflicts: [String: Int64?] = [:]
        func insertAccountConflict(accountID: String, name: String, keptAccountID: String, at position: Int64) { accountConflicts[accountID] = .some(nil) }
        func resolveAccountConflict(accountID: String, at position: Int64) {
            if accountConflicts[accountID] != nil { accountConflicts[accountID] = position }
        }
        var conflicts: [Int64: (conflict: LedgerEvent.TransactionConflicted, resolvedAt: Int64?)] = [:]
        func insertConflict(_ conflict: LedgerEvent.TransactionConflicted, at position: Int64) { conflicts[position] = (conflict, nil) }
        func resolveConflicts(transactionID: String, at position: Int64) {
            for (key, entry) in conflicts where entry.conflict.transactionID == transactionID && entry.resolvedAt == nil {
                conflicts[key]?.resolvedAt = position
            }
        }
        func checkpoint() -> Int64 { position }
        var commodities: [String: Commodity] = [:]
        var prices: [MarketPrice] = []
        func saveCommodity(_ commodity: Commodity, display: String?) { commodities[commodity.code] = commodity }
        func commodity(symbol: String) -> Commodity? { commodities[symbol] }
        func savePrice(_ price: MarketPrice, at position: Int64) {
            prices.removeAll { $0.date == price.date && $0.commodity == price.commodity && $0.quote == price.quote }
            prices.append(price)
            recordings.append((price, false))
        }
        func price(of commodity: Commodity, in quote: Commodity, on date: LocalDate) -> ExactDecimal? {
            prices.last { $0.commodity == commodity && $0.quote == quote && $0.date == date }?.value
        }
        /// Every recording, oldest first, with whether it was retracted (as `price_recordings`).
        var recordings: [(price: MarketPrice, retracted: Bool)] = []
        func priceRecordings(of commodity: Commodity, in quote: Commodity, on date: LocalDate) -> [PriceRecording]? {
            recordings.filter { $0.price.commodity == commodity && $0.price.quote == quote && $0.price.date == date }
                .map { PriceRecording(value: $0.price.value, isRetracted: $0.retracted) }
        }
        func retractPrice(_ retraction: LedgerEvent.PriceRetracted, at position: Int64) {
            func sameDay(_ p: MarketPrice) -> Bool { p.commodity == retraction.commodity && p.quote == retraction.quote && p.date == retraction.date }
            guard let taken = recordings.lastIndex(where: { sameDay($0.price) && !$0.retracted
                && PriceRecording.sameValue($0.price.value, retraction.value) }) else { return }
            recordings[taken].retracted = true
            prices.removeAll(where: sameDay)
            if let standing = recordings.last(where: { sameDay($0.price) && !$0.retracted }) { prices.append(standing.price) }
        }
    }

    /// A store and the position of the next event folded into it.
    final class Fold {
        let store = MemoryStore()
        private var position: Int64 = 0
        var lastPosition: Int64 { position }

        /// A ledger with `assets:cash`, `expenses:food` and `expenses:fun` open.
        static func household() throws -> Fold {
            let fold = Fold()
            try fold.apply(.ledgerCreated(.init(name: "h", baseCurrency: .usd, timeZone: "UTC")))
            try fold.apply(.accountOpened(.init(accountID: "cash", name: try AccountName("assets:cash"), type: .asset, currency: .usd)))
            try fold.apply(.accountOpened(.init(accountID: "food", name: try AccountName("expenses:food"), type: .expense, currency: .usd)))
            try fold.apply(.accountOpened(.init(accountID: "fun", name: try AccountName("expenses:fun"), type: .expense, currency: .usd)))
            return fold
        }

        func apply(_ event: LedgerEvent) throws {
            position += 1
            try LedgerProjector.apply(event, at: position, recordedAt: 0, to: store)
        }
    }

    func testEditAndVoidReverseWhatWasPosted() throws {
        let fold = try Fold.household(), store = fold.store
        let apply = fold.apply
        let date = try LocalDate(iso: "2026-11-02")
        try apply(.expenseCaptured(.init(transactionID: "t1", date: date, amount: Money(minorUnits: 1250, currency: .usd),
                                         fromAccountID: "cash", toAccountID: "food", payee: "Shop", memo: nil)))
        XCTAssertEqual(store.balances(accountID: "food"), [Money(minorUnits: 1250, currency: .usd)])

        try apply(.transactionEdited(.init(transactionID: "t1", changes: [
            FieldChange(field: .amount, before: 1250, after: 1300),
            FieldChange(field: .toAccount, before: "food", after: "fun"),
        ], reason: "typo")))
        XCTAssertEqual(store.balances(accountID: "food"), [])
        XCTAssertEqual(store.balances(accountID: "fun"), [Money(minorUnits: 1300, currency: .usd)])
        XCTAssertEqual(store.balances(accountID: "cash"), [Money(minorUnits: -1300, currency: .usd)])
        XCTAssertEqual(store.transactions["t1"]?.version, 2)

        try apply(.transactionVoided(.init(transactionID: "t1", reason: nil)))
        XCTAssertEqual(store.balances(accountID: "fun") + store.balances(accountID: "cash"), [])
        XCTAssertEqual(store.transactions["t1"]?.isVoided, true)
    }

    func testReceiptItemWordsFollowTheExpenseThroughEditAndVoid() throws {
        let fold = try Fold.household(), store = fold.store
        let apply = fold.apply
        try apply(.receiptScanned(.init(
            receiptID: "r1", imageSHA256: String(repeating: "a", count: 64), engine: .init(name: "t", version: "5", language: "eng"),
            preprocessing: [], rows: [], fields: [:], warnings: [],
            items: [.init(text: "TEH TARIK 2 PCS", quantity: 2, amountMinorUnits: 500, confidenceBasisPoints: 9000, rows: [])])))
        var expense = LedgerEvent.MoneyMoved(transactionID: "t1", date: try LocalDate(iso: "2026-11-02"),
                                             amount: Money(minorUnits: 500, currency: .usd), fromAccountID: "cash", toAccountID: "food",
                                             payee: "Kopitiam", memo: nil)
        expense.receiptID = "r1"
        try apply(.expenseCaptured(expense))
        XCTAssertEqual(store.learnedItemWords, ["food i:teh": 1, "food i:tarik": 1])
        XCTAssertEqual(store.receiptWords, [:], "the scan's words moved to the expense")

        try apply(.transactionEdited(.init(transactionID: "t1", changes: [FieldChange(field: .toAccount, before: "food", after: "fun")],
                                           reason: nil)))
        XCTAssertEqual(store.learnedItemWords, ["food i:teh": 0, "food i:tarik": 0, "fun i:teh": 1, "fun i:tarik": 1])
        try apply(.transactionVoided(.init(transactionID: "t1", reason: nil)))
        XCTAssertEqual(store.learnedItemWords.values.filter { $0 != 0 }, [])
    }

    /// Two devices void one transaction while apart and the server keeps both voids: the money
    /// leaves the books once, and the suggester unlearns the expense once.
    func testASecondVoidOfATransactionMovesNoMoney() throws {
        let fold = try Fold.household(), store = fold.store
        try fold.apply(.expenseCaptured(.init(transactionID: "t1", date: try LocalDate(iso: "2026-11-02"), amount: Money(minorUnits: 1250, currency: .usd),
                                              fromAccountID: "cash", toAccountID: "food", payee: "Shop", memo: nil)))
        let learned = store.learned
        try fold.apply(.transactionVoided(.init(transactionID: "t1", reason: "duplicate")))
        let unlearned = store.learned
        XCTAssertNotEqual(unlearned, learned)
        try fold.apply(.transactionVoided(.init(transactionID: "t1", reason: "returned")))
        XCTAssertEqual(store.balances(accountID: "food") + store.balances(accountID: "cash"), [])
        XCTAssertEqual(store.transactions["t1"]?.isVoided, true)
        XCTAssertEqual(store.transactions["t1"]?.version, 3, "the stream holds three events")
        XCTAssertEqual(store.learned, unlearned)
    }

    /// Two accounts renamed to one name while their devices were apart: the second keeps a marked
    /// name and is listed as a conflict until renamed again, which settles it.
    func testASecondRenameToATakenNameIsMarkedAndListed() throws {
        let fold = try Fold.household(), store = fold.store
        try fold.apply(.accountRenamed(.init(accountID: "food", from: try AccountName("expenses:food"), to: try AccountName("expenses:meals"))))
        try fold.apply(.accountRenamed(.init(accountID: "fun", from: try AccountName("expenses:fun"), to: try AccountName("expenses:meals"))))
        XCTAssertEqual(store.accounts["food"]?.name.rawValue, "expenses:meals")
        XCTAssertEqual(store.accounts["fun"]?.name.rawValue, "expenses:meals [fun]")
        XCTAssertEqual(store.accountConflicts["fun"], .some(nil), "open")
        try fold.apply(.accountRenamed(.init(accountID: "fun", from: try AccountName("expenses:meals [fun]"), to: try AccountName("expenses:outings"))))
        XCTAssertEqual(store.accounts["fun"]?.name.rawValue, "expenses:outings")
        XCTAssertEqual(store.accountConflicts["fun"], .some(fold.lastPosition), "settled by the rename")
    }

    func testEditOfAnUnknownTransactionIsAMalformedLog() {
        XCTAssertThrowsError(try LedgerProjector.apply(
            .transactionVoided(.init(transactionID: "nope", reason: nil)), at: 1, recordedAt: 0, to: MemoryStore()))
    }
}
