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
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
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
                || Self.punctuation.contains(character)
                || (!scalar.isASCII && character.isLetter && scalar.properties.isAlphabetic)
            guard allowed else { continue }
            out.append(character)
            lastWasSpace = false
        }
        while out.last == " " { out.removeLast() }
        return out
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
