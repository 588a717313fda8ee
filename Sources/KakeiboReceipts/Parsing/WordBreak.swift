/// The few UAX #29 word-break classes that decide Regex's `\b` right after a letter (the `M` of `PM`).
///
/// Built from public scalar properties plus the ranges where Swift 6.3's own word-break data says otherwise;
/// `PatternScannerEquivalenceTests` checks it against Regex for every alphabetic scalar and every scalar after `M`.
enum WordBreak: Equatable {
    /// ALetter or Hebrew_Letter: continues a word.
    case letter
    case numeric
    /// `_` and other connector punctuation.
    case extendNumLet
    /// MidLetter, MidNumLet and Single_Quote (`:` `.` `'` `·` `’`): continue a word only between letters.
    case mid
    /// Extend, ZWJ and Format: skipped (WB4).
    case ignored
    case other

    init(ascii byte: UInt8) {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A: self = .letter
        case 0x30...0x39: self = .numeric
        case 0x5F: self = .extendNumLet
        case 0x2E, 0x3A, 0x27: self = .mid
        default: self = .other
        }
    }

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            self.init(ascii: UInt8(value))
            return
        }
        let properties = scalar.properties
        // The Syriac abbreviation mark is a format character Unicode lists as a letter.
        if value == 0x070F {
            self = .letter
            return
        }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            self = .ignored
            return
        case .format:
            self = value == 0x200B ? .other : .ignored
            return
        case .decimalNumber:
            self = value == 0x066C ? .other : .numeric
            return
        case .connectorPunctuation:
            self = .extendNumLet
            return
        default: break
        }
        switch value {
        case 0x00B7, 0x0387, 0x055F, 0x05F4, 0x2027, 0xFE13, 0xFE55, 0xFF1A, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E:
            self = .mid
        case 0x066B, 0x19DA:
            self = .numeric
        case 0x202F:
            self = .extendNumLet
        case 0x1F3FB...0x1F3FF:
            self = .ignored
        case 0x00B8, 0x02C2...0x02C5, 0x02D2...0x02D7, 0x02DE...0x02DF, 0x02E5...0x02EB, 0x02ED, 0x02EF...0x02FF,
             0x055A...0x055C, 0x055E, 0x058A, 0x05F3, 0xA708...0xA716, 0xA720...0xA721, 0xA789...0xA78A, 0xAB5B:
            self = .letter
        default:
            self = properties.isAlphabetic && !properties.isIdeographic && !Self.isNotALetter(value) ? .letter : .other
        }
    }

    /// Alphabetic scalars that are not ALetter: kana, scripts written without spaces (Line_Break SA), and
    /// ranges Swift 6.3's word-break data leaves out (the end of Hangul syllables, Egyptian hieroglyphs extended).
    private static func isNotALetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1950...0x19DF, 0x1A20...0x1AAF, 0xA9E0...0xA9FF,
             0xAA60...0xAADF, 0x11700...0x1174F, 0x19E0...0x19FF,
             0x3031...0x3035, 0x3040...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF9F,
             0x1AFF0...0x1B16F,
             0xAFA4...0xD7A3, 0x13BFB...0x143FA:
            return true
        default:
            return false
        }
    }
}
