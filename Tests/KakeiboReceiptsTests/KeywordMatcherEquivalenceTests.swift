import Foundation
@testable import KakeiboReceipts
import KakeiboTestSupport
import XCTest

/// `KeywordMatcher` reads plain-ASCII rows as bytes; the `Character` version it replaced stays here as the oracle.
/// Words, run-together text and every keyword answer must agree.
final class KeywordMatcherEquivalenceTests: XCTestCase {
    /// KeywordMatcher before the byte path, verbatim.
    struct Oracle {
        let words: [String]
        let joined: String

        init(_ text: String) {
            var words: [String] = []
            var current = ""
            for character in text.uppercased() {
                if character.isLetter {
                    current.append(character)
                } else if character == "0" {
                    current.append("O")
                } else if character == "1" || character == "|" {
                    current.append("I")
                } else if character == "5" && !current.isEmpty {
                    current.append("S")
                } else {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                }
            }
            if !current.isEmpty { words.append(current) }
            self.words = words.filter { $0.contains { !"OIS".contains($0) } }
            self.joined = self.words.joined()
        }

        func contains(_ keyword: String) -> Bool {
            let allowed = keyword.count >= 7 ? 2 : (keyword.count >= 4 ? 1 : 0)
            if keyword.contains(" ") {
                let target = keyword.filter { $0 != " " }
                return joined.contains(target) || windowMatch(target, allowed: allowed)
            }
            return words.contains { word in
                word == keyword || (allowed > 0 && abs(word.count - keyword.count) <= allowed && Similarity.editDistance(word, keyword) <= allowed)
            }
        }

        private func windowMatch(_ target: String, allowed: Int) -> Bool {
            for start in words.indices {
                var text = ""
                for word in words[start...] {
                    text += word
                    if text.count >= target.count - allowed {
                        if Similarity.editDistance(text, target) <= allowed { return true }
                        if text.count > target.count + allowed { break }
                    }
                }
            }
            return false
        }
    }

    /// Every keyword the parser asks about.
    static let keywords: [String] = Array(Set(
        ["DATE", "TARIKH", "DATED", "TIME", "MASA", "TOTAL", "TTL", "SUBTOTAL", "SUB TOTAL", "EXCL", "EXCLUDED", "EXCLUDING", "BEFORE",
         "ROUNDING", "ROUND", "ROUNDED ADJ", "ADJUSTMENT", "ADJ", "SERVICE", "SERV", "SRV", "SVC", "CHARGE", "CHG", "CHRG", "CHANGE",
         "CHANGE DUE", "BAKI", "GST", "SST", "VAT", "TAX", "INCL", "INCLUSIVE", "INCLUDING", "INCLUDED", "INC", "RM", "NETT", "NET", "REG",
         "NO", "ID", "INVOICE", "SUMMARY", "CODE", "DISCOUNT", "DISC", "CASH", "TENDERED", "TENDER", "PAYMENT", "PAID", "VISA",
         "MASTERCARD", "CARD", "DEBIT", "CREDIT", "AMOUNT", "AMT", "JUMLAH", "BALANCE", "CASH SALE", "CASH BILL", "CASH RECEIPT", "SDN BHD"]
            + (TotalExtractor.notTotal + TotalExtractor.strongTotal).map(\.text))).sorted()

    private func compare(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) -> Int {
        var failures = 0
        for text in texts {
            let matcher = KeywordMatcher(text), oracle = Oracle(text)
            var differs = matcher.words != oracle.words || matcher.joined != oracle.joined
            for keyword in Self.keywords where matcher.contains(Keyword(keyword)) != oracle.contains(keyword) {
                differs = true
                if failures < 10 { XCTFail("\(keyword) in \(text.debugDescription): \(matcher.contains(Keyword(keyword)))", file: file, line: line) }
            }
            if differs {
                if failures < 10 { XCTFail("\(text.debugDescription): \(matcher.words) ≠ \(oracle.words)", file: file, line: line) }
                failures += 1
            }
        }
        return failures
    }

    func testFixtureRowsAgree() throws {
        var texts = PatternScannerEquivalenceTests.examples
        let fixtures = ReceiptParserGoldenTests.directory
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name.hasSuffix(".json") {
            let fixture = try JSONDecoder().decode(ReceiptParserGoldenTests.Fixture.self, from: Data(contentsOf: fixtures.appendingPathComponent(name)))
            texts += ReceiptParser().parse(fixture.observations).rows.map(\.text)
        }
        XCTAssertEqual(compare(texts), 0)
    }

    func testDevReceiptsOCRTextAgrees() throws {
        // Outside the assertion: a skip thrown inside one is recorded as a failure.
        let texts = try PatternScannerEquivalenceTests.devReceiptTexts(for: "KeywordMatcherEquivalenceTests")
        XCTAssertEqual(compare(texts), 0)
    }

    /// Keywords misread the ways OCR misreads them (a letter dropped, doubled, swapped, replaced by a digit or split by a
    /// space, or turned into a letter of another script), run together with other words, digits and punctuation.
    func testSeededOCRLikeRowsAgree() {
        var random = SplitMix64(seed: 0x4B65_7977_6F72_6473)
        let noise = ["0", "1", "5", "|", " ", "  ", ":", ".", "-", "(RM)", "12.50", "5O", "OIS", "IS5", "x", "é", "Ü", "ß", "\u{212A}", "中", "\u{345}", "\r\n", "क्", "ष", "A\u{301}"]
        var texts: [String] = []
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<(1 + random.next(upTo: 5)) {
                var word = Array(Self.keywords[random.next(upTo: Self.keywords.count)])
                switch random.next(upTo: 8) {
                case 0 where word.count > 1: word.remove(at: random.next(upTo: word.count))
                case 1: word.insert(word[random.next(upTo: word.count)], at: random.next(upTo: word.count))
                case 2: word[random.next(upTo: word.count)] = ["0", "1", "5", "I", "L", " "][random.next(upTo: 6)]
                case 3 where word.count > 2: word.insert(" ", at: 1 + random.next(upTo: word.count - 1))
                case 4: word = Array(String(word).lowercased())
                case 5: word[random.next(upTo: word.count)] = ["É", "\u{212A}", "ß", "क्", "\u{345}"][random.next(upTo: 5)]
                default: break
                }
                text += String(word)
                let piece = noise[random.next(upTo: random.next(upTo: 10) == 0 ? noise.count : 14)]
                text += random.next(upTo: 2) == 0 ? " " : piece
            }
            texts.append(text)
        }
        XCTAssertEqual(compare(texts), 0)
    }

    func testBoundedDistanceAgreesWithTheEditDistance() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let a = (0..<random.next(upTo: 12)).map { _ in UInt8(0x41 + random.next(upTo: 4)) }
            let b = (0..<random.next(upTo: 12)).map { _ in UInt8(0x41 + random.next(upTo: 4)) }
            let distance = Similarity.editDistance(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            for limit in 0...3 {
                let within = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in KeywordMatcher.isWithin(limit, a, b) } }
                XCTAssertEqual(within, distance <= limit, "\(a) \(b) limit \(limit)")
            }
        }
    }
}

