/// A line of a `batch` file that could not be parsed or that the ledger refused: where it is, in the
/// `SourceLocation` journal imports use, and the error itself, which `ErrorMessage` renders with its hint
/// after `file:line: `.
public struct BatchLineError: Error {
    public var location: SourceLocation
    public var underlying: any Error
    /// The lines recorded before this one (their ids were printed), and this line with the command lines after
    /// it, none recorded. A line that does not parse stops the batch before anything is recorded: both empty.
    public var recordedLines: [Int] = []
    public var remainingLines: [Int] = []

    public init(location: SourceLocation, underlying: any Error, recordedLines: [Int] = [], remainingLines: [Int] = []) {
        self.location = location; self.underlying = underlying
        self.recordedLines = recordedLines; self.remainingLines = remainingLines
    }

    /// What the batch left behind, for the end of the error's line.
    public var progress: String {
        guard let first = recordedLines.first, let last = recordedLines.last else { return "nothing was recorded" }
        let recorded = recordedLines.count == 1 ? "line \(first) was recorded" : "lines \(first)–\(last) were recorded"
        let after = remainingLines.count - 1
        let rest = after == 0 ? "this line was not" : "this line and the \(after) after it were not"
        return "\(recorded) (ids above), \(rest): fix it and run the batch again from line \(location.line)"
    }
}
