/// Optimistic concurrency: the version a writer believes a stream has.
public enum ExpectedVersion: Hashable, Sendable, CustomStringConvertible {
    /// No check.
    case any
    /// The stream must not exist yet.
    case noStream
    /// The stream's last event must have this version.
    case exact(Int64)

    public var description: String {
        switch self {
        case .any: "any version"
        case .noStream: "a new stream"
        case .exact(let version): "version \(version)"
        }
    }
}
