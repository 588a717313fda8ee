import KakeiboDomain

/// Makes OCR text safe to interpret: text read from a camera is untrusted input.
///
/// Keeps a whitelist of characters that appear on receipts (letters, digits, common punctuation
/// and currency signs), drops control characters (no terminal escape can pass), collapses
/// whitespace and caps the length, before any parser, event or terminal sees the text.
public struct TextSanitiser: Sendable {
    public var maxWordLength: Int
    public var maxObservations: Int

    public init(maxWordLength: Int = 64, maxObservations: Int = 5_000) {
        self.maxWordLength = maxWordLength
        self.maxObservations = maxObservations
    }

    static let punctuation: Set<Character> = Set(".,:;-/()#&@%*+='\"!?[]_<>|~$€£¥")

    public func sanitise(_ text: String) -> String {
        var out = ""
        var kept = 0
        var lastWasSpace = true
        for original in text.unicodeScalars {
            if kept >= maxWordLength { break }
            // Fullwidth forms (`（`, `：`, `，`, `１`), which line engines trained on CJK print emit, read as their ASCII twins.
            let scalar = (0xFF01...0xFF5E).contains(original.value) ? Unicode.Scalar(original.value - 0xFEE0)! : original
            let keep: Bool
            if scalar.isASCII {
                // ASCII decided by value: controls go, a space is the only whitespace left, letters, digits and the listed punctuation stay.
                if FreeText.isControl(scalar) { continue }
                let value = UInt8(scalar.value)
                if value == 0x20 {
                    if !lastWasSpace { out.append(" "); kept += 1 }
                    lastWasSpace = true
                    continue
                }
                keep = Self.asciiKept[Int(value)]
            } else {
                let character = Character(scalar)
                let category = scalar.properties.generalCategory
                if category == .control || category == .format { continue }
                if character.isWhitespace {
                    if !lastWasSpace { out.append(" "); kept += 1 }
                    lastWasSpace = true
                    continue
                }
                keep = Self.punctuation.contains(character) || (character.isLetter && scalar.properties.isAlphabetic)
            }
            guard keep else { continue }
            out.unicodeScalars.append(scalar)
            kept += 1
            lastWasSpace = false
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// For each ASCII value: a letter, a digit or listed punctuation.
    private static let asciiKept: [Bool] = (0..<128).map { value in
        let character = Character(Unicode.Scalar(UInt8(value)))
        return character.isLetter || character.isNumber || punctuation.contains(character)
    }

    /// Sanitises every observation, drops the ones left empty, clamps boxes and confidences into 0…1.
    public func sanitise(_ observations: [TextObservation]) -> [TextObservation] {
        observations.prefix(maxObservations).compactMap { observation in
            let text = sanitise(observation.text)
            guard !text.isEmpty, [observation.x, observation.y, observation.width, observation.height, observation.confidence].allSatisfy(\.isFinite) else { return nil }
            func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
            return TextObservation(
                text: text, x: clamp(observation.x), y: clamp(observation.y),
                width: clamp(observation.width), height: clamp(observation.height),
                confidence: clamp(observation.confidence))
        }
    }
}
