import KakeiboDomain

/// Forecasts spending per expense category from its history, in integer math.
///
/// Recurring payments (subscriptions, rent, bills: the same payee at least three times, amounts
/// within 15 % of their median, gaps within 5 days of a weekly or monthly median) are projected
/// on their own dates. The rest is estimated robustly: the median of the last six months'
/// non-recurring totals, paced by the days left in the month; the 80 % interval spans the 10th to
/// the 90th percentile of those months. Deterministic: the as-of date is the only clock.
public struct SpendForecaster {
    /// One expense posting in the ledger's base currency.
    public struct Entry: Hashable, Sendable {
        public var accountID: String
        public var date: LocalDate
        public var payee: String?
        public var amount: Int64
        public init(accountID: String, date: LocalDate, payee: String?, amount: Int64) {
            self.accountID = accountID; self.date = date; self.payee = payee; self.amount = amount
        }
    }

    public static let historyMonths = 6
    /// The fewest past periods an estimate rests on, when the ledger has them.
    public static let minimumHistory = 3
    /// A quarter of weeks: enough weeks for a median, recent enough to follow a change of habit.
    public static let historyWeeks = 13
    public let entries: [Entry]
    public let currency: Currency

    public init(entries: [Entry], currency: Currency) {
        self.entries = entries.sorted { ($0.date, $0.accountID, $0.amount) < ($1.date, $1.accountID, $1.amount) }
        self.currency = currency
    }

    /// How many past periods the robust estimate looks at.
    public static func historyPeriods(_ length: PeriodLength) -> Int {
        length == .monthly ? historyMonths : historyWeeks
    }

    /// The first date whose postings a forecast as of `asOf` (and its backtest) may read.
    public static func firstDate(asOf: LocalDate, backtestMonths: Int = 0) -> LocalDate {
        firstDate(asOf: asOf, length: .monthly, backtestPeriods: backtestMonths)
    }

    public static func firstDate(asOf: LocalDate, length: PeriodLength, backtestPeriods: Int = 0) -> LocalDate {
        shifted(length.period(containing: asOf), by: -(historyPeriods(length) + backtestPeriods)).start
    }

    /// The period `count` periods after (or before, when negative) `period`.
    static func shifted(_ period: PlanPeriod, by count: Int) -> PlanPeriod {
        switch period.length {
        case .monthly: PeriodLength.monthly.period(containing: period.start.adding(months: count))
        case .weekly: PeriodLength.weekly.period(containing: period.start.adding(days: 7 * count))
        }
    }

