import Foundation
import GRDB
import GRDBSQLite

/// Records what one connection changes in some tables, and hands it back as the changeset that
/// undoes it: SQLite's session extension (sqlite.org/sessionintro.html), which keeps each changed
/// row's primary key and original values and, when asked, compares them with the rows as they are.
///
/// Why: sync's rebase drops a file's unsynced tail (k events) before appending the server's order
/// of them, and a fold cannot be undone by reading the events back. Before this the projections
/// were folded again from the first event: 7.84 s of an 8.4 s sync on a 100k-event ledger, for one
/// event (`Tests/Postgres/sync-figures.sh`, release, load ~8). Each write that folds unsynced events
/// now keeps the inverse of its changes (`ProjectionUndo`), so the way back costs what the k
/// events changed.
///
/// The session API is in the system libsqlite3 (Debian and Ubuntu build it with
/// SQLITE_ENABLE_SESSION) but not in the header GRDB imports, so its functions are looked up by
/// name once; where the library lacks them `isAvailable` is false and callers fold from the start
/// as before.
public final class ChangeRecorder {
    private let connection: OpaquePointer
    private let tables: [String]
    private var session: OpaquePointer?

    /// Whether this process's SQLite has the session extension.
    public static var isAvailable: Bool { SessionAPI.shared != nil }

    /// Starts recording `db`'s changes to `tables` (each must have a PRIMARY KEY; the session
    /// extension leaves tables without one out). Nil when the session extension is missing.
    public init?(db: Database, tables: [String]) throws {
        guard let api = SessionAPI.shared, let connection = db.sqliteConnection else { return nil }
        self.connection = connection
        self.tables = tables
        session = try Self.start(api, connection, tables)
    }

    deinit {
        if let session { SessionAPI.shared?.delete(session) }
    }

    private static func start(_ api: SessionAPI, _ connection: OpaquePointer, _ tables: [String]) throws -> OpaquePointer {
        var session: OpaquePointer?
        let code = api.create(connection, "main", &session)
        guard code == SQLITE_OK, let session else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        for table in tables {
            let attached = api.attach(session, table)
            guard attached == SQLITE_OK else {
                api.delete(session)
                throw DatabaseError(resultCode: ResultCode(rawValue: attached), message: "cannot record changes to \(table)")
            }
        }
        return session
    }

    /// The changeset that undoes every change recorded since the start (or the last call), or nil
    /// when nothing changed; recording then starts again from the rows as they are now.
    public func takeUndo() throws -> [UInt8]? {
        guard let api = SessionAPI.shared, let current = session else { return nil }
        var size: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        let code = api.changeset(current, &size, &buffer)
        defer { sqlite3_free(buffer) }
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        api.delete(current)
        session = nil
        session = try Self.start(api, connection, tables)
        guard size > 0, let buffer else { return nil }
        var invertedSize: Int32 = 0
        var inverted: UnsafeMutableRawPointer?
        let invertCode = api.invert(size, buffer, &invertedSize, &inverted)
        defer { sqlite3_free(inverted) }
        guard invertCode == SQLITE_OK, let inverted else { throw DatabaseError(resultCode: ResultCode(rawValue: invertCode)) }
        return Array(UnsafeRawBufferPointer(start: inverted, count: Int(invertedSize)))
    }

    /// Applies `changeset` (a `takeUndo` result) to `db`. Any row that is not as the changeset
    /// expects (a changed value, a missing or extra row, another table shape) aborts it: nothing is
    /// changed and false is returned, so the caller can fall back to a fold from the start.
    public static func apply(_ changeset: [UInt8], in db: Database) throws -> Bool {
        guard let api = SessionAPI.shared, let connection = db.sqliteConnection else { return false }
        let code = changeset.withUnsafeBytes { bytes in
            api.apply(connection, Int32(bytes.count), UnsafeMutableRawPointer(mutating: bytes.baseAddress), nil,
                      { _, _, _ in 2 /* SQLITE_CHANGESET_ABORT */ }, nil)
        }
        if code == SQLITE_ABORT { return false }
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        return true
    }
}

/// The session extension's functions, found in the loaded libsqlite3 by name.
private struct SessionAPI {
    typealias Create = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias Attach = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias Changeset = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias Delete = @convention(c) (OpaquePointer?) -> Void
    typealias Invert = @convention(c) (Int32, UnsafeRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias Conflict = @convention(c) (UnsafeMutableRawPointer?, Int32, OpaquePointer?) -> Int32
    typealias Filter = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Int32
    typealias Apply = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?, Filter?, Conflict?, UnsafeMutableRawPointer?) -> Int32

    let create: Create, attach: Attach, changeset: Changeset, delete: Delete, invert: Invert, apply: Apply

    static let shared: SessionAPI? = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let create = symbol("sqlite3session_create", as: Create.self),
              let attach = symbol("sqlite3session_attach", as: Attach.self),
              let changeset = symbol("sqlite3session_changeset", as: Changeset.self),
              let delete = symbol("sqlite3session_delete", as: Delete.self),
              let invert = symbol("sqlite3changeset_invert", as: Invert.self),
              let apply = symbol("sqlite3changeset_apply", as: Apply.self) else { return nil }
        return SessionAPI(create: create, attach: attach, changeset: changeset, delete: delete, invert: invert, apply: apply)
    }()
}
