import KakeiboDomain

/// Computes budget reports from budget definitions and postings, at report time.
///
/// Nothing per period is stored: the calculator walks every period from the first budget of the
/// requested length up to the one asked for, carrying what rollover says into each next period.
/// An edit or void of a past transaction therefore changes every later carry exactly as a replay
/// would, and there is no cached figure to go stale.
public struct BudgetCalculator {
    /// An expense account a budget may cover.
    public struct Category: Hashable, Sendable {
        public var accountID: String
        public var name: AccountName
        public var category: KakeiboDomain.Category?
        public init(accountID: String, name: AccountName, category: KakeiboDomain.Category?) {
            self.accountID = accountID; self.name = name; self.category = category
        }
    }

    /// Net spending (expenses minus refunds) on one expense account on one business date.
    public struct DailySpend: Hashable, Sendable {
        public var accountID: String
        public var date: LocalDate
        public var amount: Money
        public init(accountID: String, date: LocalDate, amount: Money) {
            self.accountID = accountID; self.date = date; self.amount = amount
        }
    }

    public let categories: [Category]
    public let definitions: [BudgetDefinition]
    /// By date.
    public let spending: [DailySpend]
    private let byID: [String: Category]
    private let idsByName: [String: String]

    /// `spending` may come in any order.
    public init(categories: [Category], definitions: [BudgetDefinition], spending: [DailySpend]) {
        self.categories = categories
        self.definitions = definitions
        self.spending = spending.sorted { $0.date < $1.date }
        byID = Dictionary(categories.map { ($0.accountID, $0) }, uniquingKeysWith: { a, _ in a })
        idsByName = Dictionary(categories.map { ($0.name.rawValue, $0.accountID) }, uniquingKeysWith: { a, _ in a })
    }

    /// The first period of `length` that any budget of that length applies to.
    public func firstPeriod(_ length: PeriodLength) -> PlanPeriod? {
        definitions.filter { $0.budget?.length == length }.map(\.effectiveFrom).min().map(length.period(containing:))
    }

    /// The earliest date spending must be loaded from to report on periods of `length`.
    public static func firstDate(of definitions: [BudgetDefinition], _ length: PeriodLength) -> LocalDate? {
        definitions.filter { $0.budget?.length == length }.map(\.effectiveFrom).min().map { length.period(containing: $0).start }
    }

    public func report(for period: PlanPeriod) throws -> BudgetReport {
        try reports(through: period).last ?? BudgetReport(period: period, lines: [], totals: [])
    }

    /// Reports for every period from the first budget of `period`'s length through `period`
    /// (empty when no budget of that length starts by then). The walk the carries need.
    public func reports(through period: PlanPeriod) throws -> [BudgetReport] {
        let byAccount = Dictionary(grouping: definitions, by: \.accountID)
        // Categories whose budget in force is of the other length: their spending is not "unbudgeted".
        func otherLength(_ q: PlanPeriod) -> Set<String> {
            Set(byAccount.compactMap { id, definitions in
                guard let budget = Self.inForce(definitions, for: q)?.budget, budget.length != q.length else { return nil }
                return byID[id]?.name.rawValue
            })
        }
        guard let first = firstPeriod(period.length), first <= period else {
            return [try build(period, budgets: [:], spend: spendByAccount(in: period), carryIn: [:], carryOut: [:],
                              otherLength: otherLength(period))]
        }
        func budgets(_ q: PlanPeriod) -> [String: BudgetDefinition.Budget] {
            byAccount.compactMapValues { definitions in
                guard let budget = Self.inForce(definitions, for: q)?.budget, budget.length == q.length else { return nil }
                return budget
            }
        }
        var reports: [BudgetReport] = []
        var carry: [String: Int64] = [:]
        var q = first
        var current = budgets(q)
        while q <= period {
            let following = budgets(q.next)
            let spend = spendByAccount(in: q)
            let report = try build(q, budgets: current, spend: spend, carryIn: carry, carryOut: following,
                                   otherLength: otherLength(q))
            carry = [:]
            for line in report.lines { if let own = line.own, let id = idsByName[line.account.rawValue] { carry[id] = own.carryOut } }
            reports.append(report)
            current = following
            q = q.next
        }
        return reports
    }

    /// The definition in force for `period`: the last recorded one dated on or before its end (a change
    /// applies to the whole period it is dated in), except that a budget of the other length dated after
    /// the period's start does not take over a period an earlier definition already covered: it starts
    /// with the next one. So switching groceries from monthly to weekly on Oct 15 keeps October's monthly
    /// budget (B5: the month was lost) and starts the weekly one in the week of Oct 15, and the weeks
    /// before it say, truly, that a monthly budget covered them. A first budget still covers the period
    /// it is dated in, whatever its length.
    static func inForce(_ definitions: [BudgetDefinition], for period: PlanPeriod) -> BudgetDefinition? {
        var latest: BudgetDefinition?, covering: BudgetDefinition?
        for definition in definitions where definition.effectiveFrom <= period.end {
            if latest == nil || definition.position > latest!.position { latest = definition }
            if definition.effectiveFrom > period.start, let budget = definition.budget, budget.length != period.length { continue }
            if covering == nil || definition.position > covering!.position { covering = definition }
        }
        return covering ?? latest
    }

