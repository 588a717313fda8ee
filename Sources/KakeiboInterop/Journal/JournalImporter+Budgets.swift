import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

extension JournalImporter {
    /// `~ monthly from 2026-01` rules whose amounts go to expense accounts become budgets: one
    /// `BudgetSet` per account, period and start date (the rule's `from`, or the journal's first
    /// transaction date), after defining the account as a category if it is not one. The posting
    /// that leaves its amount out, on an asset or liability account, is where the money comes
    /// from. Any other rule (income, transfers: a forecast) is refused with its place; forecast
    /// rules are not imported yet. Each budget is keyed by its content, so re-importing appends none.
    static func budgetEntries(_ journal: Journal, typeOf: (AccountName) -> AccountType, baseCurrency: Currency,
                              categories: Set<AccountName>) throws -> [Entry] {
        var entries: [Entry] = []
        var defined = categories
        var occurrences: [String: Int] = [:]
        let firstDate = journal.transactions.map(\.date).min()
        for rule in journal.periodicRules {
            for posting in rule.postings {
                let type = typeOf(posting.account)
                guard let amount = posting.amount else {
                    guard type == .asset || type == .liability else {
                        throw ImportError.unsupported(posting.location, found: "a periodic transaction funded from \(type.rawValue) account \(posting.account)",
                                                      hint: "only budgets are imported: expense amounts paid from an asset or liability account")
                    }
                    continue
                }
                guard type == .expense, amount.minorUnits > 0 else {
                    throw ImportError.unsupported(posting.location, found: "a periodic posting to \(type.rawValue) account \(posting.account)",
                                                  hint: "periodic transactions are imported as budgets of expense accounts; forecast rules are not imported yet")
                }
                guard amount.currency == baseCurrency else {
                    throw ImportError.currencyMismatch(posting.location, account: posting.account.rawValue,
                                                        accountCurrency: baseCurrency.code, found: amount.currency.code)
                }
                let provenance = posting.location.fileAndLine
                if !defined.contains(posting.account) {
                    defined.insert(posting.account)
                    entries.append(Entry(command: .addCategory(.init(name: posting.account.rawValue, type: .expense)),
                                         options: CommandOptions(source: .journalImport, provenance: provenance),
                                         location: posting.location))
                }
                let from = rule.from ?? firstDate
                let digest = sha256Hex(Array("b1\u{1F}\(posting.account)\u{1F}\(rule.length)\u{1F}\(from?.description ?? "")\u{1F}\(amount.decimalString)".utf8),
                                       prefix: 16)
                let occurrence = occurrences[digest, default: 0]
                occurrences[digest] = occurrence + 1
                entries.append(Entry(command: .setBudget(.init(category: posting.account.rawValue, amount: amount.decimalString,
                                                               length: rule.length, from: from)),
                                     options: CommandOptions(source: .journalImport, provenance: provenance,
                                                             idempotencyKey: "journal-budget:\(digest):\(occurrence)",
                                                             fingerprint: "journal-budget:\(digest)"),
                                     location: posting.location, kind: .budget))
            }
        }
        return entries
    }
}
