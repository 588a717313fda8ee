import Foundation
import GRDB
import KakeiboDomain
import KakeiboLedger
import KakeiboProjections
import KakeiboTestSupport
import Synchronization
import XCTest

/// Captures without a category: the suggestion is decided inside the write, stored in the event,
/// and its fate (accepted, corrected, voided) is a projection that a replay rebuilds exactly.
final class AppliedSuggestionLedgerTests: LedgerTestCase {
    static let day: Int64 = 86_400_000
    static let start: Int64 = 1_795_262_400_000 // 2026-11-21T12:00:00Z
    final class ManualClock: Sendable {
        let value = Mutex<Int64>(AppliedSuggestionLedgerTests.start)
        func withLock<T>(_ body: (inout Int64) -> T) -> T { value.withLock { body(&$0) } }
    }
    let clock = ManualClock()

    /// A clock the test moves by hand; ids stay deterministic.
    func reopen(seed: UInt64 = 11) throws {
        var environment = LedgerEnvironment.deterministic(startingAt: Self.start, seed: seed, actor: "tester")
        let clock = self.clock
        environment.now = { clock.withLock { $0 } }
        ledger = try Ledger.open(at: path, environment: environment)
    }

    func advance(days: Int64) { clock.withLock { $0 += days * Self.day } }

    func uncategorised(_ amount: String, payee: String?, date: String = "2026-11-03") throws -> RecordResult {
        var input = LedgerCommand.MoneyInput(amount: amount, date: try LocalDate(iso: date), from: "assets:checking",
                                             to: AppliedSuggestion.uncategorisedExpenses, payee: payee)
        input.suggestCategory = true
        return try ledger.record(.captureExpense(input))
    }

    func accountID(_ name: String) throws -> String {
        try XCTUnwrap(ledger.accounts().first { $0.account.name.rawValue == name }?.account.id, name)
    }

    func category(of id: String) throws -> String? {
        try ledger.transactions().first { $0.id == id }?.lines.first { $0.amount.minorUnits > 0 }?.account.rawValue
    }

    func payload(at position: Int64) throws -> String {
        try XCTUnwrap(ledger.events(from: position, limit: 1).first).payload.canonicalString()
    }

