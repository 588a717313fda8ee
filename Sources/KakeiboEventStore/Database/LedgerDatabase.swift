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
            if mode == .open { try checkIsLedger(pool, path: path) }
            try migrate(pool, path: path)
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
        }
        return configuration
    }

    private static func checkIsLedger(_ pool: DatabasePool, path: String) throws {
        let (applicationID, tableCount) = try pool.read { db in
            (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0)
        }
        if applicationID != Self.applicationID {
            let reason = tableCount == 0 ? "an empty SQLite file" : "an SQLite database of another application"
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
