import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

extension JournalImporter {
    /// What each `~` rule becomes.
    ///
    /// A monthly or weekly rule (no end, no anchoring day) whose amounts all go to expense
    /// accounts, positive and in the base currency, paid from an asset or liability account (the
    /// posting that leaves its amount out), becomes budgets: one `BudgetSet` per account, period
    /// and start date (the rule's `from`, or the journal's first transaction date), after defining
    /// the account as a category if it is not one. Any other rule (income, transfers, another
    /// currency, `every Dec 20th`, a one-off plan) is kept as it is written, as one
    /// `ForecastRuleSet` that `forecast` uses. Each is keyed by its content, so re-importing
    /// appends none.
    static func budgetEntries(_ journal: Journal, firstDate: LocalDate?, typeOf: (AccountName) -> AccountType, baseCurrency: Currency,
                              categories: Set<AccountName>) throws -> [Entry] {
        var entries: [Entry] = []
        var defined = categories
        var occurrences: [String: Int] = [:]
        for rule in journal.periodicRules {
            guard let length = rule.length, isBudget(rule, typeOf: typeOf, baseCurrency: baseCurrency) else {
                entries.append(forecastEntry(rule, occurrences: &occurrences))
                continue
            }
            for posting in rule.postings {
                guard let amount = posting.amount else { continue }
                let provenance = posting.location.fileAndLine
                if !defined.contains(posting.account) {
                    defined.insert(posting.account)
                    entries.append(Entry(command: .addCategory(.init(name: posting.account.rawValue, type: .expense)),
                                         options: CommandOptions(source: .journalImport, provenance: provenance),
                                         location: posting.location))
                }
                let from = rule.from ?? firstDate
                let digest = sha256Hex(Array("b1\u{1F}\(posting.account)\u{1F}\(length)\u{1F}\(from?.description ?? "")\u{1F}\(amount.decimalString)".utf8),
                                       prefix: 16)
                let occurrence = occurrences[digest, default: 0]
                occurrences[digest] = occurrence + 1
                entries.append(Entry(command: .setBudget(.init(category: posting.account.rawValue, amount: amount.decimalString,
                                                               length: length, from: from)),
                                     options: CommandOptions(source: .journalImport, provenance: provenance,
                                                             idempotencyKey: "journal-budget:\(digest):\(occurrence)",
                                                             fingerprint: "journal-budget:\(digest)"),
                                     location: posting.location, kind: .budget))
            }
        }
        return entries
    }

    /// Whether a rule is an expense budget: see `budgetEntries`.
    static func isBudget(_ rule: Journal.PeriodicRule, typeOf: (AccountName) -> AccountType, baseCurrency: Currency) -> Bool {
        guard rule.postings.contains(where: { $0.amount != nil }), rule.postings.filter({ $0.amount == nil }).count <= 1 else { return false }
        return rule.postings.allSatisfy { posting in
            let type = typeOf(posting.account)
            guard let amount = posting.amount else { return type == .asset || type == .liability }
            return type == .expense && amount.minorUnits > 0 && amount.currency == baseCurrency
        }
    }

    /// A rule kept for `forecast`, keyed by its period, description and postings.
    static func forecastEntry(_ rule: Journal.PeriodicRule, occurrences: inout [String: Int]) -> Entry {
        let lines = rule.postings.map { LedgerCommand.ForecastRuleInput.Line(account: $0.account.rawValue, amount: $0.amount) }
        var text = "f1\u{1F}\(rule.recurrence.text)\u{1F}\(rule.description ?? "")"
        for line in lines {
            text += "\u{1E}\(line.account)\u{1F}\(line.amount?.decimalString ?? "")\u{1F}\(line.amount?.currency.code ?? "")"
        }
        let digest = sha256Hex(Array(text.utf8), prefix: 16)
        let occurrence = occurrences[digest, default: 0]
        occurrences[digest] = occurrence + 1
        return Entry(command: .setForecastRule(.init(recurrence: rule.recurrence, description: rule.description, lines: lines)),
                     options: CommandOptions(source: .journalImport, provenance: rule.location.fileAndLine,
                                             idempotencyKey: "journal-forecast:\(digest):\(occurrence)",
                                             fingerprint: "journal-forecast:\(digest)"),
                     location: rule.location, kind: .forecast)
    }
}