    func testAConfidentSuggestionIsAppliedAndTheEventSaysSo() throws {
        try expense("6", category: "dining", payee: "Blue Bottle #0423")
        try expense("5", category: "dining", payee: "BLUE BOTTLE 11/02")
        try expense("50", category: "groceries", payee: "Green Grocer")
        let result = try uncategorised("5.50", payee: "SQ *BLUE BOTTLE COFFEE")
        let dining = try accountID("expenses:dining")
        XCTAssertEqual(result.suggestion?.accountID, dining)
        XCTAssertGreaterThanOrEqual(result.suggestion?.confidenceBasisPoints ?? 0, AppliedSuggestion.defaultThreshold)
        XCTAssertEqual(try category(of: XCTUnwrap(result.transactionID)), "expenses:dining")
        XCTAssertTrue(try payload(at: result.position).contains(#""suggestion":{"account":"\#(dining)","confidence":"#))
        XCTAssertFalse(try payload(at: result.position - 1).contains("suggestion"), "a categorised capture carries none")
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    func testBelowTheThresholdTheExpenseStaysUncategorisedAndUnknownIsNeverSuggested() throws {
        let first = try uncategorised("9", payee: "Mystery Shop 17")
        XCTAssertEqual(first.positions.count, 2, "expenses:unknown is opened on first use, in the same command")
        XCTAssertEqual(first.suggestion, AppliedSuggestion(accountID: nil, confidenceBasisPoints: 0))
        XCTAssertEqual(try category(of: XCTUnwrap(first.transactionID)), "expenses:unknown")
        XCTAssertTrue(try payload(at: first.position).contains(#""suggestion":{"confidence":0}"#))
        let second = try uncategorised("9", payee: "MYSTERY SHOP")
        XCTAssertEqual(second.positions.count, 1)
        XCTAssertNil(second.suggestion?.accountID, "what was filed under unknown teaches no category")
        XCTAssertEqual(try category(of: XCTUnwrap(second.transactionID)), "expenses:unknown")
        let before = try ledger.head()
        XCTAssertThrowsError(try uncategorised("0", payee: "Mystery Shop"))
        XCTAssertThrowsError(try uncategorised("abc", payee: "Mystery Shop"))
        XCTAssertEqual(try ledger.head(), before, "a refused capture appends nothing")
    }

    func testARetryUnderTheSameKeyReturnsTheSameTransactionAndAppendsNothing() throws {
        var input = LedgerCommand.MoneyInput(amount: "9", date: try LocalDate(iso: "2026-11-03"), from: "assets:checking",
                                             to: AppliedSuggestion.uncategorisedExpenses, payee: "Mystery Shop")
        input.suggestCategory = true
        let first = try ledger.record(.captureExpense(input), options: CommandOptions(idempotencyKey: "k1"))
        XCTAssertEqual(first.positions.count, 2, "the account opened first, then the expense")
        let head = try ledger.head()
        let retry = try ledger.record(.captureExpense(input), options: CommandOptions(idempotencyKey: "k1"))
        XCTAssertTrue(retry.alreadyRecorded)
        XCTAssertEqual(retry.transactionID, first.transactionID, "the id of the expense, not nil for the account event before it")
        XCTAssertEqual(try ledger.head(), head)
    }

    func testTheLexiconStartsColdAndLearnedEvidenceOverridesIt() throws {
        try ledger.record(.addCategory(.init(name: "fuel")))
        let cold = try uncategorised("45", payee: "SHELL 0423 KL")
        XCTAssertEqual(cold.suggestion, AppliedSuggestion(accountID: try accountID("expenses:fuel"),
                                                          confidenceBasisPoints: CategoryLexicon.confidenceBasisPoints))
        let (explained, _) = try ledger.suggestCategory(payee: "ESSO 12 PJ")
        XCTAssertEqual(explained.evidence, ["lexicon:esso"])
        // This household buys lunch at the Shell station: its own history wins over the lexicon.
        try ledger.record(.editTransaction(.init(id: XCTUnwrap(cold.transactionID), category: "dining", reason: "lunch")))
        try expense("12", category: "dining", payee: "Shell Select 0423")
        let learned = try uncategorised("11", payee: "SHELL 0423 KL")
        XCTAssertEqual(learned.suggestion?.accountID, try accountID("expenses:dining"))
        XCTAssertGreaterThan(learned.suggestion?.confidenceBasisPoints ?? 0, CategoryLexicon.confidenceBasisPoints)
        try ledger.record(.archiveCategory(name: "fuel"))
        XCTAssertNil(try uncategorised("40", payee: "PETRONAS 88").suggestion?.accountID, "an archived category is never suggested")
    }

    func testOneBatchSeesItsEarlierEntriesAndGivesTheSameEventsEveryTime() throws {
        let batch: [LedgerCommand] = try [
            .captureExpense(.init(amount: "30", date: LocalDate(iso: "2026-11-04"), from: "assets:checking", to: "dining", payee: "Sushi Zen")),
            // A second sighting: one alone is worth 50 %, below the threshold (`CategorySuggester.evidenceCap`).
            .captureExpense(.init(amount: "31", date: LocalDate(iso: "2026-11-04"), from: "assets:checking", to: "dining", payee: "Sushi Zen")),
            .captureExpense({
                var input = LedgerCommand.MoneyInput(amount: "28", date: try LocalDate(iso: "2026-11-05"), from: "assets:checking",
                                                     to: AppliedSuggestion.uncategorisedExpenses, payee: "SUSHI ZEN #2")
                input.suggestCategory = true
                return input
            }()),
        ]
        func record(on ledger: Ledger) throws -> [String] {
            let results = try ledger.record(batch: batch)
            return try results.flatMap(\.positions).map { try XCTUnwrap(ledger.events(from: $0, limit: 1).first).payload.canonicalString() }
        }
        let payloads = try record(on: ledger)
        XCTAssertTrue(payloads[2].contains(#""suggestion":{"account":"\#(try accountID("expenses:dining"))""#), payloads[2])
        let twin = try Ledger.create(at: directory.appendingPathComponent("twin.sqlite").path, currency: .usd, timeZone: "Asia/Tokyo",
                                     environment: .deterministic(startingAt: Self.start, seed: 7, actor: "tester"))
        try twin.record(batch: [
            .openAccount(name: "assets:checking", type: .asset, currency: nil), .openAccount(name: "assets:cash", type: .asset, currency: nil),
            .openAccount(name: "liabilities:visa", type: .liability, currency: nil), .openAccount(name: "income:salary", type: .income, currency: nil),
            .openAccount(name: "assets:euro", type: .asset, currency: Currency(code: "EUR")),
            .addCategory(.init(name: "groceries")), .addCategory(.init(name: "dining")),
        ])
        XCTAssertEqual(try record(on: twin), payloads, "the same log and commands decide the same suggestion")
    }

    func testAcceptedRejectedPendingAndVoidedFollowTheReviewWindow() throws {
        try reopen()
        try expense("6", category: "dining", payee: "Blue Bottle")
        try expense("6", category: "dining", payee: "Blue Bottle")
        try expense("60", category: "groceries", payee: "Green Grocer")
        try expense("55", category: "groceries", payee: "Green Grocer")
        let kept = try uncategorised("7", payee: "BLUE BOTTLE #9")
        let corrected = try uncategorised("58", payee: "GREEN GROCER 12")
        _ = try uncategorised("3", payee: "Nowhere In Particular")
        let voided = try uncategorised("6", payee: "blue bottle")
        try ledger.record(.voidTransaction(id: XCTUnwrap(voided.transactionID), reason: "duplicate"))
        advance(days: 1)
        try ledger.record(.editTransaction(.init(id: XCTUnwrap(corrected.transactionID), category: "dining", reason: "it was a café")))
        var stats = try ledger.appliedSuggestionStats()
        XCTAssertEqual([stats.consulted, stats.applied, stats.accepted, stats.rejected, stats.pending], [3, 2, 0, 1, 1])
        XCTAssertEqual(stats.hitRateBasisPoints, 0)
        XCTAssertEqual(stats.coverageBasisPoints, 6_666)

        advance(days: 30)   // 31 days after the suggestions: the uncorrected one is accepted
        stats = try ledger.appliedSuggestionStats()
        XCTAssertEqual([stats.accepted, stats.rejected, stats.pending], [1, 1, 0])
        XCTAssertEqual(stats.hitRateBasisPoints, 5_000)
        try ledger.record(.editTransaction(.init(id: XCTUnwrap(kept.transactionID), category: "groceries", reason: "late tidy-up")))
        XCTAssertEqual(try ledger.appliedSuggestionStats(), stats, "an edit after the window does not undo an acceptance")

        XCTAssertEqual(try ledger.replayDifferences(), [])
        try ledger.replay()
        XCTAssertEqual(try ledger.appliedSuggestionStats(), stats, "replay gives the same figures")
    }

    /// Seeded random captures (categorised or not), category edits and voids, with the clock
    /// moving by whole days: the projection's figures equal an independent model's, and a replay's.
    func testReplayEqualsIncrementalAndAModelOnRandomLogs() throws {
        try reopen()
        try ledger.record(.addCategory(.init(name: "fuel")))
        try ledger.record(.addCategory(.init(name: "health")))
        let categories = ["groceries", "dining", "fuel", "health"]
        let payees = ["SHELL 0423", "Green Grocer", "Blue Bottle", "CVS PHARMACY 88", "TESCO EXTRA", "Sushi Zen", "Mystery 1", "STARBUCKS #7"]
        struct Outcome { var suggested: String?; var recordedAt: Int64; var rejected = false; var voided = false }
        var model: [String: Outcome] = [:]
        var live: [String] = []
        var random = SplitMix64(seed: 2026)
        let names = try Dictionary(uniqueKeysWithValues: categories.map { (try accountID("expenses:" + $0), "expenses:" + $0) })
        for _ in 0..<160 {
            let now = clock.withLock { $0 }
            switch random.next(upTo: 10) {
            case 0..<3:
                live.append(try expense(String(1 + random.next(upTo: 90)), category: categories[random.next(upTo: categories.count)],
                                        payee: payees[random.next(upTo: payees.count)]))
            case 3..<7:
                let result = try uncategorised(String(1 + random.next(upTo: 90)), payee: payees[random.next(upTo: payees.count)])
                let id = try XCTUnwrap(result.transactionID)
                model[id] = Outcome(suggested: result.suggestion?.accountID, recordedAt: now)
                live.append(id)
            case 7..<9 where !live.isEmpty:
                let id = live[random.next(upTo: live.count)]
                let target = categories[random.next(upTo: categories.count)]
                guard try category(of: id) != "expenses:" + target else { break } // an edit must change something
                try ledger.record(.editTransaction(.init(id: id, category: target, reason: nil)))
                if var outcome = model[id], let suggested = outcome.suggested, !outcome.rejected, !outcome.voided,
                   now - outcome.recordedAt <= SuggestionOutcome.reviewWindowMilliseconds, names[suggested] != "expenses:" + target {
                    outcome.rejected = true
                    model[id] = outcome
                }
            case 9 where !live.isEmpty:
                let id = live.remove(at: random.next(upTo: live.count))
                try ledger.record(.voidTransaction(id: id, reason: nil))
                model[id]?.voided = true
            default:
                break
            }
            advance(days: Int64(random.next(upTo: 3)))
        }
        let now = clock.withLock { $0 }
        let counted = model.values.filter { !$0.voided }
        let applied = counted.filter { $0.suggested != nil }
        let rejected = applied.filter(\.rejected).count
        let accepted = applied.filter { !$0.rejected && now - $0.recordedAt > SuggestionOutcome.reviewWindowMilliseconds }.count
        let stats = try ledger.appliedSuggestionStats()
        XCTAssertEqual([stats.consulted, stats.applied, stats.rejected, stats.accepted, stats.pending],
                       [counted.count, applied.count, rejected, accepted, applied.count - rejected - accepted])
        XCTAssertGreaterThan(stats.applied, 10, "the log exercised applied suggestions")
        XCTAssertGreaterThan(stats.rejected, 0, "and corrections")
        XCTAssertEqual(try ledger.replayDifferences(), [], "incremental equals replay")
        try ledger.replay()
        XCTAssertEqual(try ledger.appliedSuggestionStats(), stats)
        XCTAssertTrue(try ledger.verify().isValid)
    }
}
