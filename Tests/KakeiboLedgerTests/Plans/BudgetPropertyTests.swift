import KakeiboDomain
import KakeiboLedger
import KakeiboProjections
import XCTest
import KakeiboTestSupport

/// Seeded random logs of expenses, refunds, edits, voids, budget sets and clears (every
/// rollover, both lengths, dated in the past and mid-period) and archives. For every period:
/// Σ available = Σ budgeted + Σ carried in − Σ spent, each carry-out is the next carry-in, spending
/// matches an independent model, and a replay gives byte-identical reports.
final class BudgetPropertyTests: LedgerTestCase {
    func testRolloverInvariantsOnRandomLogs() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            try setUpWithError()
            try ledger.record(batch: [.addCategory(.init(name: "expenses:dining:cafe")), .addCategory(.init(name: "rent"))])
            try runSequence(seed: seed, steps: 70)
            try tearDownWithError()
        }
        XCTAssertGreaterThan(carriesSeen, 20, "the random logs must exercise rollover, not just empty reports")
        XCTAssertGreaterThan(parentLinesSeen, 0, "and parents rolling up a budgeted child")
    }

    private var carriesSeen = 0
    private var parentLinesSeen = 0

    private func runSequence(seed: UInt64, steps: Int) throws {
        var random = SplitMix64(seed: seed)
        let categories = ["groceries", "dining", "expenses:dining:cafe", "rent"]
        var live: [String: (category: String, cents: Int64, date: String)] = [:]
        var order: [String] = []
        var archived: Set<String> = []
        func randomDate() -> String {
            let month = Int.random(in: 9...12, using: &random)
            return "2026-\(month < 10 ? "0" : "")\(month)-\(10 + Int.random(in: 0...18, using: &random))"
        }
        for _ in 0..<steps {
            let category = categories.randomElement(using: &random)!
            switch Int.random(in: 0..<12, using: &random) {
            case 0..<5 where !archived.contains(category):
                let cents = Int64.random(in: -3_000...40_000, using: &random)
                guard cents != 0 else { continue }
                let date = randomDate()
                let id = try expense(Money(minorUnits: cents, currency: .usd).decimalString, category: category, date: date)
                live[id] = (category, cents, date)
                order.append(id)
            case 5..<7 where !archived.contains(category):
                let rollover = Rollover.allCases.randomElement(using: &random)!
                let length: PeriodLength = Int.random(in: 0..<4, using: &random) == 0 ? .weekly : .monthly
                let cents = Int64.random(in: 1...60_000, using: &random)
                try ledger.record(.setBudget(.init(category: category, amount: Money(minorUnits: cents, currency: .usd).decimalString,
                                                   length: length, rollover: rollover, from: try LocalDate(iso: randomDate()))))
            case 7:
                _ = try? ledger.record(.clearBudget(category: category, from: try LocalDate(iso: randomDate())))
            case 8 where !order.isEmpty:
                let id = order.randomElement(using: &random)!
                let date = randomDate()
                let cents = Int64.random(in: 1...40_000, using: &random)
                guard cents != live[id]!.cents else { continue }
                try ledger.record(.editTransaction(.init(id: id, amount: Money(minorUnits: cents, currency: .usd).decimalString,
                                                         date: try LocalDate(iso: date), reason: "property")))
                live[id] = (live[id]!.category, cents, date)
            case 9 where !order.isEmpty:
                let id = order.remove(at: Int.random(in: 0..<order.count, using: &random))
                try ledger.record(.voidTransaction(id: id, reason: nil))
                live[id] = nil
            case 10 where !archived.contains(category) && Int.random(in: 0..<4, using: &random) == 0:
                try ledger.record(.archiveCategory(name: category))
                archived.insert(category)
            default:
                continue
            }
        }

        for length in PeriodLength.allCases {
            let last = length.period(containing: try LocalDate(iso: "2027-01-15"))
            let reports = try ledger.budgetReports(through: last)
            var previous: BudgetReport?
            for report in reports {
                try checkSums(report, seed: seed)
                carriesSeen += report.lines.filter { ($0.own?.carriedIn ?? 0) != 0 }.count
                parentLinesSeen += report.lines.filter { $0.own != nil && $0.total != $0.own }.count
                try checkSpending(report, live: live, seed: seed)
                if let previous {
                    XCTAssertEqual(previous.period.next, report.period)
                    let carriedOut = Dictionary(uniqueKeysWithValues: previous.lines.compactMap { line in line.own.map { (line.account, $0.carryOut) } })
                    let carriedIn = Dictionary(uniqueKeysWithValues: report.lines.compactMap { line in line.own.map { (line.account, $0.carriedIn) } })
                    for (account, out) in carriedOut where out != 0 {
                        XCTAssertEqual(carriedIn[account], out, "seed \(seed) \(account) \(previous.period) → \(report.period)")
                    }
                    for (account, carried) in carriedIn {
                        XCTAssertEqual(carriedOut[account] ?? 0, carried, "seed \(seed) \(account) into \(report.period)")
                    }
                }
                previous = report
            }
            // The last report computed on its own equals the last step of the walk.
            if let walked = reports.last { XCTAssertEqual(try ledger.budgetReport(period: last), walked, "seed \(seed)") }
        }

        let labels = ["2026-09", "2026-10", "2026-11", "2026-12", "2026-W40", "2026-W47", "2026-W52"]
        let before = try labels.map { try ledger.budgetReport(period: try PlanPeriod(label: $0)).json.canonicalString() }
        XCTAssertEqual(try ledger.replayDifferences(), [], "seed \(seed)")
        try ledger.replay()
        let after = try labels.map { try ledger.budgetReport(period: try PlanPeriod(label: $0)).json.canonicalString() }
        XCTAssertEqual(after, before, "seed \(seed)")
    }

    private func checkSums(_ report: BudgetReport, seed: UInt64) throws {
        var budgeted: Int64 = 0, carried: Int64 = 0, spent: Int64 = 0, available: Int64 = 0
        for line in report.lines {
            if let own = line.own {
                budgeted += own.budgeted; carried += own.carriedIn; spent += own.spent; available += own.available
            }
            XCTAssertEqual(line.total.available, line.total.budgeted + line.total.carriedIn - line.total.spent)
        }
        XCTAssertEqual(available, budgeted + carried - spent, "seed \(seed) \(report.period)")
        let totals = report.totals.first?.figures
        XCTAssertEqual(totals?.budgeted ?? 0, budgeted, "seed \(seed) \(report.period)")
        XCTAssertEqual(totals?.spent ?? 0, spent, "seed \(seed) \(report.period)")
        XCTAssertEqual(totals?.available ?? 0, available, "seed \(seed) \(report.period)")
        // Top-level lines roll up everything exactly once.
        let roots = report.lines.filter { $0.depth == 0 }
        XCTAssertEqual(roots.reduce(0) { $0 + $1.total.available }, available, "seed \(seed) \(report.period)")
    }

    /// Spending in the period from the model: every budgeted line's subtree, plus what no budget covers.
    private func checkSpending(_ report: BudgetReport, live: [String: (category: String, cents: Int64, date: String)],
                               seed: UInt64) throws {
        var expected: Int64 = 0
        for (_, entry) in live where report.period.contains(try LocalDate(iso: entry.date)) { expected += entry.cents }
        let budgetedSpent = report.lines.compactMap(\.own).reduce(0) { $0 + $1.spent }
        let unbudgeted = report.totals.first?.unbudgetedSpent ?? 0, otherLength = report.totals.first?.otherLengthSpent ?? 0
        XCTAssertEqual(budgetedSpent + otherLength + unbudgeted, expected, "seed \(seed) \(report.period): every posting counted once")
    }
}
