import KakeiboDomain
import KakeiboProjections
import XCTest

/// Issue 29, N17: a recorded price can be taken back. `PriceRetracted` through the decider, the admission check and
/// the fold, on the projector tests' memory store (the SQLite store is driven from the command line in
/// `TypedTextCommandTests+PriceRetraction`).
final class PriceRetractionTests: XCTestCase {
    typealias Fold = LedgerProjectorTests.Fold
    let day = try! LocalDate(iso: "2026-03-10")
    let eur = try! Commodity(code: "EUR")

    func recorded(_ value: String, on date: LocalDate? = nil) throws -> LedgerEvent {
        .priceRecorded(.init(date: date ?? day, commodity: eur, value: try ExactDecimal(parsing: value), quote: .usd, source: .manual))
    }

    func retracted(_ value: String, on date: LocalDate? = nil) throws -> LedgerEvent {
        .priceRetracted(.init(date: date ?? day, commodity: eur, value: try ExactDecimal(parsing: value), quote: .usd, reason: nil))
    }

    func decider(_ fold: Fold) -> LedgerDecider<LedgerProjectorTests.MemoryStore> {
        LedgerDecider(state: fold.store, context: DecisionContext(today: day, makeID: { "id" }))
    }

    func inForce(_ fold: Fold) -> String? { fold.store.price(of: eur, in: .usd, on: day)?.description }

    // MARK: - The fold

    func testARetractionFallsBackToTheDaysEarlierRecordingThenToNone() throws {
        let fold = try Fold.household()
        try fold.apply(try recorded("1.08"))
        try fold.apply(try recorded("1.10"))
        XCTAssertEqual(inForce(fold), "1.10")
        try fold.apply(try retracted("1.10"))
        XCTAssertEqual(inForce(fold), "1.08")
        try fold.apply(try retracted("1.080"))
        XCTAssertNil(inForce(fold))
        XCTAssertTrue(fold.store.prices.isEmpty, "nothing stands that day")
    }

    func testARetractionOfAReplacedValueLeavesTheDaysPriceInForce() throws {
        let fold = try Fold.household()
        try fold.apply(try recorded("1.50"))   // a journal's line
        try fold.apply(try recorded("1.20"))   // typed by hand later, that day
        try fold.apply(try retracted("1.50"))  // the line deleted from the journal
        XCTAssertEqual(inForce(fold), "1.20")
        try fold.apply(try retracted("1.20"))
        XCTAssertNil(inForce(fold), "the journal's retracted 1.50 must not come back")
    }

    // MARK: - Admission (what the household server checks on every pushed event)

    func testARetractionOfAPriceNeverRecordedIsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(try recorded("1.08"))
        for event in [try retracted("1.09"), try retracted("1.08", on: try LocalDate(iso: "2026-03-11"))] {
            XCTAssertThrowsError(try fold.apply(event)) { error in
                guard case .inadmissible(let refusal)? = error as? LedgerError else { return XCTFail("\(error)") }
                XCTAssertEqual(refusal.rule, .unknownPrice, refusal.detail)
            }
        }
        XCTAssertEqual(inForce(fold), "1.08")
    }

    /// Two devices retracting one price while apart: the second is admitted and changes nothing, as a second void.
    func testASecondRetractionStillFoldsAndChangesNothing() throws {
        let fold = try Fold.household()
        try fold.apply(try recorded("1.08"))
        try fold.apply(try recorded("1.10"))
        try fold.apply(try retracted("1.08"))
        try fold.apply(try retracted("1.08"))
        XCTAssertEqual(inForce(fold), "1.10")
    }

    // MARK: - The decider

    func testWithoutAValueTheDecisionRetractsThePriceInForce() throws {
        let fold = try Fold.household()
        try fold.apply(try recorded("1.08"))
        try fold.apply(try recorded("1.10"))
        let decision = try decider(fold).decide(.retractPrice(.init(date: day, commodity: eur, quote: .usd, reason: "typo")))
        XCTAssertEqual(decision.events, [.priceRetracted(.init(date: day, commodity: eur, value: try ExactDecimal(parsing: "1.10"),
                                                               quote: .usd, reason: "typo"))])
        XCTAssertEqual(decision.events.first?.stream, LedgerEvent.pricesStream)
    }

    func testWithAValueTheDecisionNeedsAStandingRecordingOfIt() throws {
        let fold = try Fold.household()
        try fold.apply(try recorded("1.50"))
        try fold.apply(try recorded("1.20"))
        // 1.50 was replaced that day but still stands: a journal's deleted line takes it back.
        XCTAssertEqual(try decider(fold).decide(.retractPrice(.init(date: day, commodity: eur, quote: .usd, value: "1.5"))).events.count, 1)
        try fold.apply(try retracted("1.50"))
        XCTAssertThrowsError(try decider(fold).decide(.retractPrice(.init(date: day, commodity: eur, quote: .usd, value: "1.50")))) { error in
            XCTAssertEqual(error as? LedgerError, .noPriceToRetract(commodity: "EUR", quote: "USD", date: day, value: "1.50", inForce: "1.20"))
        }
        XCTAssertThrowsError(try decider(fold).decide(.retractPrice(.init(date: day, commodity: eur, quote: .usd, value: "abc"))))
    }

    func testNothingToRetractIsRefused() throws {
        let fold = try Fold.household()
        XCTAssertThrowsError(try decider(fold).decide(.retractPrice(.init(date: nil, commodity: eur, quote: .usd)))) { error in
            XCTAssertEqual(error as? LedgerError, .noPriceToRetract(commodity: "EUR", quote: "USD", date: day, value: nil, inForce: nil))
        }
    }

    func testThePayloadRoundTrips() throws {
        let event = LedgerEvent.priceRetracted(.init(date: day, commodity: eur, value: try ExactDecimal(parsing: "1.080"), quote: .usd,
                                                     reason: "no longer in the journal; replaced on re-import"))
        XCTAssertEqual(try LedgerEvent(type: event.type, schemaVersion: event.schemaVersion, payload: event.payload), event)
    }
}
