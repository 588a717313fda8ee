/// hledger's status mark on a transaction: `*` cleared, `!` pending; an unmarked one has none
/// (nil). Kept from a journal as written (issue 29, B12), shown by `register`, exported back, and
/// queried with `status:*`, `status:!`, `status:` and `-C`/`-P`/`-U`.
public enum TransactionStatus: String, Hashable, Sendable, CaseIterable {
    case cleared = "*"
    case pending = "!"

    /// The word the event payload stores.
    public var name: String {
        switch self {
        case .cleared: "cleared"
        case .pending: "pending"
        }
    }

    public init?(name: String) {
        guard let status = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = status
    }
}
