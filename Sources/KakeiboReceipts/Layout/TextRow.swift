/// Words on one printed line, left to right, so `Total (RM) : ....... 112.45` reads as one row.
public struct TextRow: Hashable, Sendable, Codable {
    public var index: Int
    public var words: [TextObservation]

    public init(index: Int, words: [TextObservation]) {
        self.index = index
        self.words = words
    }

    /// The sanitised words joined with single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
    /// The weakest word decides how much the row can be trusted.
    public var confidence: Double { words.map(\.confidence).min() ?? 0 }
    public var meanConfidence: Double { words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count) }
    public var minX: Double { words.map(\.x).min() ?? 0 }
    public var minY: Double { words.map(\.y).min() ?? 0 }
    public var maxX: Double { words.map(\.maxX).max() ?? 0 }
    public var maxY: Double { words.map(\.maxY).max() ?? 0 }
}
