import KakeiboDomain
import XCTest

/// Multi-currency payloads (issue 17): fields are added only when present, so events written
/// before commodities existed keep their exact bytes, and new ones read back as written.
final class CommodityEventCodecTests: XCTestCase {
    func roundTrip(_ event: LedgerEvent) throws -> LedgerEvent {
        try LedgerEvent(type: event.type, schemaVersion: event.schemaVersion, payload: try JSONValue(parsing: event.payload.canonicalBytes()))
    }

    func testAPlainPostingKeepsThePayloadItHadBeforeCommodities() throws {
        let event = LedgerEvent.transactionRecorded(.init(
            transactionID: "t", date: try LocalDate(iso: "2026-01-02"), payee: "p", memo: nil,
            postings: [Posting(accountID: "a", amount: Money(minorUnits: 300_000, currency: .usd)),
                       Posting(accountID: "b", amount: Money(minorUnits: -300_000, currency: .usd))]))
        XCTAssertEqual(event.payload.canonicalString(), """
            {"date":"2026-01-02","memo":null,"payee":"p","postings":[{"account":"a","amount":300000,"currency":"USD","memo":null},\
            {"account":"b","amount":-300000,"currency":"USD","memo":null}],"txn":"t"}
            """)
    }

    func testCostsGeneratedPostingsAndOtherCommoditiesRoundTrip() throws {
        let btc = try Commodity(symbol: "BTC", minorDigits: 8)
        let priced = Posting(accountID: "crypto", amount: Money(minorUnits: 1_000_000, currency: btc), memo: nil,
                             cost: PostingCost(per: .total, value: try ExactDecimal(parsing: "420.00"), commodity: .usd))
        let event = LedgerEvent.transactionRecorded(.init(
            transactionID: "t", date: try LocalDate(iso: "2026-01-10"), payee: nil, memo: nil,
            postings: [priced, Posting(accountID: "checking", amount: Money(minorUnits: -42_000, currency: .usd)),
                       Posting(accountID: "conv-btc", amount: Money(minorUnits: -1_000_000, currency: btc), memo: nil, cost: nil,
                               isGeneratedConversion: true),
                       Posting(accountID: "conv-usd", amount: Money(minorUnits: 42_000, currency: .usd), memo: nil, cost: nil,
                               isGeneratedConversion: true)]))
        XCTAssertTrue(event.payload.canonicalString().contains(
            #"{"account":"crypto","amount":1000000,"cost":{"commodity":"USD","per":"total","value":"420.00"},"currency":"BTC","digits":8,"memo":null}"#),
            event.payload.canonicalString())
        XCTAssertEqual(try roundTrip(event), event)
        for other in [LedgerEvent.commodityDeclared(.init(commodity: btc, display: "BTC 1.00000000")),
                      .priceRecorded(.init(date: try LocalDate(iso: "2026-02-01"), commodity: btc,
                                           value: try ExactDecimal(parsing: "40000.00"), quote: .usd, source: .journal))] {
            XCTAssertEqual(try roundTrip(other), other)
        }
    }

    func testWeightsRoundHalfEvenAndReportTheResidual() throws {
        let gel = try Currency(code: "GEL")
        let cost = PostingCost(per: .unit, value: try ExactDecimal(parsing: "2.495"), commodity: gel)
        let (weight, residual) = try cost.weight(of: Money(minorUnits: -8_401, currency: .usd))
        XCTAssertEqual(weight, Money(minorUnits: -20_960, currency: gel), "84.01 × 2.495 = 209.60495")
        XCTAssertEqual(residual.description, "-0.00495")
        let tie = PostingCost(per: .unit, value: try ExactDecimal(parsing: "0.5"), commodity: .usd)
        XCTAssertEqual(try tie.weight(of: Money(minorUnits: 1, currency: .usd)).weight.minorUnits, 0, "0.005 rounds to even 0.00")
        XCTAssertEqual(try tie.weight(of: Money(minorUnits: 3, currency: .usd)).weight.minorUnits, 2, "0.015 rounds to even 0.02")
        let huge = PostingCost(per: .unit, value: try ExactDecimal(parsing: "1000000000"), commodity: .usd)
        XCTAssertThrowsError(try huge.weight(of: Money(minorUnits: .max, currency: .eur)), "past Int64 is refused, not wrapped")
    }

    func testSymbolsOutsideTheTableNeedAValidNameAndPrecision() {
        XCTAssertEqual(try Commodity(symbol: "VTI", minorDigits: 4).minorDigits, 4)
        XCTAssertEqual(try Commodity(symbol: "USD", minorDigits: 8), .usd, "an ISO code keeps its table's precision")
        XCTAssertThrowsError(try Commodity(symbol: "B TC", minorDigits: 2))
        XCTAssertThrowsError(try Commodity(symbol: "BTC", minorDigits: 13))
        XCTAssertFalse(try Commodity(symbol: "BTC", minorDigits: 8).isISO)
        XCTAssertTrue(Commodity.usd.isISO)
    }
}
