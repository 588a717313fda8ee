import GRDB

extension EventStoreError {
    /// The one-line error for an SQLite failure a user can act on, or nil for any other error:
    /// raw text such as `SQLite error 5: database is locked` says nothing about what to do.
    public init?(storageFailure error: any Error, path: String?) {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .damaged(path: path)
        case .SQLITE_READONLY: self = path.map(LedgerDatabase.readOnlyError(at:)) ?? .readOnly(path: "the ledger")
        default: return nil
        }
    }
}
