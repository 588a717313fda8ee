import KakeiboReceipts
import XCTest

final class RowGrouperTests: XCTestCase {
    private func word(_ text: String, x: Double, y: Double, height: Double = 0.02) -> TextObservation {
        TextObservation(text: text, x: x, y: y, width: 0.08, height: height, confidence: 0.9)
    }

    func testWordsOnOneLineFormOneRowInXOrder() {
        let rows = RowGrouper().rows(from: [
            word("112.45", x: 0.8, y: 0.501),
            word("Total", x: 0.1, y: 0.5),
            word("(RM)", x: 0.2, y: 0.499),
            word("SHOP", x: 0.1, y: 0.1),
        ])
        XCTAssertEqual(rows.map(\.text), ["SHOP", "Total (RM) 112.45"])
        XCTAssertEqual(rows.map(\.index), [0, 1])
    }

    func testSlightTiltStaysOneRowWhileNextLineStaysApart() {
        // A line rising 0.012 across the page (more than half a word height end to end), words close together.
        let tilted = (0..<7).map { word("w\($0)", x: Double($0) * 0.12, y: 0.5 - Double($0) * 0.002) }
        let next = (0..<3).map { word("n\($0)", x: Double($0) * 0.3, y: 0.53) }
        let rows = RowGrouper().rows(from: tilted + next)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0].words.count, 7)
    }

    func testEmptyInputHasNoRows() {
        XCTAssertTrue(RowGrouper().rows(from: []).isEmpty)
    }
}
