/// Turns a command into the events that record it, or refuses it with a `LedgerError`.
///
/// Pure apart from reading `state`: it validates everything (accounts exist and are open,
/// currencies agree, postings balance) before a single event exists, so a refused command
/// leaves nothing behind.
///
/// This file holds the dispatch; each concern is an extension of its own (`+Accounts`, `+Money`, `+Edits`,
/// `+Text`, `+Commodities`, `+PostingStatus`, and beside their features `+Plans`, `+Lots`, `+Receipts`,
/// `+Suggestions`): at 582 lines in one file, a change to money touched the file every feature edits (issue 35).
public struct LedgerDecider<State: LedgerStateReader> {
    public let state: State
    public var context: DecisionContext

    public init(state: State, context: DecisionContext) {
        self.state = state
        self.context = context
    }

    /// Decides `command` against `state`; reads only, so deciding twice decides the same (but for
    /// the fresh ids `context` mints).
    public func decide(_ command: LedgerCommand) throws -> Decision {
        let events = try events(for: command)
        try EventAdmission.checkBalances(after: events, against: state)
        let suggestion = events.lazy.compactMap(\.suggestion).first
        return Decision(events: events, expectedVersions: try expectedVersions(of: events),
                        transactionID: events.lazy.compactMap(\.transactionID).first,
                        accountID: events.lazy.compactMap(\.accountID).first, suggestion: suggestion,
                        suggestedCategory: try suggestion?.accountID.flatMap { try state.account(id: $0)?.name })
    }

    /// The optimistic-concurrency policy: a command that changes a transaction expects the version
    /// it decided against; one that starts a stream expects none; the structure and prices streams
    /// are shared by every command that adds to them, so they are not checked.
    private func expectedVersions(of events: [LedgerEvent]) throws -> [String: ExpectedVersion] {
        var expected: [String: ExpectedVersion] = [:]
        for event in events where expected[event.stream] == nil {
            let changed: String? = switch event {
            case .transactionEdited(let e): e.transactionID
            case .transactionVoided(let e): e.transactionID
            case .postingsMarked(let e): e.transactionID
            case .postingsLocked(let e): e.transactionID
            default: nil
            }
            if let changed {
                guard let transaction = try state.transaction(id: changed) else { throw LedgerError.unknownTransaction(changed) }
                expected[event.stream] = .exact(Int64(transaction.version))
            } else if event.stream != LedgerEvent.structureStream && event.stream != LedgerEvent.pricesStream {
                expected[event.stream] = .noStream
            }
        }
        return expected
    }

