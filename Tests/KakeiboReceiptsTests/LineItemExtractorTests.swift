import KakeiboReceipts
import XCTest

final class LineItemExtractorTests: XCTestCase {
    private struct Line: Equatable {
        var description: String
        var quantity: Int64?
        var amount: Int64
    }

    private func lines(_ receipt: ParsedReceipt) -> [Line] {
        receipt.items.map { Line(description: $0.description, quantity: $0.quantity, amount: $0.amount) }
    }

    func testItemsBetweenHeaderAndTotalsWithQuantityForms() throws {
        let receipt = ReceiptLines.parse([
            "KEDAI RUNCIT MAJU SDN BHD",
            "Tel: 03-1234 5678",
            "Date: 25/12/2018 Time: 10:15",
            "MILO 1KG 15.90",
            "TEH TARIK 2 x 3.50 7.00",
            "SUGAR 1KG",
            "QTY 3 @ 1.20 3.60",
            "9556001 ROTI CANAI 2.50 SR",
            "MINERAL WATER 1.80 Z",
            "SUBTOTAL 30.80",
            "GST 6% 0.00",
            "TOTAL 30.80",
            "CASH 50.00",
            "CHANGE 19.20",
        ])
        XCTAssertEqual(receipt.total?.value, 3080)
        XCTAssertEqual(receipt.time?.value, "10:15")
        XCTAssertEqual(lines(receipt), [
            Line(description: "MILO 1KG", quantity: nil, amount: 1590),
            Line(description: "TEH TARIK", quantity: 2, amount: 700),
            Line(description: "SUGAR 1KG", quantity: 3, amount: 360),
            Line(description: "ROTI CANAI", quantity: nil, amount: 250),
            Line(description: "MINERAL WATER", quantity: nil, amount: 180),
        ])
        XCTAssertEqual(receipt.items.map(\.rows), [[3], [4], [5, 6], [7], [8]])
        // They add up to the subtotal, so each is trusted.
        XCTAssertTrue(receipt.items.allSatisfy(\.isHighConfidenceForTest))
        XCTAssertFalse(receipt.warnings.contains("line items do not add up to the subtotal"))
    }

    func testQuantityRowBelowItsDescriptionAndAQuantityColumn() {
        let receipt = ReceiptLines.parse([
            "HARDWARE TRADING",
            "25/12/2018",
            "PAINT BRUSH 2IN",
            "QTY 3 @ 4.50 13.50",
            "WOOD GLUE 2 6.00 12.00 SR",
            "2x1.25 2.50",
            "SUB TOTAL 26.00",
            "TOTAL 26.00",
        ])
        XCTAssertEqual(lines(receipt), [
            Line(description: "PAINT BRUSH 2IN", quantity: 3, amount: 1350),
            Line(description: "WOOD GLUE", quantity: 2, amount: 1200),
        ])
        XCTAssertEqual(receipt.items.first?.rows, [2, 3])
        // The orphan `2x1.25 2.50` has no description, and the two items do not add up to 26.00.
        XCTAssertTrue(receipt.warnings.contains("line items do not add up to the subtotal"))
        XCTAssertTrue(receipt.items.allSatisfy { !$0.confidence.isNaN && $0.confidence < ReceiptField<Int64>.reviewThreshold })
    }

    func testItemsThatAddUpAreTrustedMoreThanItemsThatDoNot() throws {
        let good = ReceiptLines.parse(["SHOP SDN BHD", "25/12/2018", "NASI LEMAK 5.50", "KOPI O 2.00", "TOTAL 7.50"])
        let bad = ReceiptLines.parse(["SHOP SDN BHD", "25/12/2018", "NASI LEMAK 5.50", "KOPI O 2.00", "TOTAL 9.50"])
        XCTAssertEqual(good.items.map(\.amount), [550, 200])
        XCTAssertEqual(bad.items.map(\.amount), [550, 200])
        XCTAssertTrue(good.items.allSatisfy(\.isHighConfidenceForTest))
        XCTAssertFalse(bad.items.contains(where: \.isHighConfidenceForTest))
        XCTAssertFalse(good.warnings.contains("line items do not add up to the subtotal"))
    }

    func testTotalsTaxPaymentsPhoneNumbersAndDatesAreNotItems() {
        let receipt = ReceiptLines.parse([
            "CAFE ONE",
            "Tel 012-3456789",
            "24/03/2018 13.45",
            "FISH DISH 12.00",
            "Service Charge 10% 1.20",
            "SUBTOTAL 12.00",
            "Rounding 0.00",
            "TOTAL 13.20",
            "VISA 13.20",
            "Thank you 1.00",
        ])
        XCTAssertEqual(lines(receipt), [Line(description: "FISH DISH", quantity: nil, amount: 1200)])
    }

    func testNoAmountsNoItems() {
        XCTAssertEqual(ReceiptLines.parse(["SHOP", "HELLO WORLD"]).items, [])
        XCTAssertEqual(ReceiptParser().parse([]).receipt.items, [])
    }
}

private extension ReceiptLineItem {
    var isHighConfidenceForTest: Bool { confidence >= ReceiptField<Int64>.reviewThreshold }
}
