/// Why a calendar date was rejected; descriptions say how to write a valid one.
public enum DateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as typed, which is not shaped like YYYY-MM-DD.
    case invalidFormat(String)
    /// A full explanation, e.g. "2026-02-30 is not a date: February 2026 has 28 days".
    case outOfRange(String)

    public var description: String {
        switch self {
        case let .invalidFormat(text):
            return "bad date \"\(text)\": write dates as YYYY-MM-DD"
        case let .outOfRange(explanation):
            return explanation
        }
    }
}
