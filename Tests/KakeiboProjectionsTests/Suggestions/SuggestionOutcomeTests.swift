import KakeiboDomain
import KakeiboProjections
import XCTest

/// The outcome fold on its own: an edit that changes the category within the review window is a
/// rejection; later edits, or edits of other fields, are not; a void takes it out of the figures.
final class SuggestionOutcomeTests: XCTestCase {
    let day: Int64 = 86_400_000
    let date = try! LocalDate(iso: "2026-11-02")

    func apply(_ events: [(LedgerEvent, recordedAt: Int64)]) throws -> LedgerProjectorTests.MemoryStore {
        let store = LedgerProjectorTests.MemoryStore()
        let setup: [LedgerEvent] = [
            .ledgerCreated(.init(name: "h", baseCurrency: .usd, timeZone: "UTC")),
            .accountOpened(.init(accountID: "bank", name: try AccountName("assets:bank"), type: .asset, currency: .usd)),
            .accountOpened(.init(accountID: "food", name: try AccountName("expenses:food"), type: .expense, currency: .usd)),
            .accountOpened(.init(accountID: "fun", name: try AccountName("expenses:fun"), type: .expense, currency: .usd)),
        ]
        for (index, event) in (setup.map { ($0, recordedAt: Int64(0)) } + events).enumerated() {
            try LedgerProjector.apply(event.0, at: Int64(index + 1), recordedAt: event.recordedAt, to: store)
        }
        return store
    }

    func capture(_ id: String, suggested: String?) -> LedgerEvent {
        var moved = LedgerEvent.MoneyMoved(transactionID: id, date: date, amount: Money(minorUnits: 500, currency: .usd),
                                           fromAccountID: "bank", toAccountID: suggested ?? "fun", payee: "Shop", memo: nil)
        moved.suggestion = AppliedSuggestion(accountID: suggested, confidenceBasisPoints: suggested == nil ? 3_000 : 8_000)
        return .expenseCaptured(moved)
    }

    func recategorise(_ id: String, from: String, to: String) -> LedgerEvent {
        .transactionEdited(.init(transactionID: id, changes: [FieldChange(field: .toAccount, before: .string(from), after: .string(to))],
                                 reason: nil))
    }

    func testEditsWithinTheWindowRejectAndLaterOnesDoNot() throws {
        let store = try apply([
            (capture("early", suggested: "food"), 0), (capture("late", suggested: "food"), 0), (capture("memo", suggested: "food"), 0),
            (capture("none", suggested: nil), 0), (capture("gone", suggested: "food"), 0),
            (recategorise("early", from: "food", to: "fun"), 30 * day),       // on the last day of the window
            (recategorise("late", from: "food", to: "fun"), 30 * day + 1),    // a moment after it
            (.transactionEdited(.init(transactionID: "memo", changes: [FieldChange(field: .memo, before: nil, after: "x")], reason: nil)), day),
            (.transactionVoided(.init(transactionID: "gone", reason: nil)), day),
        ])
        XCTAssertEqual(store.outcomes["early"]?.rejectedAt, 30 * day)
        XCTAssertEqual(store.outcomes["early"]?.correctedTo, "fun")
        XCTAssertNil(store.outcomes["late"]?.rejectedAt)
        XCTAssertNil(store.outcomes["memo"]?.rejectedAt, "only a change of category rejects")
        XCTAssertEqual(store.outcomes["gone"]?.isVoided, true)

        let stats = SuggestionOutcomeStats(outcomes: store.outcomes.values, now: 31 * day)
        XCTAssertEqual([stats.consulted, stats.applied, stats.accepted, stats.rejected, stats.pending], [4, 3, 2, 1, 0])
        XCTAssertEqual(stats.coverageBasisPoints, 7_500)
        XCTAssertEqual(stats.hitRateBasisPoints, 6_666)
        let early = SuggestionOutcomeStats(outcomes: store.outcomes.values, now: 30 * day)
        XCTAssertEqual([early.accepted, early.rejected, early.pending], [0, 1, 2], "inside the window nothing is accepted yet")
        XCTAssertNil(SuggestionOutcomeStats(outcomes: [], now: 0).hitRateBasisPoints)
    }

    func testAnImportedSplitIsRejectedWhenTheSuggestedPostingIsReplaced() throws {
        var recorded = LedgerEvent.TransactionRecorded(transactionID: "csv", date: date, payee: "TESCO", memo: nil, postings: [
            Posting(accountID: "bank", amount: Money(minorUnits: -500, currency: .usd), memo: nil),
            Posting(accountID: "food", amount: Money(minorUnits: 500, currency: .usd), memo: nil),
        ])
        recorded.suggestion = AppliedSuggestion(accountID: "food", confidenceBasisPoints: 6_500)
        let after: [Posting] = [Posting(accountID: "bank", amount: Money(minorUnits: -500, currency: .usd), memo: nil),
                                Posting(accountID: "fun", amount: Money(minorUnits: 500, currency: .usd), memo: nil)]
        let store = try apply([
            (.transactionRecorded(recorded), 0),
            (.transactionEdited(.init(transactionID: "csv", changes: [FieldChange(field: .postings, before: recorded.postings.json,
                                                                                  after: after.json)], reason: nil)), day),
        ])
        XCTAssertEqual(store.outcomes["csv"]?.rejectedAt, day)
        XCTAssertEqual(store.outcomes["csv"]?.correctedTo, "fun")
    }
}
