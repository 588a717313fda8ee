// Accounts and categories: opening, naming, and finding the accounts a command names.

extension LedgerDecider {
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
    func newAccountName(_ text: String) throws -> AccountName {
        let name = try AccountName(text.composed)
        try checkVisible(name)
        try checkNoDoubleSpace(name)
        return name
    }

    func checkNoDoubleSpace(_ name: AccountName) throws {
        if name.rawValue.contains("  ") {
            throw LedgerError.invalidAccountName(name.rawValue, reason: "it has two spaces in a row, which end an account name in a journal")
        }
    }

    /// The top-level name says what type an account is (the balance tree and every export read it
    /// so): a rename may not move an account under another type's root.
    func checkSameRoot(_ account: Account, renamedTo target: AccountName) throws {
        let root = account.name.components[0], newRoot = target.components[0]
        guard root != newRoot, AccountType(inferredFrom: target) != account.type else { return }
        throw LedgerError.rootChange(account.name.rawValue, to: target.rawValue, type: account.type, root: String(root))
    }

    func displayName(for name: AccountName) -> String {
        let last = String(name.components[name.components.count - 1])
        return last.prefix(1).uppercased() + last.dropFirst()
    }

    func existingAccount(_ name: String) throws -> Account {
        guard let account = try account(named: name) else { throw LedgerError.unknownAccount(name) }
        return account
    }

    func openAccount(named name: String) throws -> Account {
        let account = try existingAccount(name)
        guard !account.isClosed else { throw LedgerError.accountClosed(name) }
        return account
    }

    /// A category by short or full name, and the events that define it first when its account
    /// was opened without one (by an import): such accounts are categories all the same.
    func existingCategory(_ name: String, types: [AccountType]) throws -> (Account, Category, [LedgerEvent]) {
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
}
