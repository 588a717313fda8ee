import KakeiboReceipts
import KakeiboTestSupport
import XCTest

/// Text from images is untrusted: random observations must never crash the parser, and nothing it
/// returns may carry a control character.
final class ReceiptParserRobustnessTests: XCTestCase {
    private static let pieces = ["TOTAL", "T0TAL", "SUBTOTAL", "CASH", "CHANGE", "RM", "$", "€", "12.50", "-0.02", "1,234.56",
                                 "99999999.99", "12/31/2018", "31/12/18", "2018-02-30", "00000000", "99999999", "SDN BHD", "(123456-X)",
                                 "\u{1B}[31m", "\u{0}", "\u{202E}", "😀", "Ω", "..", ",", "/", "-", "", " ", "JAN", "32 DEC 2018"]

    func testRandomObservationsNeverCrashAndComeOutClean() {
        var random = SplitMix64(seed: 20_261_122)
        for _ in 0..<300 {
            var observations: [TextObservation] = []
            for _ in 0..<random.next(upTo: 60) {
                var text = ""
                for _ in 0..<(1 + random.next(upTo: 3)) {
                    text += Self.pieces[random.next(upTo: Self.pieces.count)]
                    if random.next(upTo: 4) == 0 { text += String(UnicodeScalar(UInt8(random.next(upTo: 128)))) }
                }
                observations.append(TextObservation(
                    text: text, x: random.unit() * 1.2 - 0.1, y: random.unit() * 1.2 - 0.1,
                    width: random.unit() * 0.3, height: random.next(upTo: 10) == 0 ? 0 : random.unit() * 0.05,
                    confidence: random.unit()))
            }
            let (rows, receipt) = ReceiptParser().parse(observations)
            for text in rows.map(\.text) + [receipt.merchant?.value, receipt.date?.value].compactMap({ $0 }) {
                XCTAssertFalse(text.unicodeScalars.contains { $0.properties.generalCategory == .control }, text.debugDescription)
            }
            if let date = receipt.date { XCTAssertNotNil(receipt.localDate, date.value) }
        }
    }
}
