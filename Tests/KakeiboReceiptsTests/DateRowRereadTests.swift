import KakeiboReceipts
import XCTest

/// The rule that lets closer readings of a date row replace the page's reading (synthetic rows, not dev receipts).
final class DateRowRereadTests: XCTestCase {
    private let judge = DateRowReread()

    /// One line as words across the row at height `y`.
    private func words(_ line: String, y: Double = 0.3, confidence: Double = 0.9) -> [TextObservation] {
        line.split(separator: " ").enumerated().map { column, word in
            TextObservation(text: String(word), x: 0.05 + Double(column) * 0.15, y: y, width: 0.12, height: 0.02, confidence: confidence)
        }
    }

    private func row(_ line: String, y: Double = 0.3) -> TextRow {
        TextRow(index: 3, words: words(line, y: y))
    }

    func testTwoAgreeingCloserReadingsReplaceAMisreadDigit() throws {
        let misread = row("Invoice Date: 16/07/2019")
        let closer = [words("Invoice Date: 15/07/2019"), words("Invoice Date: 15/07/2019")]
        let replacement = try XCTUnwrap(judge.replacement(for: misread, readings: closer))
        XCTAssertEqual(judge.date(in: replacement), "2019-07-15")
    }

    func testOneDissentingReadingIsNotEnough() {
        let page = row("Date 23.11.2020 14:02")
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date 28.11.2020 14:02"), words("Date 23.11.2020 14:02")]))
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date 28.11.2020 14:02")]))
    }

    func testCloserReadingsThatDisagreeWithEachOtherChangeNothing() {
        let page = row("Date 23.11.2020 14:02")
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date 28.11.2020 14:02"), words("Date 29.11.2020 14:02")]))
    }

    func testAgreeingWithThePageChangesNothing() {
        let page = row("DATE 2021-03-09")
        XCTAssertNil(judge.replacement(for: page, readings: [words("DATE 2021-03-09"), words("DATE 2021-03-09")]))
    }

    func testALabelledRowWithLostDigitsGainsTheDateTheCloserReadingsAgreeOn() throws {
        let lost = row("Tarikh : 0~ ak 10:41")
        XCTAssertEqual(judge.rowsWorthRereading([lost]).count, 1, "a labelled row is re-read even with no date in it")
        let replacement = try XCTUnwrap(judge.replacement(for: lost, readings: [words("Tarikh : 07-09-2022 10:41"), words("Tarikh: 07-09-2022 10:41")]))
        XCTAssertEqual(judge.date(in: replacement), "2022-09-07")
    }

    func testADateAnotherRowPrintsCountsAsOneMoreReading() throws {
        let bottom = row("04/10/2019 21:15:07", y: 0.9)
        let readings = [words("04/10/2019 21:15:07", y: 0.9), words("04/12/2019 21:15:07", y: 0.9), words("O4/1Z/2019", y: 0.9)]
        XCTAssertNil(judge.replacement(for: bottom, readings: readings), "the page and one closer look outvote the other")
        let replacement = try XCTUnwrap(judge.replacement(for: bottom, readings: Array(readings.dropFirst()), elsewhere: ["2019-12-04"]))
        XCTAssertEqual(judge.date(in: replacement), "2019-12-04")
        // Another row's date no closer look here names is no evidence for this row.
        XCTAssertNil(judge.replacement(for: bottom, readings: [words("O4/1Z/2019", y: 0.9)], elsewhere: ["2019-12-04"]))
    }

    func testAReadingWithADigitOpenOutweighsAgreeingFilledReadings() throws {
        // Ink fills gaps (3 → 9) far more often than it opens them: the page's 23 stands against two closer 29s.
        let page = row("Date : 23-06-2018 17:31:54")
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date : 29-06-2018 17:31:54"), words("Date: 29-06-2018 17:31:54")]))
        // And one closer reading with the gap open repairs the page's filled one.
        let filled = row("Date: 16/07/2019")
        let replacement = try XCTUnwrap(judge.replacement(for: filled, readings: [words("Date: 16/07/2019"), words("Date: 15/07/2019")]))
        XCTAssertEqual(judge.date(in: replacement), "2019-07-15")
    }