    /// Forecasts for the rest of the month (or ISO week) containing `asOf` and for the next one.
    public func forecast(asOf: LocalDate, length: PeriodLength = .monthly) -> [SpendForecast] {
        let current = length.period(containing: asOf)
        let next = current.next
        let windowStart = Self.shifted(current, by: -Self.historyPeriods(length)).start
        let known = entries.filter { $0.date >= windowStart && $0.date <= asOf }
        let byAccount = Dictionary(grouping: known, by: \.accountID)
        guard let ledgerFirst = known.map(\.date).min() else { return [] }
        return byAccount.keys.sorted().map { account in
            let items = byAccount[account]!
            let series = Self.recurringSeries(items)
            let recurringDates = Set(series.flatMap { $0.members })
            var recurring: [SpendForecast.Recurring] = []
            var recurringRest: Int64 = 0, recurringNext: Int64 = 0
            for item in series {
                var expected: [LocalDate] = [], overdue: [LocalDate] = []
                // Monthly payments keep their day of the month; weekly ones their weekday.
                func step(_ n: Int) -> LocalDate { item.interval >= 26 ? item.last.adding(months: n) : item.last.adding(days: n * item.interval) }
                var n = 1
                while step(n) <= next.end {
                    let date = step(n)
                    if date > asOf { expected.append(date) }
                    // Due earlier this period and not seen since (rent on the 1st, unpaid on the 21st):
                    // still to be paid, so still part of the rest of the period.
                    if date <= asOf && date >= current.start {
                        overdue.append(date)
                        recurringRest &+= item.amount
                    }
                    if date > asOf && date <= current.end { recurringRest &+= item.amount }
                    if next.contains(date) { recurringNext &+= item.amount }
                    n += 1
                }
                recurring.append(.init(payee: item.payee, amount: item.amount, intervalDays: item.interval, expected: expected,
                                       overdue: overdue))
            }
            // Non-recurring totals of the complete periods since the category's first posting, but
            // at least `minimumHistory` of them when the ledger is that old: one purchase last month
            // is one month in three, not a monthly habit with a zero-width interval.
            let categoryFirst = length.period(containing: max(items.map(\.date).min()!, windowStart))
            let floor = max(length.period(containing: max(ledgerFirst, windowStart)), Self.shifted(current, by: -Self.minimumHistory))
            let firstPeriod = min(categoryFirst, floor)
            let periodIndex = { (date: LocalDate) -> Int in
                switch length {
                case .monthly: (date.year - firstPeriod.start.year) * 12 + date.month - firstPeriod.start.month
                case .weekly: (date.daysSinceEpoch - firstPeriod.start.daysSinceEpoch) / 7
                }
            }
            var residuals = [Int64](repeating: 0, count: max(0, periodIndex(current.start)))
            for item in items where item.date >= firstPeriod.start && residuals.indices.contains(periodIndex(item.date)) {
                if !recurringDates.isEmpty && recurringDates.contains(EntryKey(item)) { continue }
                residuals[periodIndex(item.date)] &+= item.amount
            }
            residuals.sort()
            let median = Self.quantile(residuals, 1, 2), low = Self.quantile(residuals, 1, 10), high = Self.quantile(residuals, 9, 10)
            let remaining = Int64(current.end.daysSinceEpoch - asOf.daysSinceEpoch)
            let days = Int64(current.dayCount)
            func paced(_ value: Int64) -> Int64 { Self.scale(value, remaining, days) }
            let spent = items.filter { current.contains($0.date) }.reduce(0) { $0 &+ $1.amount }
            return SpendForecast(
                accountID: account, currency: currency, period: current, spentSoFar: spent,
                restOfPeriod: .init(point: paced(median) &+ recurringRest, low: paced(low) &+ recurringRest, high: paced(high) &+ recurringRest),
                nextPeriod: .init(point: median &+ recurringNext, low: low &+ recurringNext, high: high &+ recurringNext),
                recurring: recurring.sorted { ($0.payee, $0.amount) < ($1.payee, $1.amount) }, monthsOfHistory: residuals.count)
        }
    }

    /// Replays history as of each of the last `months` month ends: each forecasts the following
    /// month, which is then compared with what was really spent.
    public func backtest(asOf: LocalDate, months: Int = 6) -> Backtest {
        backtest(asOf: asOf, periods: months, length: .monthly)
    }

    /// The same over the last `periods` weeks or months, as of each period's eve.
    public func backtest(asOf: LocalDate, periods: Int, length: PeriodLength) -> Backtest {
        let current = length.period(containing: asOf)
        var errors: [Int64] = [], covered = 0, compared = 0
        for k in stride(from: periods, through: 1, by: -1) {
            let targetPeriod = Self.shifted(current, by: -k)
            let cutoff = targetPeriod.start.adding(days: -1)
            let forecasts = SpendForecaster(entries: entries.filter { $0.date <= cutoff }, currency: currency).forecast(asOf: cutoff, length: length)
            for forecast in forecasts where forecast.monthsOfHistory > 0 {
                let actual = entries.filter { $0.accountID == forecast.accountID && targetPeriod.contains($0.date) }.reduce(0) { $0 &+ $1.amount }
                compared += 1
                if forecast.nextPeriod.low <= actual && actual <= forecast.nextPeriod.high { covered += 1 }
                if actual > 0 {
                    let (difference, overflow) = forecast.nextPeriod.point.subtractingReportingOverflow(actual)
                    errors.append(overflow || difference == .min ? .max : BasisPoints.rounded(abs(difference), actual) ?? .max)
                }
            }
        }
        return Backtest(months: periods, comparisons: compared,
                        meanAbsolutePercentageErrorBasisPoints: errors.isEmpty ? nil : Self.meanRounded(errors),
                        intervalCoverageBasisPoints: BasisPoints.rounded(Int64(covered), Int64(compared)))
    }

