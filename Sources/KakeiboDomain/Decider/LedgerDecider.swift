/// Turns a command into the events that record it, or refuses it with a `LedgerError`.
///
/// Pure apart from reading `state`: it validates everything (accounts exist and are open,
/// currencies agree, postings balance) before a single event exists, so a refused command
/// leaves nothing behind.
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
            return [.priceRecorded(try recordPrice(input))]
        case .setForecastRule(let input):
            return [.forecastRuleSet(try setForecastRule(input))]
        case .setBooking(let name, let booking):
            return try setBooking(account: name, booking)
        }
    }

    // MARK: - Accounts and categories

    func openAccount(_ text: String, type: AccountType?, currency: Currency) throws -> LedgerEvent {
        let name = try newAccountName(text)
        guard try account(named: name.rawValue) == nil else { throw LedgerError.accountExists(text) }
        guard let type = type ?? AccountType(inferredFrom: name) else {
            throw LedgerError.accountTypeNotInferred(text)
        }
        return .accountOpened(.init(accountID: context.makeID(), name: name, type: type, currency: currency))
    }

    func addCategory(_ input: LedgerCommand.CategoryInput, currency: Currency) throws -> [LedgerEvent] {
        guard input.type.canBeCategory else {
            throw LedgerError.wrongAccountType(input.name, is: input.type, expected: "an income or expense account")
        }
        let name = try categoryAccountName(input.name, type: input.type)
        try checkCategoryRoot(name, type: input.type)
        try checkVisible(name)
        let hue = input.hue ?? Category.defaultHue(for: name.rawValue)
        guard (0...360).contains(hue) else { throw LedgerError.invalidHue(hue) }
        let display = input.displayName ?? displayName(for: name)
        try checkText(display, field: "category name")
        let icon = input.icon ?? (input.type == .income ? "banknote" : "tag")
        try checkText(icon, field: "icon")

        var events: [LedgerEvent] = []
        let accountID: String
        if let existing = try account(named: name.rawValue) {
            guard try state.category(accountID: existing.id) == nil else { throw LedgerError.categoryExists(input.name) }
            guard existing.type == input.type else {
                throw LedgerError.wrongAccountType(name.rawValue, is: existing.type, expected: "an \(input.type.rawValue) account")
            }
            accountID = existing.id
        } else {
            let opened = try openAccount(name.rawValue, type: input.type, currency: currency)
            guard case .accountOpened(let e) = opened else { preconditionFailure() }
            accountID = e.accountID
            events.append(opened)
        }
        events.append(.categoryDefined(.init(accountID: accountID, displayName: display, hue: hue, icon: icon)))
        return events
    }

    /// `groceries` means `expenses:groceries`, and `food:fast food` means `expenses:food:fast food`:
    /// a category lives under its type's root. A name that starts at a root (`expenses:…`,
    /// `income:…`, or another type's, which is then refused as the wrong type) is taken as it is.
    func categoryAccountName(_ typed: String, type: AccountType) throws -> AccountName {
        let text = typed.composed
        let name = try AccountName(text)
        if AccountType(inferredFrom: name) != nil {
            // `expenses` alone is the top of the tree; `expenses:expenses` is never what was meant.
            if name.depth == 1, try account(named: text) == nil { throw LedgerError.rootIsNotACategory(text) }
            return name
        }
        return try AccountName((type == .income ? "income:" : "expenses:") + text)
    }

    /// `assets:x` names an asset account, never a category: added as one, it was an expense account under assets,
    /// and `balance` netted it into the assets (issue 29, B10).
    func checkCategoryRoot(_ name: AccountName, type: AccountType) throws {
        if let root = AccountType(inferredFrom: name), root != type {
            throw LedgerError.wrongAccountType(name.rawValue, is: root, expected: "\(type.article) \(type.rawValue) account (a category)")
        }
    }

    /// A new name with an invisible character would look like another account's (issue 29, B23).
    func checkVisible(_ name: AccountName) throws {
        if let invisible = FreeText.strayInvisible(in: name.rawValue) {
            throw LedgerError.invalidAccountName(name.rawValue, reason: "it contains the invisible character U+"
                                                 + String(invisible.value, radix: 16, uppercase: true))
        }
    }

    /// A name for a new or renamed account. hledger ends an account name at two spaces (what
    /// follows is the amount), so an exported journal could not hold such a name.
    private func newAccountName(_ text: String) throws -> AccountName {
        let name = try AccountName(text.composed)
        try checkVisible(name)
        try checkNoDoubleSpace(name)
        return name
    }

    private func checkNoDoubleSpace(_ name: AccountName) throws {
        if name.rawValue.contains("  ") {
            throw LedgerError.invalidAccountName(name.rawValue, reason: "it has two spaces in a row, which end an account name in a journal")
        }
    }

    /// The top-level name says what type an account is (the balance tree and every export read it
    /// so): a rename may not move an account under another type's root.
    private func checkSameRoot(_ account: Account, renamedTo target: AccountName) throws {
        let root = account.name.components[0], newRoot = target.components[0]
        guard root != newRoot, AccountType(inferredFrom: target) != account.type else { return }
        throw LedgerError.rootChange(account.name.rawValue, to: target.rawValue, type: account.type, root: String(root))
    }

    private func displayName(for name: AccountName) -> String {
        let last = String(name.components[name.components.count - 1])
        return last.prefix(1).uppercased() + last.dropFirst()
    }

    private func existingAccount(_ name: String) throws -> Account {
        guard let account = try account(named: name) else { throw LedgerError.unknownAccount(name) }
        return account
    }

    private func openAccount(named name: String) throws -> Account {
        let account = try existingAccount(name)
        guard !account.isClosed else { throw LedgerError.accountClosed(name) }
        return account
    }

    /// A category by short or full name, and the events that define it first when its account
    /// was opened without one (by an import): such accounts are categories all the same.
    private func existingCategory(_ name: String, types: [AccountType]) throws -> (Account, Category, [LedgerEvent]) {
        var accounts: [Account] = []
        for type in types {
            if let account = try account(named: try categoryAccountName(name, type: type).rawValue) { accounts.append(account) }
        }
        // Also a category added as a top-level name, before categories always lived under their root.
        if let account = try account(named: name) { accounts.append(account) }
        for account in accounts where types.contains(account.type) {
            if let category = try state.category(accountID: account.id) { return (account, category, []) }
        }
        if let account = accounts.first(where: { types.contains($0.type) && !$0.isClosed }) {
            let category = Category.implicit(for: account)
            return (account, category, [.categoryDefined(.init(accountID: account.id, displayName: category.displayName,
                                                               hue: category.hue, icon: category.icon))])
        }
        throw LedgerError.unknownCategory(name)
    }

    /// A category by short name (`groceries`) or any account of the right type by full name.
    func categoryAccount(_ name: String, type: AccountType) throws -> Account {
        let accountName = try categoryAccountName(name, type: type)
        guard let account = try account(named: accountName.rawValue) ?? account(named: name) else {
            throw name.contains(":") ? LedgerError.unknownAccount(name) : LedgerError.unknownCategory(name)
        }
        guard !account.isClosed else { throw LedgerError.accountClosed(account.name.rawValue) }
        guard account.type == type else {
            throw LedgerError.wrongAccountType(account.name.rawValue, is: account.type, expected: "an \(type.rawValue) account")
        }
        if let category = try state.category(accountID: account.id), category.isArchived {
            throw LedgerError.categoryArchived(name)
        }
        return account
    }

    func postingAccount(_ name: String, types: Set<AccountType>, role: String) throws -> Account {
        let account = try openAccount(named: name)
        guard types.contains(account.type) else {
            throw LedgerError.wrongAccountType(name, is: account.type, expected: role)
        }
        return account
    }

    /// The account a typed name means: as typed, else in its composed form (`String.composed`), which is how
    /// every name opened since issue 29 is stored.
    func account(named text: String) throws -> Account? {
        if let account = try state.account(named: text) { return account }
        let composed = text.composed
        return composed == text ? nil : try state.account(named: composed)
    }

    // MARK: - Money

    func parseAmount(_ text: String, currency: Currency) throws -> Money {
        let amount: Money
        do { amount = try Money.parse(text, currency: currency) } catch { throw LedgerError.money(error) }
        guard !amount.isZero else { throw LedgerError.zeroAmount }
        try checkUnambiguous(text, amount)
        return amount
    }

    /// `10.000` typed for a 2-decimal currency is ten to Kakeibo and ten thousand to a reader who
    /// groups thousands with "."; `1.234` is already refused, so refuse its look-alike with zeros.
    /// (Importers pass amounts in the currency's own digits, so this only meets typed text.)
    private func checkUnambiguous(_ text: String, _ amount: Money) throws {
        guard amount.currency.minorDigits < 3, !text.contains(",") else { return }
        var trimmed = Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        // `limitedBy:` — "1.5" has fewer than four characters, and an unlimited offset traps (issue 29, N1).
        guard let point = trimmed.lastIndex(of: "."),
              point == trimmed.index(trimmed.endIndex, offsetBy: -4, limitedBy: trimmed.startIndex) else { return }
        var grouped = trimmed.filter { $0 != "." && $0 != "+" && $0 != "-" }.drop { $0 == "0" }
        if grouped.isEmpty { grouped = "0" }
        let sign = amount.minorUnits < 0 ? "-" : ""
        throw LedgerError.money(.invalidAmount(text, reason: "three decimals are ambiguous: this reads as \(amount.decimalString), "
                                               + "but as \(sign)\(grouped) where \".\" groups thousands; write \(amount.decimalString) "
                                               + "or \(sign)\(grouped)"))
    }

    /// Asset and liability accounts hold the commodity they were opened with, as a bank account
    /// does; income, expense and equity accounts take any (a trip abroad spends two on food).
    func checkCurrency(_ amount: Money, _ account: Account) throws {
        guard account.accepts(amount.currency) else {
            throw LedgerError.currencyMismatch(account: account.name.rawValue, accountCurrency: account.currency.code,
                                               amountCurrency: amount.currency.code)
        }
    }

    func moneyMoved(_ input: LedgerCommand.MoneyInput, from: Account, to: Account) throws -> LedgerEvent.MoneyMoved {
        let amount = try parseAmount(input.amount, currency: input.currency ?? from.currency)
        try checkCurrency(amount, from)
        try checkCurrency(amount, to)
        try checkOptionalText(input.payee, field: "payee")
        try checkOptionalText(input.memo, field: "memo")
        _ = try LedgerTransaction.simplePostings(amount: amount, from: from.id, to: to.id) // negation must not overflow
        // A date every report can show: budgets, goals, forecasts and widgets cover these years only.
        if let date = input.date { try PlanPeriod.check(date) }
        return .init(transactionID: context.makeID(), date: input.date ?? context.today, amount: amount,
                     fromAccountID: from.id, toAccountID: to.id, payee: input.payee, memo: input.memo)
    }

    /// Resolves accounts, parses amounts, fills the one elided amount and checks the balance.
    /// A priced posting (`@`, `@@`) brings two generated conversion postings, and the events
    /// opening their accounts when this is the first conversion between its two commodities.
    /// No postings at all is a dated note (hledger keeps such transactions): it moves no money.
    private func resolvePostings(_ inputs: [LedgerCommand.PostingInput]) throws -> ([Posting], [LedgerEvent]) {
        if inputs.isEmpty { return ([], []) }
        // A lone `(account)` posting is a whole transaction in hledger: it balances with nothing.
        guard inputs.count >= 2 || inputs.allSatisfy({ $0.virtual == .unbalanced }) else { throw LedgerError.tooFewPostings }
        let accounts = try inputs.map { try openAccount(named: $0.account) }
        let elided = inputs.indices.filter { inputs[$0].amount == nil }
        guard elided.count <= 1 else {
            throw LedgerError.unbalanced("only one posting may leave its amount out, \(elided.count) do")
        }
        var postings: [Posting?] = []
        var book = LotBook()
        for (input, account) in zip(inputs, accounts) {
            try checkOptionalText(input.memo, field: "posting memo")
            guard let text = input.amount else { postings.append(nil); continue }
            // A zero beside a priced posting is where a cost that weighs nothing comes from
            // (`5 EUR @@ $0` from `assets:b $0`, issue 29 N4): kept, so the priced one is too.
            let currency = input.currency ?? account.currency
            let zeroBesideCost = input.cost == nil && inputs.contains { $0.cost != nil }
                && (try? Money.parse(text, currency: currency))?.isZero == true
            let amount = zeroBesideCost ? Money.zero(currency) : try parseAmount(text, currency: currency)
            try checkCurrency(amount, account)
            let cost = try input.cost.map { cost throws in try postingCost(cost, for: amount) }
            var posting = Posting(accountID: account.id, amount: amount, memo: input.memo, cost: cost)
            posting.virtual = input.virtual
            posting.status = input.status
            if let written = input.accountAsWritten {
                try checkText(written, field: "account as written")
                posting.accountAsWritten = written
            }
            try bookLot(&posting, input: input, account: account, book: &book)
            postings.append(posting)
        }
        // A conversion inside one account (`-20 EUR @ 7.53 HRK` and `150.60 HRK` on assets:cash)
        // moves money through the generated conversion accounts.
        guard Set(accounts.map(\.id)).count > 1 || inputs.contains(where: { $0.virtual != nil || $0.cost != nil }) else {
            throw LedgerError.sameAccount(accounts[0].name.rawValue)
        }
        if let index = elided.first, inputs[index].virtual != nil {
            throw LedgerError.unbalanced("a virtual posting must give its amount")
        }
        var opened: [LedgerEvent] = []
        var conversions: [Posting] = []
        for posting in postings.compactMap({ $0 }) where posting.cost != nil {
            conversions += try conversionPostings(for: posting, opening: &opened)
        }
        conversions += try gainPostings(postings.compactMap { $0 }, conversions: conversions, hasElided: !elided.isEmpty, opening: &opened)
        let known = postings.compactMap { $0 } + conversions
        let imbalances: [Money]
        do { imbalances = try known.imbalances() } catch { throw LedgerError.money(error) }
        if let index = elided.first {
            guard imbalances.count == 1, let rest = imbalances.first else {
                throw LedgerError.unbalanced("the left-out amount would need \(imbalances.isEmpty ? "to be zero" : "several currencies")")
            }
            let filler: Money
            do { filler = try rest.negated() } catch { throw LedgerError.money(error) }
            try checkCurrency(filler, accounts[index])
            postings[index] = Posting(accountID: accounts[index].id, amount: filler, memo: inputs[index].memo)
            postings[index]?.status = inputs[index].status
        } else if !imbalances.isEmpty {
            throw LedgerError.unbalanced(imbalances.map { "\($0.currency.code) off by \($0.decimalString)" }.joined(separator: ", ")
                                         + (imbalances.count > 1 ? "; write the rate with @ or @@ to convert between them" : ""))
        }
        return (try sharingGains(postings.map { $0! } + conversions), opened)
    }

    // MARK: - Edits

    /// The transaction `id`, refused once voided. `orVoidedWithOpenConflict` (a void) also takes a
    /// voided one whose void raced an edit on another device: voiding it again says the void
    /// stands and settles that conflict (the fold moves no money for it), the one way to settle
    /// it, since a voided transaction takes no edit.
    private func liveTransaction(_ id: String, orVoidedWithOpenConflict: Bool = false) throws -> LedgerTransaction {
        guard let transaction = try state.transaction(id: id) else { throw LedgerError.unknownTransaction(id) }
        if transaction.isVoided, try !orVoidedWithOpenConflict || !state.hasOpenConflict(transactionID: transaction.id) {
            throw LedgerError.transactionVoided(id)
        }
        return transaction
    }

    private func edit(_ input: LedgerCommand.EditInput, opening opened: inout [LedgerEvent]) throws -> LedgerEvent.TransactionEdited {
        let txn = try liveTransaction(input.id)
        var changes: [FieldChange] = []
        func record(_ field: TransactionField, _ before: JSONValue, _ after: JSONValue) {
            if before != after { changes.append(FieldChange(field: field, before: before, after: after)) }
        }
        if let date = input.date {
            try PlanPeriod.check(date)
            record(.date, .string(txn.date.description), .string(date.description))
        }
        if let payee = input.payee {
            try checkOptionalText(payee, field: "payee")
            record(.payee, .optional(txn.payee), .optional(payee))
        }
        if let memo = input.memo {
            try checkOptionalText(memo, field: "memo")
            record(.memo, .optional(txn.memo), .optional(memo))
        }
        var to = input.to, from = input.from
        if let category = input.category {
            switch txn.kind {
            case .expense: to = try categoryAccount(category, type: .expense).name.rawValue
            case .income: from = try categoryAccount(category, type: .income).name.rawValue
            case .transfer, .general: throw LedgerError.fieldNotEditable("category", kind: txn.kind)
            }
        }
        if txn.kind.isSimple {
            guard let amount = txn.amount, let toID = txn.toAccountID, let fromID = txn.fromAccountID else {
                throw LedgerError.malformedEvent(type: "TransactionEdited", reason: "simple transaction without two postings")
            }
            if let text = input.amount {
                let newAmount = try parseAmount(text, currency: amount.currency)
                record(.amount, .int(amount.minorUnits), .int(newAmount.minorUnits))
            }
            for (field, name, currentID) in [(TransactionField.fromAccount, from, fromID), (.toAccount, to, toID)] {
                guard let name else { continue }
                let account = try openAccount(named: name)
                try checkCurrency(amount, account)
                try checkEditedAccountType(account, field: field, kind: txn.kind)
                record(field, .string(currentID), .string(account.id))
            }
            if input.postings != nil { throw LedgerError.fieldNotEditable("postings", kind: txn.kind) }
        } else {
            if input.amount != nil { throw LedgerError.fieldNotEditable("amount", kind: txn.kind) }
            if from != nil || to != nil { throw LedgerError.fieldNotEditable("accounts", kind: txn.kind) }
            if let inputs = input.postings {
                let (postings, opening) = try resolvePostings(inputs)
                opened += opening
                record(.postings, txn.postings.json, postings.json)
            }
        }
        if input.reviewed { changes.append(FieldChange(field: .reviewed, before: .null, after: .bool(true))) }
        guard !changes.isEmpty else { throw LedgerError.nothingToChange }
        try checkOptionalText(input.reason, field: "reason")
        return .init(transactionID: txn.id, changes: changes, reason: input.reason)
    }

    private func checkEditedAccountType(_ account: Account, field: TransactionField, kind: TransactionKind) throws {
        let allowed: Set<AccountType> = switch (kind, field) {
        case (.expense, .toAccount): [.expense]
        case (.income, .fromAccount): [.income]
        case (.transfer, _): [.asset, .liability, .equity]
        default: [.asset, .liability]
        }
        guard allowed.contains(account.type) else {
            throw LedgerError.wrongAccountType(account.name.rawValue, is: account.type,
                                               expected: allowed.map(\.rawValue).sorted().joined(separator: " or ") + " account")
        }
    }

    // MARK: - Text

    /// Free text ends up in terminals and exports: keep it printable and bounded.
    func checkText(_ text: String, field: String) throws {
        guard !text.isEmpty, FreeText.fitsLength(text) else {
            throw LedgerError.invalidText(field: field, reason: "it must be 1 to \(FreeText.maximumBytes) bytes long")
        }
        if FreeText.containsControlCharacter(text) {
            throw LedgerError.invalidText(field: field, reason: "it contains a control character")
        }
        // `--payee "   "` and an invisible character made entries that look blank or identical (issue 29, B23).
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw LedgerError.invalidText(field: field, reason: "it is only spaces")
        }
        if let invisible = FreeText.strayInvisible(in: text) {
            throw LedgerError.invalidText(field: field, reason: "it contains the invisible character U+"
                                          + String(invisible.value, radix: 16, uppercase: true) + ", which makes two different texts look the same")
        }
        // Bidirectional controls reorder what a terminal shows: `history` could be made to lie.
        if let bidi = text.unicodeScalars.first(where: { bidiControls.contains($0.value) }) {
            throw LedgerError.invalidText(field: field, reason: "it contains the bidirectional control character U+"
                                          + String(bidi.value, radix: 16, uppercase: true)
                                          + ", which can make text display in a misleading order")
        }
    }

    func checkOptionalText(_ text: String?, field: String) throws {
        if let text { try checkText(text, field: field) }
    }
}

/// LRM, RLM, ALM and the embedding, override and isolate controls.
private let bidiControls: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                         0x2066, 0x2067, 0x2068, 0x2069]
