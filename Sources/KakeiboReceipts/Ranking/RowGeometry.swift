/// Text height per row against the page's median: printed larger is a cue for totals and shop names.
struct RowGeometry {
    private var heights: [Int: Double] = [:]
    private var median = 0.0

    init(_ rows: [TextRow]) {
        for row in rows where !row.words.isEmpty {
            let sorted = row.words.map(\.height).sorted()
            heights[row.index] = sorted[sorted.count / 2]
        }
        let all = heights.values.sorted()
        median = all.isEmpty ? 0 : all[all.count / 2]
    }

    /// The row's median word height over the page's median row height, capped at 3 (1 when unknown).
    func ratio(_ row: Int) -> Double {
        guard median > 0, let height = heights[row] else { return 1 }
        return min(height / median, 3)
    }
}
