/// Groups words into printed rows by vertical overlap.
///
/// The tolerance comes from the median word height, so it scales with the font and the scan
/// resolution. A word joins the row whose nearest word (in x) is vertically closest, which follows
/// a slight tilt along the line instead of comparing with the row's first word only.
public struct RowGrouper: Sendable {
    /// Fraction of the median word height two words' centres may differ by and still share a row.
    public var tolerance: Double

    public init(tolerance: Double = 0.5) {
        self.tolerance = tolerance
    }

    public func rows(from observations: [TextObservation]) -> [TextRow] {
        let words = observations.filter { !$0.text.isEmpty && $0.height > 0 }
        guard !words.isEmpty else { return [] }
        let heights = words.map(\.height).sorted()
        let medianHeight = heights[heights.count / 2]
        let limit = medianHeight * tolerance

        var groups: [[TextObservation]] = []
        for word in words.sorted(by: { $0.midY < $1.midY }) {
            var best: (index: Int, distance: Double)?
            // Only recent rows can be close: rows are created in y order.
            for index in groups.indices.suffix(6) {
                let nearest = groups[index].min { abs($0.x - word.x) < abs($1.x - word.x) }!
                let distance = abs(nearest.midY - word.midY)
                let overlaps = groups[index].allSatisfy { $0.maxX <= word.x + word.width * 0.2 || $0.x >= word.maxX - word.width * 0.2 }
                if distance <= limit, overlaps, distance < (best?.distance ?? .infinity) {
                    best = (index, distance)
                }
            }
            if let best {
                groups[best.index].append(word)
            } else {
                groups.append([word])
            }
        }
        let ordered = groups
            .map { $0.sorted { $0.x < $1.x } }
            .sorted { median($0.map(\.midY)) < median($1.map(\.midY)) }
        return ordered.enumerated().map { TextRow(index: $0.offset, words: $0.element) }
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