    public struct Backtest: Hashable, Sendable {
        /// How many periods (months or weeks) were replayed.
        public var months: Int
        /// Category-periods forecast and then observed.
        public var comparisons: Int
        public var meanAbsolutePercentageErrorBasisPoints: Int64?
        /// Share of observed months that fell inside the 80 % interval.
        public var intervalCoverageBasisPoints: Int64?
    }

    // MARK: - Recurring payments

    struct EntryKey: Hashable {
        var date: LocalDate, payee: String?, amount: Int64
        init(_ entry: Entry) { date = entry.date; payee = entry.payee; amount = entry.amount }
    }

    struct Series {
        var payee: String
        var amount: Int64
        var interval: Int
        var last: LocalDate
        var members: [EntryKey]
    }

    static func recurringSeries(_ items: [Entry]) -> [Series] {
        var keys: [String: String] = [:] // payee → normalised key, computed once per distinct payee
        let byPayee = Dictionary(grouping: items.filter { $0.payee != nil }) { entry in
            if let key = keys[entry.payee!] { return key }
            let tokens = SuggestionFeatures.payeeTokens(entry.payee!)
            let key = tokens.isEmpty ? entry.payee!.lowercased() : tokens.joined(separator: " ")
            keys[entry.payee!] = key
            return key
        }
        return byPayee.keys.sorted().compactMap { key in
            let occurrences = byPayee[key]!.sorted { $0.date < $1.date }
            guard occurrences.count >= 3 else { return nil }
            let gaps = zip(occurrences.dropFirst(), occurrences).map { $0.date.daysSinceEpoch - $1.date.daysSinceEpoch }.sorted()
            let gap = gaps[(gaps.count - 1) / 2]
            guard (6...8).contains(gap) || (26...35).contains(gap), gaps.allSatisfy({ abs($0 - gap) <= 5 }) else { return nil }
            let amounts = occurrences.map(\.amount).sorted()
            let amount = amounts[(amounts.count - 1) / 2]
            guard amount > 0, amounts.allSatisfy({ ($0 - amount).magnitude * 100 <= amount.magnitude * 15 }) else { return nil }
            return Series(payee: key, amount: amount, interval: gap, last: occurrences.last!.date, members: occurrences.map(EntryKey.init))
        }
    }

    // MARK: - Integer helpers

    /// The nearest-rank quantile `numerator/denominator` of sorted values (0 when there are none).
    static func quantile(_ sorted: [Int64], _ numerator: Int, _ denominator: Int) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = ((sorted.count - 1) * numerator + denominator / 2) / denominator
        return sorted[min(sorted.count - 1, rank)]
    }

    /// value × numerator ÷ denominator (numerator ≥ 0), truncated; saturates instead of overflowing.
    /// The mean of non-negative basis points, rounded half to even like every other percentage (N22);
    /// saturates at .max, as one unmeasurable error does.
    static func meanRounded(_ values: [Int64]) -> Int64 {
        var sum = WideSum()
        for value in values { sum.add(value) }
        guard let total = sum.value, total < Int64.max else { return .max }
        let count = Int64(values.count)
        let (quotient, remainder) = total.quotientAndRemainder(dividingBy: count)
        return 2 * remainder > count || (2 * remainder == count && quotient % 2 != 0) ? quotient + 1 : quotient
    }

    static func scale(_ value: Int64, _ numerator: Int64, _ denominator: Int64) -> Int64 {
        guard denominator > 0, numerator > 0 else { return 0 }
        guard value.magnitude / UInt64(denominator) < UInt64(Int64.max) / UInt64(numerator) else { return value < 0 ? -.max : .max }
        return denominator.dividingFullWidth(value.multipliedFullWidth(by: numerator)).quotient
    }
}
