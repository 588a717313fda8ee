import Foundation
import GRDB
import KakeiboEventStore
import XCTest

final class LedgerDatabaseTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testCreatedLedgerIsOwnerOnlyAndMarked() throws {
        let file = path("ledger.sqlite")
        let pool = try LedgerDatabase.open(at: file, mode: .create)
        let applicationID = try pool.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
        XCTAssertEqual(applicationID, LedgerDatabase.applicationID)
        let mode = try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        XCTAssertEqual(mode, "wal")
        let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
    }

    /// GRDB sets `synchronous = NORMAL` when it turns WAL on, after the configuration's FULL:
    /// the connection that writes must still commit with FULL, or a power cut can lose commits.
    func testTheWritingConnectionSyncsFully() throws {
        let file = path("ledger.sqlite")
        try LedgerDatabase.open(at: file, mode: .create).close()
        let writable = try LedgerDatabase.openWritable(at: file)
        XCTAssertEqual(try writable.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 2, "FULL")
        let created = try LedgerDatabase.open(at: path("other.sqlite"), mode: .create)
        XCTAssertEqual(try created.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 2, "FULL")
    }

    func testTextFileIsNotALedger() throws {
        let file = path("notes.sqlite")
        try Data("just some text, not a database at all\n".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try LedgerDatabase.open(at: file, mode: .open)) { error in
            guard case .notALedger = error as? EventStoreError else { return XCTFail("\(error)") }
        }
    }

    func testOtherApplicationsDatabaseIsNotALedger() throws {
        let file = path("other.sqlite")
        let other = try DatabaseQueue(path: file)
        try other.write { try $0.execute(sql: "CREATE TABLE contacts (name TEXT)") }
        try other.close()
        XCTAssertThrowsError(try LedgerDatabase.open(at: file, mode: .open)) { error in
            XCTAssertEqual(error as? EventStoreError, .notALedger(path: file, reason: "an SQLite database of another application"))
        }
    }

    func testNewerSchemaIsRefused() throws {
        let file = path("newer.sqlite")
        try LedgerDatabase.open(at: file, mode: .create).close()
        let queue = try DatabaseQueue(path: file)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9999_from_the_future')") }
        try queue.close()
        XCTAssertThrowsError(try LedgerDatabase.open(at: file, mode: .open)) { error in
            XCTAssertEqual(error as? EventStoreError, .newerSchema(path: file, unknownMigrations: ["9999_from_the_future"]))
        }
    }

    func testMissingFileAndExistingFileAreReported() throws {
        XCTAssertThrowsError(try LedgerDatabase.open(at: path("missing.sqlite"), mode: .open)) { error in
            XCTAssertEqual(error as? EventStoreError, .ledgerNotFound(path: path("missing.sqlite")))
        }
        let file = path("ledger.sqlite")
        try LedgerDatabase.open(at: file, mode: .create).close()
        XCTAssertThrowsError(try LedgerDatabase.open(at: file, mode: .create)) { error in
            XCTAssertEqual(error as? EventStoreError, .ledgerExists(path: file))
        }
    }

    func testMigrationsComeFromTheMigrationsFolderInOrder() {
        XCTAssertEqual(Array(LedgerDatabase.knownMigrations.prefix(2)), ["0001_event_log", "0002_projections"])
        XCTAssertEqual(LedgerDatabase.knownMigrations, LedgerDatabase.knownMigrations.sorted())
    }
}
