import KakeiboReceipts
import KakeiboTestSupport
import XCTest

/// `TextSanitiser` decides ASCII by value and counts what it kept; the `Character` version it replaced stays here as the oracle.
final class TextSanitiserEquivalenceTests: XCTestCase {
    /// TextSanitiser.sanitise before the ASCII table, verbatim, but for fullwidth forms (U+FF01–FF5E), which now
    /// read as their ASCII twins first (PP-OCR prints `（` and `：`).
    private static func oracle(_ text: String, maxWordLength: Int = 64) -> String {
        let punctuation: Set<Character> = Set(".,:;-/()#&@%*+='\"!?[]_<>|~$€£¥")
        var out = ""
        var lastWasSpace = true
        for original in text.unicodeScalars {
            let scalar = (0xFF01...0xFF5E).contains(original.value) ? Unicode.Scalar(original.value - 0xFEE0)! : original
            if out.unicodeScalars.count >= maxWordLength { break }
            let character = Character(scalar)
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                continue
            }
            if character.isWhitespace {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
                continue
            }
            let allowed = (scalar.isASCII && (character.isLetter || character.isNumber))
                || punctuation.contains(character)
                || (!scalar.isASCII && character.isLetter && scalar.properties.isAlphabetic)
            guard allowed else { continue }
            out.append(character)
            lastWasSpace = false
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    func testEveryBasicPlaneScalarBetweenLettersAgrees() {
        let sanitiser = TextSanitiser()
        var differences = 0
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["a\(scalar)b", "\(scalar) A", " \(scalar)\(scalar)"] where sanitiser.sanitise(text) != Self.oracle(text) {
                differences += 1
                if differences <= 10 { XCTFail("U+\(String(value, radix: 16)) in \(text.debugDescription): \(sanitiser.sanitise(text).debugDescription)") }
            }
        }
        XCTAssertEqual(differences, 0)
    }

    /// Runs of ASCII, spaces, controls, combining marks, other scripts and emoji, long enough to reach the length cap.
    func testSeededMixedTextAgrees() {
        var random = SplitMix64(seed: 0x5361_6E69_7469_7365)
        let pieces = ["\u{A0}", "\u{2028}", "\u{200D}", "\u{301}", "\u{345}", "\u{85}", "\u{202E}", "\u{212A}", "€", "£", "¥", "中", "ß", "É",
                      "👍🏽", "🇲🇾", "क्", "ष", "\r\n", "\t", "  ", "\u{3000}", "\u{FEFF}", "\u{E000}"]
        for caps in [5, 64] {
            let sanitiser = TextSanitiser(maxWordLength: caps)
            for _ in 0..<5_000 {
                var text = ""
                for _ in 0..<random.next(upTo: 90) {
                    text += random.next(upTo: 3) == 0 ? pieces[random.next(upTo: pieces.count)]
                        : String(Unicode.Scalar(UInt8(random.next(upTo: 128))))
                }
                XCTAssertEqual(sanitiser.sanitise(text), Self.oracle(text, maxWordLength: caps), text.debugDescription)
            }
        }
    }
}