    func testFilledReadingsDoNotOverturnAnOpenPage() {
        let page = row("Date: 15/07/2019")
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date: 16/07/2019"), words("Date: 16/07/2019")]))
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date: 18/07/2019"), words("Date: 16/07/2019")]))
    }

    func testAReadingSureOfTheFilledDigitKeepsIt() {
        // Fading opens gaps too (a 9 losing its top reads as 3): a reading OCR is sure of is not second-guessed.
        let page = row("Date: 29/07/2019")
        XCTAssertNil(judge.replacement(for: page, readings: [words("Date: 29/07/2019", confidence: 0.97), words("Date: 23/07/2019")]))
    }

    // MARK: - No date on the page

    /// Several lines read from one band of the page, a line every 0.03 from `y`.
    private func band(_ lines: [String], y: Double = 0.15) -> [TextObservation] {
        lines.enumerated().flatMap { line, text in words(text, y: y + Double(line) * 0.03) }
    }

    func testRowsWithAClockTimeAreWhereALostDateIsLookedFor() {
        let rows = [row("ACME TRADING", y: 0.05), row("Cashier 3 Time 18:22", y: 0.1), row("90:06:00", y: 0.15),
                    row("TOTAL 12.50", y: 0.5), row("Tel 03-4021 1233", y: 0.6), row("Ratio 1:2", y: 0.7)]
        XCTAssertEqual(judge.clockRows(rows).map(\.text), ["Cashier 3 Time 18:22", "90:06:00"])
    }

    func testTheDateRowTwoBandReadingsAgreeOnIsFound() throws {
        let readings = [band(["TAX INVOICE", "Doc No CS0207 Date: 22/12/2017", "Cashier EIRA Time: 00:06:00"]),
                        band(["INVOICE", "1163 pate: 22/12/2017", "Time 00:06:00"])]
        let found = try XCTUnwrap(judge.dateRow(in: readings))
        XCTAssertEqual(judge.date(in: found), "2017-12-22")
        XCTAssertEqual(found.map(\.text), ["Doc", "No", "CS0207", "Date:", "22/12/2017"], "the first reading's row")
    }

    func testBandReadingsThatDoNotAgreeFindNothing() {
        let first = band(["Date: 22/12/2017", "Time: 00:06:00"]), second = band(["Date: 22/1 9/2017", "Time: 00:06:00"])
        XCTAssertNil(judge.dateRow(in: [first]), "one reading is not enough")
        XCTAssertNil(judge.dateRow(in: [first, second]))
        XCTAssertNil(judge.dateRow(in: [first, band(["Date: 92/12/2011"])]))
    }

    func testOnlyDateRowsAreWorthRereading() {
        let rows = [row("ACME TRADING SDN BHD", y: 0.05), row("Date: 02/01/2020", y: 0.1), row("TOTAL 12.50", y: 0.5), row("Cashier 3 Time 18:22", y: 0.6)]
        XCTAssertEqual(judge.rowsWorthRereading(rows).map(\.text), ["Date: 02/01/2020"])
    }

    func testARowOCRIsSureOfIsNotReread() {
        let sure = TextRow(index: 1, words: words("Date: 02/01/2020 10:15", confidence: 0.97))
        XCTAssertTrue(judge.rowsWorthRereading([sure]).isEmpty)
        var unsure = sure
        unsure.words[1].confidence = 0.9
        XCTAssertEqual(judge.rowsWorthRereading([unsure]).count, 1)
    }

    func testReadingsAreSanitisedBeforeTheyAreJudged() {
        // A control character inside the digits would otherwise split the date.
        let sanitised = judge.parser.parse(words("Date 1\u{1B}5/07/2019")).receipt.date?.value
        XCTAssertNotNil(sanitised)
        XCTAssertEqual(judge.date(in: words("Date 1\u{1B}5/07/2019")), sanitised)
    }
}
