import KakeiboDomain
import XCTest

/// The plan events' payloads are hashed: their shape is pinned here, and they read back exactly.
final class PlanEventCodecTests: XCTestCase {
    func roundTrip(_ event: LedgerEvent, _ canonical: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(event.payload.canonicalString(), canonical, file: file, line: line)
        XCTAssertEqual(try LedgerEvent(type: event.type, schemaVersion: 1, payload: event.payload), event, file: file, line: line)
        XCTAssertEqual(event.stream, LedgerEvent.structureStream, file: file, line: line)
        XCTAssertNil(event.transactionID, file: file, line: line)
    }

    func testBudgetSetClearedAndIncomeGoalSetRoundTrip() throws {
        let from = try LocalDate(iso: "2026-11-01")
        try roundTrip(.budgetSet(.init(accountID: "acc", length: .monthly, amount: Money(minorUnits: 40_000, currency: .usd),
                                       effectiveFrom: from, rollover: .positive)),
                      #"{"account":"acc","amount":40000,"currency":"USD","from":"2026-11-01","period":"monthly","rollover":"positive"}"#)
        try roundTrip(.budgetCleared(.init(accountID: "acc", effectiveFrom: from)), #"{"account":"acc","from":"2026-11-01"}"#)
        try roundTrip(.incomeGoalSet(.init(length: .weekly, amount: Money(minorUnits: 150_000, currency: .usd), effectiveFrom: from)),
                      #"{"amount":150000,"currency":"USD","from":"2026-11-01","period":"weekly"}"#)
    }

    func testUnknownPeriodOrRolloverIsAMalformedEvent() {
        let payload: JSONValue = ["account": "acc", "amount": 1, "currency": "USD", "from": "2026-11-01", "period": "daily",
                                  "rollover": "none"]
        XCTAssertThrowsError(try LedgerEvent(type: "BudgetSet", schemaVersion: 1, payload: payload)) { error in
            guard case .malformedEvent(let type, _) = error as? LedgerError else { return XCTFail("\(error)") }
            XCTAssertEqual(type, "BudgetSet")
        }
        var rollover = payload.objectValue!
        rollover["period"] = "weekly"
        rollover["rollover"] = "sometimes"
        XCTAssertThrowsError(try LedgerEvent(type: "BudgetSet", schemaVersion: 1, payload: .object(rollover)))
        XCTAssertThrowsError(try LedgerEvent(type: "IncomeGoalSet", schemaVersion: 1, payload: ["period": "weekly", "amount": 1]))
    }
}
