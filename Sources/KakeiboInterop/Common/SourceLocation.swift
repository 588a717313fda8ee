/// Where something was read: the file as the user named it (includes relative to it), 1-based
/// line and column, and the line itself so an error can show an excerpt.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The line's text, for excerpts; already free of control characters.
    public var text: String

    public init(file: String, line: Int, column: Int = 1, text: String = "") {
        self.file = file
        self.line = line
        self.column = column
        self.text = text
    }

    /// `file:line:column`, the form editors and hledger understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// `file:line`, as stored in event provenance.
    public var fileAndLine: String { "\(file):\(line)" }

    func at(column: Int) -> SourceLocation {
        var copy = self
        copy.column = column
        return copy
    }
}
