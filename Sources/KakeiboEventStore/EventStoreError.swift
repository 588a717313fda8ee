import KakeiboDomain

/// What the event store refuses or finds wrong, with its data.
///
/// Descriptions say what is wrong in neutral words; a front end adds what to type next (the CLI's
/// `ErrorMessage`), so nothing here names a command or an option.
public enum EventStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case ledgerNotFound(path: String)
    case ledgerExists(path: String)
    /// `init` on a path that holds something other than a ledger.
    case pathTaken(path: String, reason: String)
    /// `init` on a path whose folder does not exist.
    case noFolder(path: String, folder: String)
    case notALedger(path: String, reason: String)
    case newerSchema(path: String, unknownMigrations: [String])
    case wrongExpectedVersion(stream: String, expected: ExpectedVersion, actual: Int64)
    case idempotencyConflict(key: String)
    case eventIDConflict(eventID: String)
    case unreadableEvent(position: Int64, reason: String)
    case readOnly(path: String)
    /// The file is writable but its folder is not, so SQLite cannot create the WAL beside it.
    case readOnlyFolder(path: String, folder: String)
    /// Another connection held the write lock longer than the busy timeout.
    case busy(path: String?)
    /// SQLite found the file damaged (a truncated copy, a disk fault).
    case damaged(path: String?)
    case writeFailed(path: String, reason: String)
    /// The log failed verification, so `refusing` (a replay, a write) was not done.
    case tamperedLog(refusing: String, problem: TamperProblem)

    public enum TamperProblem: Equatable, Sendable {
        case missingTriggers([String])
        case badEvent(position: Int64, reason: String)
    }

    public var description: String {
        switch self {
        case .ledgerNotFound(let path):
            "no ledger at \(path)"
        case .ledgerExists(let path):
            "a ledger already exists at \(path)"
        case .pathTaken(let path, let reason):
            "\(path) already exists and is not a Kakeibo ledger (\(reason))"
        case .noFolder(let path, let folder):
            "cannot create \(path): the folder \(folder) does not exist"
        case .notALedger(let path, let reason):
            "\(path) is not a Kakeibo ledger (\(reason))"
        case .newerSchema(let path, let unknown):
            "\(path) was written by a newer Kakeibo (unknown schema \(unknown.joined(separator: ", ")))"
        case .wrongExpectedVersion(let stream, let expected, let actual):
            "concurrent change to \(stream): expected \(expected), found version \(actual); reload and try again"
        case .idempotencyConflict(let key):
            "idempotency key \"\(key)\" was already used for a different command; use a new key"
        case .eventIDConflict(let id):
            "event \(id) is already in the log with different content"
        case .unreadableEvent(let position, let reason):
            "event at position \(position) cannot be read: \(reason)"
        case .readOnly(let path):
            "\(path) is read-only; check its permissions"
        case .tamperedLog(let action, .missingTriggers(let names)):
            "refusing to \(action): the log's append-only triggers are missing (\(names.joined(separator: ", "))), so it was "
                + "writable by hand"
        case .tamperedLog(let action, .badEvent(let position, let reason)):
            "refusing to \(action): the log fails verification at position \(position) (\(reason))"
        case .readOnlyFolder(let path, let folder):
            "cannot write to \(path): its folder \(folder) is read-only, and SQLite keeps its write-ahead log beside the file; "
                + "make the folder writable or move the ledger"
        case .busy(let path):
            "the ledger\(path.map { " \($0)" } ?? "") is busy: another process is writing to it; try again in a moment"
        case .damaged(let path):
            "the ledger\(path.map { " \($0)" } ?? "") is damaged (SQLite cannot read it); restore it from a backup copy"
        case .writeFailed(let path, let reason):
            "could not write to \(path) (\(reason)); nothing was recorded: free some disk space or check the device, then retry"
        }
    }
}
