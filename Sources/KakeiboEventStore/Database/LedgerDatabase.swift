import Foundation
import GRDB

/// Opens ledger files: WAL mode, the embedded migrations, and the checks that refuse a file
/// that is not a Kakeibo ledger or was written by a newer Kakeibo.
public enum LedgerDatabase {
    /// Marks a SQLite file as a Kakeibo ledger (`PRAGMA application_id`, set by migration 0001).
    public static let applicationID: Int32 = 1263556677

    public enum Mode: Sendable {
        /// Create a new ledger; fails if the file exists.
        case create
        /// Open an existing ledger; fails if there is none.
        case open
    }

    /// The identifiers of the migrations this build knows, in order.
    public static var knownMigrations: [String] { embeddedMigrations.map(\.identifier) }

    /// Opens a ledger file. An existing ledger opens read-only, so a report never takes (or
    /// waits for) the write lock; `openWritable` gives the connection a write needs. A file this
    /// process may not write (or whose folder cannot take the write-ahead log beside it) opens
    /// read-only too, so reports and `verify` still work on it, and writes fail with `readOnly`.
    /// A ledger whose schema needs upgrading opens writable and is migrated.
    /// With `createFolders`, a new ledger's missing folders are made (the default location);
    /// without, a path whose folder is missing is refused: a typo must not become a directory tree.
    public static func open(at path: String, mode: Mode, createFolders: Bool = true) throws -> any DatabaseWriter {
        let exists = FileManager.default.fileExists(atPath: path)
        switch mode {
        case .create:
            if exists { try refuseExisting(path) }
            try createOwnerOnlyFile(at: path, createFolders: createFolders)
        case .open:
            guard exists else { throw EventStoreError.ledgerNotFound(path: path) }
            if FileManager.default.isDirectory(path) {
                throw EventStoreError.notALedger(path: path, reason: "it is a directory")
            }
            // A ledger whose first pages still sit in its write-ahead log is checked through SQLite instead.
            if !FileManager.default.fileExists(atPath: path + "-wal") { try checkHeader(path) }
            if !canWrite(path) { return try openReadOnly(at: path) }
            if let reader = try openForReading(at: path) { return reader }
        }
        let pool: DatabasePool
        do {
            pool = try writablePool(path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN {
            throw readOnlyError(at: path)
        }
        do {
            if mode == .open { try checkApplicationID(pool, path: path) }
            // Migrating takes the write lock, even with nothing to do: look first, so a report
            // never waits for a writer.
            if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) {
                try checkKnownMigrations(pool, path: path)
            } else {
                try migrate(pool, path: path)
            }
            // Checkpoint so the main file's header carries the application id from the start.
            if mode == .create { _ = try pool.writeWithoutTransaction { try $0.checkpoint(.truncate) } }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            throw readOnlyError(at: path)
        }
        return pool
    }

    /// A writable connection to an existing ledger, for the first write of a ledger opened read-only.
    public static func openWritable(at path: String) throws -> DatabasePool {
        do {
            return try writablePool(path)
        } catch let error as DatabaseError
                    where [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode) {
            throw readOnlyError(at: path)
        }
    }

    /// GRDB turns WAL on with `synchronous = NORMAL`, after `configuration()` asked for FULL: set
    /// FULL again on the writing connection, so a commit that returned survives a power cut.
    private static func writablePool(_ path: String) throws -> DatabasePool {
        let pool = try DatabasePool(path: path, configuration: configuration())
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return pool
    }

    /// A read-only pool on an up-to-date ledger, or nil when its schema needs migrating.
    private static func openForReading(at path: String) throws -> DatabasePool? {
        var configuration = configuration()
        configuration.readonly = true
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try checkApplicationID(pool, path: path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        }
        try checkKnownMigrations(pool, path: path)
        guard try pool.read({ db in try migrator.hasCompletedMigrations(db) }) else {
            try pool.close()
            return nil
        }
        return pool
    }

    /// A read-only connection. SQLite reads a WAL-mode file read-only only when its `-shm` and
    /// `-wal` files exist or can be created; failing that, the file is opened as immutable,
    /// which is what a copy handed to an auditor is.
    private static func openReadOnly(at path: String) throws -> DatabaseQueue {
        var configuration = configuration()
        configuration.readonly = true
        var queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            queue = try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        }
        try checkApplicationID(queue, path: path)
        try checkKnownMigrations(queue, path: path)
        guard try queue.read({ db in try migrator.hasCompletedMigrations(db) }) else {
            // An older ledger needs its schema upgraded, which is a write.
            throw EventStoreError.readOnly(path: path)
        }
        return queue
    }

    /// Whether SQLite can write the file: the file itself, and its folder unless the WAL's
    /// companion files already exist.
    public static func canWrite(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        let directory = (path as NSString).deletingLastPathComponent
        return access(directory.isEmpty ? "." : directory, W_OK) == 0 || FileManager.default.fileExists(atPath: path + "-shm")
    }

