import KakeiboDomain
import XCTest

/// `suggestion` is new in payloads that old logs already hold: absent, the bytes are exactly
/// what they were (so old hashes verify); present, it reads back.
final class AppliedSuggestionCodecTests: XCTestCase {
    let date = try! LocalDate(iso: "2026-11-02")

    func expense(_ suggestion: AppliedSuggestion?) -> LedgerEvent {
        var moved = LedgerEvent.MoneyMoved(transactionID: "t1", date: date, amount: Money(minorUnits: 4_000, currency: .usd),
                                           fromAccountID: "cash", toAccountID: "fuel", payee: "SHELL 0423", memo: nil)
        moved.suggestion = suggestion
        return .expenseCaptured(moved)
    }

    func testWithoutASuggestionThePayloadIsByteForByteWhatItWas() throws {
        XCTAssertEqual(expense(nil).payload.canonicalString(),
                       #"{"amount":4000,"currency":"USD","date":"2026-11-02","from":"cash","memo":null,"payee":"SHELL 0423","to":"fuel","txn":"t1"}"#)
        let recorded = LedgerEvent.transactionRecorded(.init(transactionID: "t2", date: date, payee: nil, memo: nil, postings: [
            Posting(accountID: "cash", amount: Money(minorUnits: -5, currency: .usd), memo: nil),
            Posting(accountID: "fuel", amount: Money(minorUnits: 5, currency: .usd), memo: nil),
        ]))
        XCTAssertFalse(recorded.payload.canonicalString().contains("suggestion"))
        XCTAssertNil(try LedgerEvent(type: "ExpenseCaptured", schemaVersion: 1, payload: expense(nil).payload).suggestion)
    }

    func testAppliedAndAbstainedSuggestionsRoundTrip() throws {
        let applied = expense(AppliedSuggestion(accountID: "fuel", confidenceBasisPoints: 9_894))
        XCTAssertEqual(applied.payload.canonicalString(),
                       #"{"amount":4000,"currency":"USD","date":"2026-11-02","from":"cash","memo":null,"payee":"SHELL 0423","#
                       + #""suggestion":{"account":"fuel","confidence":9894},"to":"fuel","txn":"t1"}"#)
        XCTAssertEqual(try LedgerEvent(type: applied.type, schemaVersion: 1, payload: applied.payload), applied)

        let abstained = expense(AppliedSuggestion(accountID: nil, confidenceBasisPoints: 4_200))
        XCTAssertTrue(abstained.payload.canonicalString().contains(#""suggestion":{"confidence":4200}"#))
        XCTAssertEqual(try LedgerEvent(type: abstained.type, schemaVersion: 1, payload: abstained.payload), abstained)

        var recorded = LedgerEvent.TransactionRecorded(transactionID: "t2", date: date, payee: "TESCO", memo: nil, postings: [
            Posting(accountID: "bank", amount: Money(minorUnits: -5, currency: .usd), memo: nil),
            Posting(accountID: "groceries", amount: Money(minorUnits: 5, currency: .usd), memo: nil),
        ])
        recorded.suggestion = AppliedSuggestion(accountID: "groceries", confidenceBasisPoints: 6_500)
        let event = LedgerEvent.transactionRecorded(recorded)
        XCTAssertEqual(try LedgerEvent(type: event.type, schemaVersion: 1, payload: event.payload), event)
    }

    func testAMalformedSuggestionIsAMalformedEvent() {
        var payload = expense(nil).payload.objectValue!
        payload["suggestion"] = ["account": "fuel", "confidence": 10_001]
        XCTAssertThrowsError(try LedgerEvent(type: "ExpenseCaptured", schemaVersion: 1, payload: .object(payload)))
        payload["suggestion"] = ["account": "fuel"]
        XCTAssertThrowsError(try LedgerEvent(type: "ExpenseCaptured", schemaVersion: 1, payload: .object(payload)))
        payload["suggestion"] = ["account": "fuel", "confidence": 9_000]
        XCTAssertThrowsError(try LedgerEvent(type: "TransferMade", schemaVersion: 1, payload: .object(payload)),
                             "only expenses and recorded transactions carry a suggestion")
    }
}
