/// Where an event came from: provenance for the audit trail, stored as text in every envelope.
///
/// The hash chain covers the stored text, and a log can hold text this version does not know:
/// one written by a newer Kakeibo, or pulled through sync from a device that is. Such text is
/// kept as `unrecognized`, so it re-encodes to the bytes it was read from. Equality and hashing
/// go by `rawValue`, so `unrecognized("manual")` cannot pass for something other than `.manual`.
public enum EventSource: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Typed at the command line (or through the library with no source named).
    case manual
    case receipt
    case journalImport
    case csvImport
    /// A bank statement file: OFX/QFX, QIF, camt.053 or MT940 (issue 32).
    case statementImport
    /// Authored by the sync server itself (a conflict it records), not by any device.
    case server
    /// Entered in the household server's web app (issue 31), decided by the server for a member's browser.
    case web
    /// Stored text that names none of the above.
    case unrecognized(String)

    /// Every source this version writes.
    public static let known: [EventSource] = [.manual, .receipt, .journalImport, .csvImport, .statementImport, .server, .web]

    public init(rawValue: String) {
        self = Self.known.first { $0.rawValue == rawValue } ?? .unrecognized(rawValue)
    }

    /// The stored text.
    public var rawValue: String {
        switch self {
        case .manual: "manual"
        case .receipt: "receipt"
        case .journalImport: "journal-import"
        case .csvImport: "csv-import"
        case .statementImport: "statement-import"
        case .server: "server"
        case .web: "web"
        case .unrecognized(let text): text
        }
    }

    public var description: String { rawValue }

    public static func == (lhs: EventSource, rhs: EventSource) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
