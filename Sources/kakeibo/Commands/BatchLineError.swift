import KakeiboInterop

/// A line of a `batch` file that could not be parsed or that the ledger refused: where it is, in the
/// `SourceLocation` journal imports use, and the error itself, which `ErrorMessage` renders with its hint
/// after `file:line: `.
struct BatchLineError: Error {
    var location: SourceLocation
    var underlying: any Error
}