    // MARK: - One period

    /// Net spending per account and currency within `period`.
    private func spendByAccount(in period: PlanPeriod) -> [String: [Currency: Int64]] {
        var result: [String: [Currency: Int64]] = [:]
        var low = 0, high = spending.count
        while low < high { // first index dated on or after the start
            let mid = (low + high) / 2
            if spending[mid].date < period.start { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < spending.count, spending[index].date <= period.end {
            let item = spending[index]
            result[item.accountID, default: [:]][item.amount.currency, default: 0] &+= item.amount.minorUnits
            index += 1
        }
        return result
    }

    /// `carryOut` lists the budgets in force next period: a budget that stops forfeits its carry,
    /// so a period's carry-out always equals the next period's carry-in.
    private func build(_ period: PlanPeriod, budgets: [String: BudgetDefinition.Budget], spend: [String: [Currency: Int64]],
                       carryIn: [String: Int64], carryOut following: [String: BudgetDefinition.Budget],
                       otherLength: Set<String>) throws -> BudgetReport {
        let budgetedNames = Dictionary(budgets.keys.compactMap { id in byID[id].map { ($0.name.rawValue, id) } },
                                       uniquingKeysWith: { a, _ in a })

        // Each posting counts once: under the nearest budgeted category at or above its account.
        var own: [String: BudgetFigures] = [:]
        var unbudgeted: [Currency: Int64] = [:]
        var otherLengthSpent: [Currency: Int64] = [:]
        for (id, budget) in budgets where byID[id] != nil {
            var figures = BudgetFigures(currency: budget.amount.currency)
            figures.budgeted = budget.amount.minorUnits
            figures.carriedIn = carryIn[id] ?? 0
            own[id] = figures
        }
        for (accountID, amounts) in spend {
            guard let category = byID[accountID] else { continue }
            let owner = ([category.name.rawValue] + category.name.ancestors.reversed()).lazy.compactMap { budgetedNames[$0] }.first
            for (currency, amount) in amounts {
                if let owner, own[owner]?.currency == currency {
                    own[owner]!.spent = try BudgetFigures.sum(own[owner]!.spent, amount)
                } else if owner == nil, ([category.name.rawValue] + category.name.ancestors).contains(where: otherLength.contains) {
                    otherLengthSpent[currency] = try BudgetFigures.sum(otherLengthSpent[currency] ?? 0, amount)
                } else {
                    unbudgeted[currency] = try BudgetFigures.sum(unbudgeted[currency] ?? 0, amount)
                }
            }
        }
        for (id, figures) in own {
            let rollover = budgets[id]!.rollover
            own[id]!.carryOut = following[id]?.amount.currency == figures.currency ? rollover.carryOut(of: figures.available) : 0
        }

        // Lines: every budgeted category and each of its parents below the top level.
        var totalsByName: [String: BudgetFigures] = [:]
        for (id, figures) in own.sorted(by: { $0.key < $1.key }) {
            let name = byID[id]!.name
            for lineName in [name.rawValue] + name.ancestors.dropFirst() {
                var line = totalsByName[lineName] ?? BudgetFigures(currency: figures.currency)
                guard line.currency == figures.currency else { continue } // a parent rolls up one currency
                try line.add(figures)
                totalsByName[lineName] = line
            }
        }
        // Children right after their parent: compare names part by part.
        let names = try totalsByName.keys.map { try AccountName($0) }.sorted {
            $0.components.lexicographicallyPrecedes($1.components) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        let lines = names.map { name in
            let text = name.rawValue
            let id = idsByName[text]
            let category = id.flatMap { byID[$0]?.category }
            return BudgetReport.Line(account: name, displayName: category?.displayName, hue: category?.hue, icon: category?.icon,
                                     isArchived: category?.isArchived ?? false, own: id.flatMap { own[$0] },
                                     rollover: id.flatMap { budgets[$0]?.rollover }, total: totalsByName[text]!,
                                     depth: max(0, name.depth - 2))
        }

        var totals: [Currency: BudgetFigures] = [:]
        for figures in own.values {
            if totals[figures.currency] == nil { totals[figures.currency] = BudgetFigures(currency: figures.currency) }
            try totals[figures.currency]!.add(figures)
        }
        for currency in Set(unbudgeted.keys).union(otherLengthSpent.keys) where totals[currency] == nil {
            totals[currency] = BudgetFigures(currency: currency)
        }
        return BudgetReport(period: period, lines: lines, totals: totals.keys.sorted().map { currency in
            BudgetReport.Totals(figures: totals[currency]!, unbudgetedSpent: unbudgeted[currency] ?? 0,
                                otherLengthSpent: otherLengthSpent[currency] ?? 0)
        })
    }
}
