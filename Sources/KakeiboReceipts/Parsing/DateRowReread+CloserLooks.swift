extension DateRowReread {
    /// Scales (of the original image) the date rows are read again at. Chosen on the dev set with Tesseract among
    /// 2, 2.5, 3 and 3.5 with Otsu or Sauvola; Sauvola readings agreed with Otsu's on every miss, so they add nothing.
    public static let scales: [Double] = [2, 3]

    /// The date is a few digits where 5, 6, 8 and 3 swap. Asks `look` to read each row a date is (or is labelled)
    /// on again, cropped and enlarged, and replaces the row's words when the closer readings agree on another date.
    /// When no date is read anywhere, reads a band around each row with a clock time. Returns the observations
    /// and the step to record, or nil when nothing changed.
    public func closerLooks(at observations: [TextObservation], look: (OCRRegion) -> [TextObservation]?) -> (observations: [TextObservation], step: String?) {
        let rows = parser.rows(from: observations)
        var replacements: [(row: TextRow, words: [TextObservation])] = []
        let worth = Array(rowsWorthRereading(rows).prefix(6))
        let printed = worth.map { date(in: $0.words) }
        for (index, row) in worth.enumerated() {
            let readings = Self.scales.compactMap { look(Self.region(around: row, scale: $0, band: false)) }
            let elsewhere = Set(printed.indices.filter { $0 != index }.compactMap { printed[$0] })
            if let words = replacement(for: row, readings: readings, elsewhere: elsewhere) { replacements.append((row, words)) }
        }
        if replacements.isEmpty, parser.parse(rows: rows).date == nil {
            // No date read anywhere: a curled or tilted corner can hide the date row from the page layout. Read a band
            // around each row with a clock time, where dates are printed, as a block; the date row two readings agree
            // on takes the place of the page's words under it.
            for row in clockRows(rows).prefix(2) {
                let readings = Self.scales.compactMap { look(Self.region(around: row, scale: $0, band: true)) }
                guard let words = dateRow(in: readings) else { continue }
                let found = TextRow(index: 0, words: words)
                let kept = observations.filter { word in
                    let x = word.x + word.width / 2, y = word.y + word.height / 2
                    return !(found.minX...found.maxX).contains(x) || !(found.minY...found.maxY).contains(y)
                }
                return (kept + words, "date found in a band re-read around the time")
            }
        }
        guard !replacements.isEmpty else { return (observations, nil) }
        // The rows' words are the sanitised originals: find them by their boxes.
        struct Box: Hashable { var x, y, width, height: Double }
        let replaced = Set(replacements.flatMap(\.row.words).map { Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
        let kept = observations.filter { !replaced.contains(Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height)) }
        return (kept + replacements.flatMap(\.words), "date rows re-read: \(replacements.count) replaced")
    }

    /// A row with a margin of a third of its height, read as one line; a `band` is the page's whole width, two row
    /// heights above and below the row, read as a block.
    static func region(around row: TextRow, scale: Double, band: Bool) -> OCRRegion {
        let margin = (row.maxY - row.minY) * (band ? 2 : 0.3)
        return OCRRegion(minX: band ? 0 : max(0, row.minX - 0.01), minY: max(0, row.minY - margin),
                         maxX: band ? 1 : min(1, row.maxX + 0.01), maxY: min(1, row.maxY + margin),
                         scale: scale, layout: band ? .block : .line)
    }
}
