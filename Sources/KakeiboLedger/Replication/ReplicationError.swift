import KakeiboDomain

/// Why a replicated event was not taken: the ledger's rules refuse it where it stands.
public enum ReplicationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The event at `position` may not follow the events before it: admission, or the fold, said
    /// why (`LedgerError.inadmissible` carries the rule and its detail).
    case refused(position: Int64, LedgerError)

    public var description: String {
        switch self {
        case .refused(let position, let reason): "the event at position \(position) is refused: \(reason)"
        }
    }
}
