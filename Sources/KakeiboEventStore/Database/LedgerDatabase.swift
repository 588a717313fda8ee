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

    public static func open(at path: String, mode: Mode) throws -> DatabasePool {
        let exists = FileManager.default.fileExists(atPath: path)
        switch mode {
        case .create:
            guard !exists else { throw EventStoreError.ledgerExists(path: path) }
            try createOwnerOnlyFile(at: path)
        case .open:
            guard exists else { throw EventStoreError.ledgerNotFound(path: path) }
            if FileManager.default.isDirectory(path) {
                throw EventStoreError.notALedger(path: path, reason: "it is a directory")
            }
            // A ledger whose first pages still sit in its write-ahead log is checked through SQLite instead.
            if !FileManager.default.fileExists(atPath: path + "-wal") { try checkHeader(path) }
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN {
            throw EventStoreError.readOnly(path: path)
        }
        do {
            if mode == .open { try checkApplicationID(pool, path: path) }
            try migrate(pool, path: path)
            // Checkpoint so the main file's header carries the application id from the start.
            if mode == .create { _ = try pool.writeWithoutTransaction { try $0.checkpoint(.truncate) } }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw EventStoreError.notALedger(path: path, reason: "not an SQLite database")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            throw EventStoreError.readOnly(path: path)
        }
        return pool
    }

    /// A private in-memory ledger: for tests, scratch replays and time-travel reports.
    public static func inMemory() throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: configuration())
        try migrate(queue, path: ":memory:")
        return queue
    }

    public static func migrate(_ writer: some DatabaseWriter, path: String) throws {
        let migrator = self.migrator
        let unknown = try writer.read { db in
            try migrator.appliedIdentifiers(db).subtracting(knownMigrations).sorted()
        }
        guard unknown.isEmpty else { throw EventStoreError.newerSchema(path: path, unknownMigrations: unknown) }
        try migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, sql) in embeddedMigrations {
            migrator.registerMigration(identifier) { db in try db.execute(sql: sql) }
        }
        return migrator
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

    private static func checkApplicationID(_ pool: DatabasePool, path: String) throws {
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

    private static func createOwnerOnlyFile(at path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
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
