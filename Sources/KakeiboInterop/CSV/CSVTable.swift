import KakeiboDomain

/// RFC 4180 records with where each cell starts: quoted cells may hold separators, doubled quotes
/// and line breaks. Cells are text and only text: nothing is ever evaluated, so a cell such as
/// `=HYPERLINK(…)` is kept as the characters it is.
struct CSVTable {
    struct Cell {
        var text: String
        /// 1-based line and column where the cell starts.
        var line: Int
        var column: Int
    }

    struct Record {
        var cells: [Cell]
        /// The record's first line, for provenance and excerpts.
        var line: Int
        var text: String
    }

    var records: [Record] = []

    /// Splits `text` on `separator`. Refuses control characters (other than tab and line breaks)
    /// and quotes that are not closed, naming `file:line:column`.
    init(text: String, separator: Unicode.Scalar, file: String) throws(ImportError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.last == "\r" ? line.dropLast() : line
        }
        var index = 0
        while index < lines.count {
            let firstLine = index + 1
            var cells: [Cell] = []
            var cell = String.UnicodeScalarView()
            var cellColumn = 1
            var column = 1
            var inQuotes = false
            var quotedCell = false
            var recordText = String(lines[index])
            var scalars = Array(lines[index].unicodeScalars)
            var i = 0
            func location(_ column: Int) -> SourceLocation {
                SourceLocation(file: file, line: index + 1, column: column, text: String(lines[index]))
            }
            while true {
                if i == scalars.count {
                    if inQuotes {
                        // A quoted cell continues on the next line.
                        index += 1
                        guard index < lines.count else {
                            throw .syntax(SourceLocation(file: file, line: firstLine, column: cellColumn, text: recordText),
                                          expected: "a closing quote", found: "the end of the file")
                        }
                        cell.append("\n")
                        recordText += "\n" + lines[index]
                        scalars = Array(lines[index].unicodeScalars)
                        i = 0
                        column = 1
                        continue
                    }
                    cells.append(Cell(text: String(cell), line: firstLine, column: cellColumn))
                    break
                }
                let c = scalars[i]
                if FreeText.isControl(c, allowing: ["\t"]) {
                    var shown = location(column)
                    shown.text = FreeText.withControlsShown(String(String.UnicodeScalarView(scalars)))
                    throw .controlCharacter(shown, scalar: c.value)
                }
                if inQuotes {
                    if c == "\"" {
                        if i + 1 < scalars.count, scalars[i + 1] == "\"" {
                            cell.append("\"")
                            i += 2
                            column += 2
                            continue
                        }
                        inQuotes = false
                    } else {
                        cell.append(c)
                    }
                } else if c == separator {
                    cells.append(Cell(text: String(cell), line: firstLine, column: cellColumn))
                    cell = String.UnicodeScalarView()
                    cellColumn = column + 1
                    quotedCell = false
                } else if c == "\"" && cell.allSatisfy({ $0 == " " }) && !quotedCell {
                    inQuotes = true
                    quotedCell = true
                    cell = String.UnicodeScalarView()
                } else if quotedCell && c != " " {
                    throw .syntax(location(column), expected: "a separator after the closing quote", found: "\"\(Character(c))\"")
                } else {
                    cell.append(c)
                }
                i += 1
                column += 1
            }
            index += 1
            // Blank lines are not records.
            if cells.count == 1, cells[0].text.allSatisfy({ $0 == " " }) { continue }
            records.append(Record(cells: cells, line: firstLine, text: recordText))
        }
    }
}
