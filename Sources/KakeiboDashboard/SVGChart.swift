/// A small inline SVG chart: grouped bars per column and an optional line on its own scale.
/// Geometry is integer pixels in a fixed viewBox that scales to the screen, so the same
/// figures give the same bytes. The chart is a picture of a table the page also prints.
struct SVGChart {
    struct Series {
        var name: String
        /// The CSS class that colours it (`inc`, `exp`, `nw`, `bar-n`).
        var style: String
        /// The JSON's decimal strings, one per column.
        var values: [String]
    }

    var title: String
    var description: String
    var labels: [String]
    var bars: [Series]
    var line: Series?

    static let width = 640, height = 250, top = 14, bottom = 34, left = 4, right = 4

    /// `id` names the chart's title and description for `aria-labelledby`; only letters, digits and
    /// hyphens are kept, since it can carry text from the JSON (a currency code).
    func render(id rawID: String) -> String {
        let id = String(rawID.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }.map(Character.init))
        let plotHeight = Self.height - Self.top - Self.bottom
        let columns = max(labels.count, 1)
        let columnWidth = (Self.width - Self.left - Self.right) / columns
        var svg = "<svg viewBox=\"0 0 \(Self.width) \(Self.height)\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" data-testid=\"chart\" data-chart=\"\(id)\">"
        svg += "<title id=\"\(id)-title\">\(HTML.escape(title))</title><desc id=\"\(id)-desc\">\(HTML.escape(description))</desc>"

        // Bars: zero at the bottom unless something is negative, then the axis moves up.
        let barValues = bars.flatMap { $0.values.map(DisplayNumber.geometry) }
        let highest = max(barValues.max() ?? 0, 0), lowest = min(barValues.min() ?? 0, 0)
        let range = highest - lowest
        let zero = Self.top + DisplayNumber.scale(highest, range: range, pixels: plotHeight)
        let baseline = range > 0 ? zero : Self.top + plotHeight
        svg += "<line class=\"axis\" x1=\"\(Self.left)\" y1=\"\(baseline)\" x2=\"\(Self.width - Self.right)\" y2=\"\(baseline)\"/>"
        if !bars.isEmpty {
            let gap = max(columnWidth / 6, 2)
            let barWidth = max((columnWidth - gap) / bars.count, 1)
            for (column, _) in labels.enumerated() {
                for (index, series) in bars.enumerated() where column < series.values.count {
                    let value = DisplayNumber.geometry(series.values[column])
                    let size = DisplayNumber.scale(abs(value), range: range, pixels: plotHeight)
                    let x = Self.left + column * columnWidth + gap / 2 + index * barWidth
                    let y = value >= 0 ? baseline - size : baseline
                    svg += "<rect class=\"\(series.style)\" x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(size)\"><title>\(HTML.escape(labels[column])) \(HTML.escape(series.name)): \(HTML.escape(series.values[column]))</title></rect>"
                }
            }
        }
        if let line, !line.values.isEmpty {
            let values = line.values.map(DisplayNumber.geometry)
            let high = values.max() ?? 0, low = values.min() ?? 0
            var points: [String] = []
            for (column, value) in values.enumerated() {
                let x = Self.left + column * columnWidth + columnWidth / 2
                let y = high > low ? Self.top + plotHeight - DisplayNumber.scale(value - low, range: high - low, pixels: plotHeight) : Self.top + plotHeight / 2
                points.append("\(x),\(y)")
                let label = column < labels.count ? labels[column] : ""
                svg += "<circle class=\"dot\" cx=\"\(x)\" cy=\"\(y)\" r=\"3\"><title>\(HTML.escape(label)) \(HTML.escape(line.name)): \(HTML.escape(line.values[column]))</title></circle>"
            }
            svg += "<polyline class=\"\(line.style)\" points=\"\(points.joined(separator: " "))\"/>"
        }
        for (column, label) in labels.enumerated() {
            let x = Self.left + column * columnWidth + columnWidth / 2
            svg += "<text x=\"\(x)\" y=\"\(Self.height - 8)\" text-anchor=\"middle\">\(HTML.escape(label))</text>"
        }
        svg += "</svg>"
        var legend = "<ul class=\"legend\">"
        for series in bars + (line.map { [$0] } ?? []) {
            legend += "<li><span class=\"key \(series.style)\"></span>\(HTML.escape(series.name))</li>"
        }
        return svg + legend + "</ul>"
    }
}