    /// `readOnly`, or `readOnlyFolder` when the file is writable but its folder is not.
    public static func readOnlyError(at path: String) -> EventStoreError {
        let directory = (path as NSString).deletingLastPathComponent
        if access(path, W_OK) == 0, access(directory.isEmpty ? "." : directory, W_OK) != 0 {
            return .readOnlyFolder(path: path, folder: directory.isEmpty ? "." : directory)
        }
        return .readOnly(path: path)
    }

    /// A private in-memory ledger: for tests, scratch replays and time-travel reports.
    public static func inMemory() throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: configuration())
        try migrate(queue, path: ":memory:")
        return queue
    }

    public static func migrate(_ writer: some DatabaseWriter, path: String) throws {
        try checkKnownMigrations(writer, path: path)
        try migrator.migrate(writer)
        // Migration 0016 makes the Merkle tree's table empty; a log that already has events gets
        // its tree here, once (SQL cannot hash). Two index probes when the tree is up to date.
        try writer.write { db in try MerkleNodeStore.catchUp(in: db) }
    }

    private static func checkKnownMigrations(_ reader: some DatabaseReader, path: String) throws {
        let migrator = self.migrator
        let unknown = try reader.read { db in
            try migrator.appliedIdentifiers(db).subtracting(knownMigrations).sorted()
        }
        guard unknown.isEmpty else { throw EventStoreError.newerSchema(path: path, unknownMigrations: unknown) }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, sql) in embeddedMigrations {
            migrator.registerMigration(identifier) { db in
                try db.execute(sql: sql)
                try forgetProjectionUndo(in: db)
            }
        }
        return migrator
    }

    /// A migration may reshape or refill projection tables, and a changeset that undoes a fold (migration 0026,
    /// `ProjectionUndo` in KakeiboLedger) names tables by their columns as they were when it was recorded: one
    /// recorded before could be applied wrongly after (SQLite skips a table whose columns changed instead of
    /// refusing it). So every migration forgets them; the next rebase folds from the first event, once.
    static func forgetProjectionUndo(in db: Database) throws {
        if try db.tableExists("projection_undo") { try db.execute(sql: "DELETE FROM projection_undo") }
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // 64 MiB of page cache (SQLite's default is 2 MiB): index pages stay hot during imports and rebuilds.
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        return configuration
    }

    private static func checkApplicationID(_ pool: some DatabaseReader, path: String) throws {
        let (applicationID, tableCount) = try pool.read { db in
            (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0)
        }
        if applicationID != Self.applicationID {
            let reason = tableCount == 0 ? "an empty SQLite file" : "an SQLite database of another application"
            throw EventStoreError.notALedger(path: path, reason: reason)
        }
    }

    /// Reads the SQLite header before SQLite opens the file: opening in WAL mode would already
    /// write to a file that turns out not to be a ledger. (Header layout: sqlite.org/fileformat.html.)
    private static func checkHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw EventStoreError.readOnly(path: path) }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        guard !header.isEmpty else { throw EventStoreError.notALedger(path: path, reason: "an empty file") }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        }
        let applicationID = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        guard applicationID == Self.applicationID else {
            let pageCount = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
            let reason = pageCount <= 1 ? "an empty SQLite file" : "an SQLite database of another application"
            throw EventStoreError.notALedger(path: path, reason: reason)
        }
    }

    /// `init` on a path that exists: a ledger already, or something else that must not be mistaken for one.
    private static func refuseExisting(_ path: String) throws -> Never {
        if FileManager.default.isDirectory(path) { throw EventStoreError.pathTaken(path: path, reason: "it is a directory") }
        // An empty file may be another `init` part-way through creating the ledger: the loser of two at once was told
        // the file "is not a Kakeibo ledger (an empty SQLite file)", which it became a moment later (issue 29, B20).
        // Creating one takes milliseconds; a second of looking again tells the two apart.
        for attempt in 0...10 {
            do {
                try checkHeader(path)
                throw EventStoreError.ledgerExists(path: path)
            } catch EventStoreError.notALedger(_, let reason) where reason.hasPrefix("an empty") && attempt < 10 {
                usleep(100_000)
            } catch EventStoreError.notALedger(_, let reason) {
                throw EventStoreError.pathTaken(path: path, reason: reason)
            }
        }
        throw EventStoreError.ledgerExists(path: path)
    }

    private static func createOwnerOnlyFile(at path: String, createFolders: Bool) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !createFolders, !FileManager.default.isDirectory(directory) {
            throw EventStoreError.noFolder(path: path, folder: directory)
        }
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw EventStoreError.readOnly(path: path)
        }
    }
}

extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
