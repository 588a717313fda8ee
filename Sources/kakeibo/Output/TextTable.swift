/// A plain text table: left-aligned text, right-aligned numbers, two spaces between columns.
struct TextTable {
    enum Alignment { case left, right }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func add(_ row: [String]) { rows.append(row.map(Terminal.safe)) }

    func render() -> String {
        let all = [headers] + rows
        // Columns as a terminal draws them: a wide character takes two (`String.displayWidth`).
        let widths = headers.indices.map { column in all.map { $0[column].displayWidth }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].displayWidth)
                return alignments[column] == .right ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
