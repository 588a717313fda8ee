import Foundation
@testable import KakeiboReceipts
import KakeiboTesseract
import KakeiboTestSupport
import XCTest

/// `DatePatternScanner` and `TimeScanner` replaced eight Swift `Regex` patterns; the patterns stay here as the
/// oracle. Every input must give the same matches: ranges, groups and order.
final class PatternScannerEquivalenceTests: XCTestCase {
    // MARK: - The original patterns (DateExtractor and TimeExtractor before the scanners)

    nonisolated(unsafe) static let numeric = try! Regex(#"(?:^|[^0-9])([0-9]{1,2}) ?[/\-.] ?([0-9]{1,2}) ?[/\-.] ?([0-9]{4}|[0-9]{2})(?![0-9])"#)
    nonisolated(unsafe) static let yearFirst = try! Regex(#"(?:^|[^0-9])(20[0-9]{2}) ?[/\-.] ?([0-9]{1,2}) ?[/\-.] ?([0-9]{1,2})(?![0-9])"#)
    nonisolated(unsafe) static let dayMonthName = try! Regex(#"(?:^|[^0-9])([0-9]{1,2})[ \-/.]*(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*[ \-/.,']*([0-9]{4}|[0-9]{2})(?![0-9])"#)
    nonisolated(unsafe) static let monthNameDay = try! Regex(#"(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*[ .\-]*([0-9]{1,2})(?:ST|ND|RD|TH)?[ ,.\-]+([0-9]{4})(?![0-9])"#)
    nonisolated(unsafe) static let compact = try! Regex(#"(?:^|[^0-9])([0-9]{8})(?![0-9])"#)
    nonisolated(unsafe) static let slashOnce = try! Regex(#"(?:^|[^0-9])([0-9]{2})([0-9]{2}) ?[/\-.] ?(20[0-9]{2})(?![0-9])"#)
    nonisolated(unsafe) static let colon = try! Regex(#"(?:^|[^0-9:])([0-9]{1,2}) ?: ?([0-9]{2})(?: ?: ?([0-9]{2}))?(?![0-9])(?: ?([AP])\.? ?M\b\.?)?"#)
    nonisolated(unsafe) static let dotted = try! Regex(#"(?:^|[^0-9.,])([0-9]{1,2})\.([0-9]{2})(?![0-9.,])(?: ?([AP])\.? ?M\b\.?)?"#)

    // MARK: - Comparing

    private static func offsets(_ range: Range<String.Index>, in text: String) -> Range<Int> {
        text.distance(from: text.startIndex, to: range.lowerBound)..<text.distance(from: text.startIndex, to: range.upperBound)
    }

    private static func expectedDates(_ regex: Regex<AnyRegexOutput>, in text: String) -> [DatePatternScanner.Match] {
        text.matches(of: regex).map { match in
            DatePatternScanner.Match(range: offsets(match.range, in: text),
                                     groups: (1..<match.output.count).map { offsets(match.output[$0].range!, in: text) })
        }
    }

    private static func expectedTimes(_ regex: Regex<AnyRegexOutput>, in text: String) -> [TimeScanner.Match] {
        text.matches(of: regex).map { match in
            let meridiemGroup = match.output.count - 1
            return TimeScanner.Match(range: offsets(match.range, in: text), hour: Int(match.output[1].substring!)!, minute: Int(match.output[2].substring!)!,
                                     seconds: meridiemGroup == 4 ? match.output[3].substring.map { Int($0)! } : nil,
                                     meridiem: match.output[meridiemGroup].substring.map { $0.utf8.first! })
        }
    }

    /// Number of texts that differed; the first few are reported.
    @discardableResult
    private func compare(_ texts: some Sequence<String>, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var failures = 0
        for raw in texts {
            for text in Set([raw, raw.uppercased()]) {
                let codes = CharacterCodes(text)
                let dates = DatePatternScanner(codes), times = TimeScanner(codes)
                let pairs: [(String, [DatePatternScanner.Match], [DatePatternScanner.Match])] = [
                    ("numeric", dates.numeric(), Self.expectedDates(Self.numeric, in: text)),
                    ("yearFirst", dates.yearFirst(), Self.expectedDates(Self.yearFirst, in: text)),
                    ("dayMonthName", dates.dayMonthName(), Self.expectedDates(Self.dayMonthName, in: text)),
                    ("monthNameDay", dates.monthNameDay(), Self.expectedDates(Self.monthNameDay, in: text)),
                    ("compact", dates.compact(), Self.expectedDates(Self.compact, in: text)),
                    ("slashOnce", dates.slashOnce(), Self.expectedDates(Self.slashOnce, in: text)),
                ]
                var differs = false
                for (name, got, expected) in pairs where got != expected {
                    differs = true
                    if failures < 10 { XCTFail("\(name) on \(text.debugDescription): \(got) ≠ regex \(expected)", file: file, line: line) }
                }
                for (name, got, expected) in [("colon", times.colon(), Self.expectedTimes(Self.colon, in: text)),
                                              ("dotted", times.dotted(), Self.expectedTimes(Self.dotted, in: text))] where got != expected {
                    differs = true
                    if failures < 10 { XCTFail("\(name) on \(text.debugDescription): \(got) ≠ regex \(expected)", file: file, line: line) }
                }
                if differs { failures += 1 }
            }
        }
        return failures
    }

    // MARK: - (a) Every example the receipt tests use

    static let examples = [
        // ReceiptParserTests
        "DATE: 03/04/2018", "DATE: 12/28/2017", "24 MAR 18", "Mar 24, 2018", "2018-04-06 10:00", "11.02.18", "DATE 25032018",
        "12-02-2618 11:34", "TOTAL 1.00", "T0TAL 12.50", "TOTAI (RM) 79. 35", "Grand Total RM1,234.50", "Total Qty: 4.00",
        "Total Includes GST 8.20", "Cash 20.20", "Change 12.00", "(123456-X)", "TEL: 03-1234 5678", "NO 1, JALAN BESAR",
        // TimeExtractorTests
        "25/12/2018 12:34", "Date: 25/12/2018", "Time: 09:05:59", "Mar 24, 2018 1:05 PM", "24/03/2018 12:15AM",
        "24/03/2018 12:15 P.M.", "24/03/2018 13.45", "TIME 13.45", "24/03/2018", "NASI LEMAK 13.45", "TOTAL 13.45",
        "24/03/2018 25:10", "24/03/2018 10:75", "24/03/2018 13:05 AM", "2017-12-28 22:17PM", "TIME: 18:20", "TABLE OPEN 17:55",
        // DateRowRereadTests
        "Invoice Date: 16/07/2019", "Invoice Date: 15/07/2019", "Date 23.11.2020 14:02", "Date 28.11.2020 14:02",
        "Date 29.11.2020 14:02", "DATE 2021-03-09", "Tarikh : 0~ ak 10:41", "Tarikh : 07-09-2022 10:41", "Tarikh: 07-09-2022 10:41",
        "04/10/2019 21:15:07", "04/12/2019 21:15:07", "O4/1Z/2019", "Date: 02/01/2020", "Cashier 3 Time 18:22", "Date: 02/01/2020 10:15",
        // ReceiptParserRobustnessTests' pieces
        "12/31/2018", "31/12/18", "2018-02-30", "00000000", "99999999", "32 DEC 2018", "99999999.99", "1,234.56", "-0.02",
    ]

    func testEveryExampleInTheReceiptTestsMatchesAsTheRegexDid() throws {
        var texts = Self.examples
        // The rows of every recorded fixture, as the extractors see them.
        let fixtures = ReceiptParserGoldenTests.directory
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name.hasSuffix(".json") {
            let fixture = try JSONDecoder().decode(ReceiptParserGoldenTests.Fixture.self, from: Data(contentsOf: fixtures.appendingPathComponent(name)))
            texts += ReceiptParser().parse(fixture.observations).rows.map(\.text)
        }
        XCTAssertGreaterThan(texts.count, 200)
        XCTAssertEqual(compare(texts), 0)
    }

    // MARK: - (b) Seeded random receipt-like text

    static let pieces: [String] = {
        var pieces = ["0", "1", "2", "3", "5", "9", "12", "20", "31", "07", "2018", "2024", "18", "123", "0000", "12345678",
                      "/", "-", ".", ":", ",", " ", "  ", "'", " / ", " - ", ". ", ": ",
                      "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC", "MARCH", "SEPT", "Mar", "dec",
                      "ST", "ND", "RD", "TH", "AM", "PM", "A.M.", "P.M.", "P", "A", "M", "M.", "P M", "AN",
                      "DATE", "TIME", "TOTAL", "X", "Z", "O", "_", "\"", "(", "#"]
        // Beyond ASCII: letters of other scripts, combining marks, a figure of another script, CR LF, the Kelvin sign.
        pieces += ["É", "E\u{301}", "1\u{301}", "ß", "Ω", "\u{212A}", "中", "カ", "ก", "٣", "Ⅻ", "\u{345}", "\u{AD}", "\r\n", "·", "’", "\u{202F}"]
        return pieces
    }()

    /// Date and time shapes with every part perturbed: digit runs of 0–5, any separator, month names in full or cut,
    /// suffixes, meridiems with dots and spaces, and what follows them.
    private static func shaped(_ random: inout SplitMix64) -> String {
        func pick(_ choices: [String]) -> String { choices[random.next(upTo: choices.count)] }
        func digits() -> String { String((0..<[0, 1, 1, 2, 2, 2, 3, 4, 4, 5, 8][random.next(upTo: 11)]).map { _ in "0123456789".randomElement(using: &random)! }) }
        func separator() -> String { pick(["/", "-", ".", " ", ":", ",", "'", "", " / ", "- ", " .", "  ", "//", ". ", ", "]) }
        func month() -> String { pick(["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC", "MARCH", "SEPT", "JANUARY", "Mar", "JA", "DECX"]) }
        func year() -> String { pick(["2018", "20", "18", "2618", "1999", "2039", "20180", digits()]) }
        func suffix() -> String { pick(["", "", "ST", "ND", "RD", "TH", "S", "T", "STH"]) }
        func meridiem() -> String { pick(["", "", "AM", "PM", " AM", " PM", "A.M.", " P.M", "P. M", "PM.", "A M", "PMX", "AN", " P"]) }
        func after() -> String { pick(["", "", " ", ".", ":", "'", ".A", ":B", "'C", ".5", "_", "X", "5", ",", "·A", "’A", "É", ".É", ".中", "\u{AD}"]) }
        var parts: [String] = []
        for _ in 0..<(1 + random.next(upTo: 3)) {
            switch random.next(upTo: 8) {
            case 0: parts.append(digits() + separator() + digits() + separator() + year())
            case 1: parts.append(pick(["20", "2", ""]) + digits() + separator() + digits() + separator() + digits())
            case 2: parts.append(digits() + separator() + month() + separator() + year())
            case 3: parts.append(month() + separator() + digits() + suffix() + separator() + year())
            case 4: parts.append(digits() + digits() + digits())
            case 5: parts.append(digits() + separator() + year())
            case 6: parts.append(digits() + pick([":", " :", ": ", " : ", "."]) + digits() + pick(["", ":", " : "]) + digits() + meridiem() + after())
            default: parts.append(digits() + "." + digits() + meridiem() + after())
            }
        }
        return pick(["", "DATE ", "TIME: ", "X", "1", ":", ".", ","]) + parts.joined(separator: pick([" ", "", "  ", "/", "X"])) + after()
    }

    func testSeededRandomReceiptLikeTextMatchesAsTheRegexDid() {
        var random = SplitMix64(seed: 0x6B61_6B65_6962_6F06)
        var texts: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<(1 + random.next(upTo: 14)) {
                // Mostly ASCII, as receipts are; one piece in eight from the whole list.
                let asciiPieces = Self.pieces.count - 17
                text += Self.pieces[random.next(upTo: random.next(upTo: 8) == 0 ? Self.pieces.count : asciiPieces)]
            }
            texts.append(text)
            texts.append(Self.shaped(&random))
        }
        XCTAssertEqual(compare(texts), 0)
    }

    // MARK: - Word boundaries after `M`, for every scalar

    func testTheMeridiemWordBoundaryAgreesForEveryScalar() {
        var texts: [String] = []
        // Every assigned scalar (unassigned and private-use ones all break; a sweep over them once agreed too).
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), ![.unassigned, .privateUse].contains(scalar.properties.generalCategory) else { continue }
            let character = String(scalar)
            texts.append("1:05 PM" + character)
            // After `.`, the question is whether the scalar is a letter: for every letter the sanitiser keeps.
            if scalar.properties.isAlphabetic || value < 0x3000 { texts.append("1:05 PM." + character) }
        }
        var failures = 0
        for text in texts {
            let got = TimeScanner(CharacterCodes(text)).colon()
            let expected = Self.expectedTimes(Self.colon, in: text)
            if got != expected {
                failures += 1
                if failures <= 10 { XCTFail("colon on \(text.debugDescription) (\(text.unicodeScalars.map { String($0.value, radix: 16) })): \(got) ≠ regex \(expected)") }
            }
        }
        XCTAssertEqual(failures, 0)
    }

    // MARK: - (c) OCR text of the dev receipts

    /// Rows and words of the dev receipts' OCR observations, cached as `receipts eval --observations-cache` writes them
    /// (in `KAKEIBO_DEV_OBSERVATIONS`, else .build/receipts-dev-observations) and read with Tesseract when absent.
    static func devReceiptTexts(for name: String) throws -> [String] {
        let devSet = ReceiptsEvalIntegrationTests.devSet
        guard FileManager.default.fileExists(atPath: devSet.path) else {
            print("\(name): dev-set comparison skipped, \(devSet.path) is absent")
            throw XCTSkip("\(devSet.path) is absent: the dev receipts live outside the repository")
        }
        let cache = ProcessInfo.processInfo.environment["KAKEIBO_DEV_OBSERVATIONS"].map { URL(fileURLWithPath: $0) }
            ?? ReceiptsEvalIntegrationTests.repository.appendingPathComponent(".build/receipts-dev-observations")
        let ids = try FileManager.default.contentsOfDirectory(atPath: devSet.path).filter { $0.hasSuffix(".jpg") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertEqual(ids.count, 60)
        let missing = ids.filter { !FileManager.default.fileExists(atPath: cache.appendingPathComponent($0 + ".json").path) }
        if !missing.isEmpty {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            for item in ReceiptBatch(workers: 2, makeEngine: TesseractEngine.factory()).recognize(missing.map { devSet.appendingPathComponent($0 + ".jpg").path }) {
                let id = URL(fileURLWithPath: item.path).deletingPathExtension().lastPathComponent
                try JSONEncoder().encode(try item.result.get().observations).write(to: cache.appendingPathComponent(id + ".json"))
            }
        }
        var texts: [String] = []
        for id in ids {
            let observations = try JSONDecoder().decode([TextObservation].self, from: Data(contentsOf: cache.appendingPathComponent(id + ".json")))
            texts += ReceiptParser().parse(observations).rows.map(\.text) + observations.map(\.text)
        }
        XCTAssertGreaterThan(texts.count, 2_000)
        return texts
    }

    func testTheDevReceiptsOCRTextMatchesAsTheRegexDid() throws {
        // Outside the assertion: a skip thrown inside one is recorded as a failure.
        let texts = try Self.devReceiptTexts(for: "PatternScannerEquivalenceTests")
        XCTAssertEqual(compare(texts), 0)
    }
}
