/// A plain text table: left-aligned text, right-aligned numbers, two spaces between columns.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    public var rows: [[String]] = []

    public init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    /// Cells are made safe for a terminal as they are added: a payee or a file's text cannot move the cursor.
    public mutating func add(_ row: [String]) { rows.append(row.map(TerminalText.safe)) }

    public func render() -> String {
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
    public func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
