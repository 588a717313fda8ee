import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// This month's spending per expense category, largest first, with the category's hue and icon.
    /// Spending in another commodity counts as budgets count it (`Ledger.budgetSpending`): at its own
    /// cost in the base currency, else at the `P` price of its date; what no price reaches is listed
    /// under `foreign.unconverted`, never added. So the Spending and Budgets pages agree (B22).
    func expenses(_ currency: Currency) throws -> ExpensesWidget {
        let categories = Dictionary(uniqueKeysWithValues: try Ledger.expenseCategories(db).map { ($0.accountID, $0) })
        var byAccount: [String: Int64] = [:]
        let through = min(asOf, month.end)
        for spend in try Ledger.budgetSpending(db, from: month.start, through: through) where spend.amount.currency == currency {
            byAccount[spend.accountID, default: 0] &+= spend.amount.minorUnits
        }
        let total = byAccount.values.reduce(0, &+)
        let items = byAccount.filter { $0.value != 0 }.compactMap { id, amount -> (AccountName, Int64, BudgetCalculator.Category)? in
            categories[id].map { ($0.name, amount, $0) }
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        // Only when the month has foreign spending, so one-currency snapshots keep their bytes.
        let foreign = try Ledger.foreignSpending(db, from: month.start, through: through)
        return ExpensesWidget(
            currency: currency.code,
            month: .init(period: month.description, start: month.start.description, end: month.end.description),
            total: amount(total, currency),
            categories: items.map { name, spent, category in
                let share = ratio(spent, total > 0 ? total : nil)
                return .init(account: name.rawValue,
                             name: category.category?.displayName ?? name.components.last.map(String.init) ?? name.rawValue,
                             hue: category.category?.hue ?? Category.defaultHue(for: name.rawValue), icon: category.category?.icon ?? "tag",
                             amount: amount(spent, currency), share: share.text, shareBasisPoints: share.basisPoints)
            },
            foreign: foreign.isEmpty ? nil : try foreignSpending(foreign, currency))
    }

    /// The month's foreign expense postings: how much of the total they make, each one with how it was
    /// counted (`cost`, `estimated` at a `P` price, or `unconverted`), and what stays uncounted per account.
    private func foreignSpending(_ spends: [BudgetReport.ForeignSpend], _ currency: Currency) throws -> ExpensesWidget.Foreign {
        var counted = WideSum()
        var unconverted: [String: Money] = [:]
        for spend in spends {
            if let value = spend.counted { counted.add(value.minorUnits); continue }
            let key = spend.account.rawValue + "\u{1F}" + spend.original.currency.code
            do { unconverted[key] = try (unconverted[key] ?? .zero(spend.original.currency)).adding(spend.original) } catch {
                throw LedgerError.money(error)
            }
        }
        guard let countedTotal = counted.value else { throw LedgerError.balanceOverflow(account: "expenses", total: true) }
        return .init(
            counted: amount(countedTotal, currency),
            items: spends.map { spend in
                .init(account: spend.account.rawValue, date: spend.date.description, amount: spend.original.decimalString,
                      commodity: spend.original.currency.code, counted: spend.counted?.decimalString, basis: spend.basis.rawValue)
            },
            unconverted: unconverted.keys.sorted().compactMap { key in
                unconverted[key].flatMap { total in
                    total.isZero ? nil : .init(account: String(key.prefix { $0 != "\u{1F}" }), amount: total.decimalString,
                                               commodity: total.currency.code)
                }
            })
    }
}