    private func events(for command: LedgerCommand) throws -> [LedgerEvent] {
        if case .createLedger(let name, let currency, let timeZone) = command {
            guard try state.settings() == nil else { throw LedgerError.ledgerAlreadyInitialised }
            try checkText(name, field: "ledger name")
            return [.ledgerCreated(.init(name: name, baseCurrency: currency, timeZone: timeZone))]
        }
        guard let settings = try state.settings() else { throw LedgerError.ledgerNotInitialised }
        switch command {
        case .createLedger:
            preconditionFailure("handled above")
        case .openAccount(let name, let type, let currency):
            return [try openAccount(name, type: type, currency: currency ?? settings.baseCurrency)]
        case .openAccountForAnyCommodity(let name, let type, let currency):
            guard case .accountOpened(var opened) = try openAccount(name, type: type, currency: currency ?? settings.baseCurrency) else {
                preconditionFailure("openAccount opens an account")
            }
            opened.holdsAnyCommodity = true
            return [.accountOpened(opened)]
        case .renameAccount(let name, let newName):
            let account = try existingAccount(name)
            let target = try newAccountName(newName)
            guard try self.account(named: target.rawValue) == nil else { throw LedgerError.accountExists(newName) }
            try checkSameRoot(account, renamedTo: target)
            return [.accountRenamed(.init(accountID: account.id, from: account.name, to: target))]
        case .retypeAccount(let name, let type):
            let account = try existingAccount(name)
            guard type != .unclassified else {
                throw LedgerError.wrongAccountType(name, is: account.type, expected: "asset, liability, equity, income or expense")
            }
            guard account.type != type else { throw LedgerError.nothingToChange }
            guard try state.category(accountID: account.id) == nil || type.canBeCategory else {
                throw LedgerError.wrongAccountType(name, is: account.type, expected: "income or expense (it is a category)")
            }
            return [.accountRetyped(.init(accountID: account.id, from: account.type, to: type))]
        case .closeAccount(let name):
            let account = try openAccount(named: name)
            if let balance = try state.balances(accountID: account.id).first {
                throw account.type.canBeCategory ? LedgerError.categoryNotEmpty(name, balance: balance.description)
                    : LedgerError.accountNotEmpty(name, balance: balance.description)
            }
            return [.accountClosed(.init(accountID: account.id))]
        case .addCategory(let input):
            return try addCategory(input, currency: settings.baseCurrency)
        case .renameCategory(let name, let newName):
            let (account, category, defining) = try existingCategory(name, types: [.expense, .income])
            let newAccountName = try categoryAccountName(newName, type: account.type)
            try checkCategoryRoot(newAccountName, type: account.type)
            try checkNoDoubleSpace(newAccountName)
            guard try self.account(named: newAccountName.rawValue) == nil else { throw LedgerError.categoryExists(newName) }
            try checkSameRoot(account, renamedTo: newAccountName)
            let display = displayName(for: newAccountName)
            return defining + [.accountRenamed(.init(accountID: account.id, from: account.name, to: newAccountName)),
                               .categoryRenamed(.init(accountID: account.id, from: category.displayName, to: display))]
        case .archiveCategory(let name):
            let (account, category, defining) = try existingCategory(name, types: [.expense, .income])
            guard !category.isArchived else { throw LedgerError.categoryArchived(name) }
            // Its budget stops too, from the period containing today: left alone it kept rolling over, shown as
            // `dining (archived) … available 346.00` every month (issue 29, N25).
            let budget = try state.budgetDefinitions(accountID: account.id).max { $0.position < $1.position }
            let cleared: [LedgerEvent] = budget?.budget == nil ? [] : [.budgetCleared(.init(accountID: account.id, effectiveFrom: context.today))]
            return defining + [.categoryArchived(.init(accountID: account.id))] + cleared
        case .captureExpense(let input):
            let from = try postingAccount(input.from, types: [.asset, .liability], role: "an asset or liability account to pay from")
            if input.suggestCategory { return try captureSuggested(input, from: from) }
            let to = try categoryAccount(input.to, type: .expense)
            return [.expenseCaptured(try moneyMoved(input, from: from, to: to))]
        case .recordIncome(let input):
            let to = try postingAccount(input.to, types: [.asset, .liability], role: "an asset or liability account to receive into")
            let from = try categoryAccount(input.from, type: .income)
            return [.incomeRecorded(try moneyMoved(input, from: from, to: to))]
        case .makeTransfer(let input):
            let types: Set<AccountType> = [.asset, .liability, .equity]
            let from = try postingAccount(input.from, types: types, role: "an asset, liability or equity account")
            let to = try postingAccount(input.to, types: types, role: "an asset, liability or equity account")
            guard from.id != to.id else { throw LedgerError.sameAccount(from.name.rawValue) }
            if let cost = input.cost { return try convertingTransfer(input, cost: cost, from: from, to: to) }
            return [.transferMade(try moneyMoved(input, from: from, to: to))]
        case .recordTransaction(let input):
            let (postings, opened) = try resolvePostings(input.postings)
            try checkOptionalText(input.payee, field: "payee")
            try checkOptionalText(input.memo, field: "memo")
            if let date = input.date { try PlanPeriod.check(date) }
            var recorded = LedgerEvent.TransactionRecorded(transactionID: context.makeID(), date: input.date ?? context.today,
                                                           payee: input.payee, memo: input.memo, postings: postings)
            try checkOptionalText(input.code, field: "code")
            recorded.status = input.status
            recorded.code = input.code
            if let index = input.suggestCategoryFor { try suggestPosting(index, of: &recorded) }
            return opened + [.transactionRecorded(recorded)]
        case .editTransaction(let input):
            try checkNoLots(transactionID: input.id)
            var opened: [LedgerEvent] = []
            var edited = try edit(input, opening: &opened)
            edited.forced = try checkLocks(editing: edited, force: input.force)
            return opened + [.transactionEdited(edited)]
        case .voidTransaction(let id, let reason):
            let transaction = try liveTransaction(id, orVoidedWithOpenConflict: true)
            try checkOptionalText(reason, field: "reason")
            try checkNoLots(transactionID: transaction.id)
            var voided = LedgerEvent.TransactionVoided(transactionID: transaction.id, reason: reason)
            voided.forced = try checkLocks(voiding: transaction, force: false, reason: reason)
            return [.transactionVoided(voided)]
        case .forcedVoid(let id, let reason):
            let transaction = try liveTransaction(id, orVoidedWithOpenConflict: true)
            try checkText(reason, field: "reason")
            var voided = LedgerEvent.TransactionVoided(transactionID: transaction.id, reason: reason)
            voided.forced = try checkLocks(voiding: transaction, force: true, reason: reason)
            return [.transactionVoided(voided)]
        case .markPostings(let id, let lines, let status):
            return [.postingsMarked(try markPostings(id, lines: lines, status: status))]
        case .lockPostings(let id, let lines):
            return [.postingsLocked(try lockPostings(id, lines: lines))]
        case .setBudget(let input):
            return [.budgetSet(try setBudget(input))]
        case .clearBudget(let category, let from):
            return [.budgetCleared(try clearBudget(category, from: from))]
        case .setIncomeGoal(let input):
            return [.incomeGoalSet(try setIncomeGoal(input, baseCurrency: settings.baseCurrency))]
        case .importReceipt(let input):
            return try importReceipt(input)
        case .declareCommodity(let commodity, let display):
            return try declareCommodity(commodity, display: display)
        case .recordPrice(let input):
            let price = try recordPrice(input)
            // The same price again (N17: typed twice, or a journal's `P` line already entered by hand) decides
            // nothing: the log would hold two events that say one thing.
            if let known = try state.price(of: price.commodity, in: price.quote, on: price.date),
               Self.sameValue(known, price.value) { return [] }
            return [.priceRecorded(price)]
        case .retractPrice(let input):
            return [.priceRetracted(try retractPrice(input))]
        case .setForecastRule(let input):
            return [.forecastRuleSet(try setForecastRule(input))]
        case .setBooking(let name, let booking):
            return try setBooking(account: name, booking)
        case .assertBalance(let input):
            return [.balanceAsserted(try assertBalance(input))]
        }
    }
}
