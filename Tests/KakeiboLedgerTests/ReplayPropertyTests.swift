import KakeiboDomain
import KakeiboLedger
import XCTest
import KakeiboTestSupport

/// Random valid command sequences: the incrementally maintained projections must equal a
/// replay, every currency must sum to zero, and balances must match an independent model.
final class ReplayPropertyTests: LedgerTestCase {
    /// The model: what each live transaction moves, by account name, in cents.
    struct Model {
        var transactions: [String: [String: Int64]] = [:]
        var balances: [String] {
            var sums: [String: Int64] = [:]
            for postings in transactions.values { for (account, cents) in postings { sums[account, default: 0] += cents } }
            return sums.filter { $0.value != 0 }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
                "\($0.key),USD,\(Money(minorUnits: $0.value, currency: .usd).decimalString)"
            }
        }
    }

    func testRandomCommandSequencesReplayToTheSameProjections() throws {
        for seed in 1...8 as ClosedRange<UInt64> {
            try setUpWithError()
            try runSequence(seed: seed, steps: 60)
            try tearDownWithError()
        }
    }

    private func runSequence(seed: UInt64, steps: Int) throws {
        var random = SplitMix64(seed: seed)
        var model = Model()
        var live: [String] = []
        var general: Set<String> = []
        var legs: [String: (to: String, from: String)] = [:]
        func split(_ amount: String) -> [LedgerCommand.PostingInput] {
            [.init(account: "expenses:groceries", amount: amount), .init(account: "expenses:dining", amount: "1"),
             .init(account: "assets:cash", amount: nil)]
        }
        let payers = ["assets:checking", "assets:cash", "liabilities:visa"]
        let categories = ["groceries", "dining"]
        for _ in 0..<steps {
            let cents = Int64.random(in: -2_000...50_000, using: &random)
            guard cents != 0 else { continue }
            let amount = Money(minorUnits: cents, currency: .usd).decimalString
            let date = "2026-\(Int.random(in: 10...11, using: &random))-\(10 + Int.random(in: 0...18, using: &random))"
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let from = payers.randomElement(using: &random)!, category = categories.randomElement(using: &random)!
                let id = try expense(amount, category: category, from: from, date: date)
                model.transactions[id] = [from: -cents, "expenses:" + category: cents]
                legs[id] = ("expenses:" + category, from)
                live.append(id)
            case 5:
                let id = try ledger.record(.recordIncome(.init(amount: amount, date: LocalDate(iso: date), from: "income:salary",
                                                               to: "assets:checking"))).transactionID!
                model.transactions[id] = ["income:salary": -cents, "assets:checking": cents]
                legs[id] = ("assets:checking", "income:salary")
                live.append(id)
            case 6:
                let id = try ledger.record(.makeTransfer(.init(amount: amount, date: LocalDate(iso: date), from: "assets:checking",
                                                               to: "liabilities:visa"))).transactionID!
                model.transactions[id] = ["assets:checking": -cents, "liabilities:visa": cents]
                legs[id] = ("liabilities:visa", "assets:checking")
                live.append(id)
            case 7 where !live.isEmpty:
                let id = live.randomElement(using: &random)!
                let postings = model.transactions[id]!
                if general.contains(id) {
                    try ledger.record(.editTransaction(.init(id: id, date: LocalDate(iso: date), postings: split(amount),
                                                             reason: "property test")))
                    model.transactions[id] = ["expenses:groceries": cents, "expenses:dining": 100, "assets:cash": -cents - 100]
                } else {
                    let (to, from) = legs[id]!
                    guard postings[to] != cents else { continue }
                    try ledger.record(.editTransaction(.init(id: id, amount: amount, date: LocalDate(iso: date), reason: "property test")))
                    model.transactions[id] = [to: cents, from: -cents]
                }
            case 8 where !live.isEmpty:
                let index = Int.random(in: 0..<live.count, using: &random)
                try ledger.record(.voidTransaction(id: live[index], reason: nil))
                model.transactions[live.remove(at: index)] = nil
            default:
                let id = try ledger.record(.recordTransaction(.init(date: LocalDate(iso: date), postings: split(amount))))
                    .transactionID!
                model.transactions[id] = ["expenses:groceries": cents, "expenses:dining": 100, "assets:cash": -cents - 100]
                live.append(id)
                general.insert(id)
            }
        }
        XCTAssertEqual(try balanceLines(), model.balances, "seed \(seed)")
        XCTAssertEqual(try ledger.balances().totals.filter { !$0.isZero }, [], "seed \(seed)")
        XCTAssertEqual(try ledger.replayDifferences(), [], "seed \(seed)")
        let incremental = try balanceLines()
        let register = try ledger.register()
        try ledger.replay()
        XCTAssertEqual(try balanceLines(), incremental, "seed \(seed)")
        XCTAssertEqual(try ledger.register(), register, "seed \(seed)")
        XCTAssertTrue(try ledger.verify().isValid, "seed \(seed)")
    }
}
