import Foundation
import KakeiboServer
import Logging
import PostgresNIO
import XCTest

/// The server's schema is numbered migrations, frozen once shipped (as the client's `Migrations/*.sql`,
/// `ShippedMigrationsTests`): each one's SHA-256 is pinned here, and a database made by the server before
/// migrations existed is brought to version 1 with nothing lost.
final class ServerMigrationsTests: XCTestCase {
    static let pinned: [Int: String] = [
        1: "ca8bbaf503b109e8a0fbb7f944704717486ebd5bcb8b7716124ac46f8ed77d6b",
        2: "a9fc2ae7198ce7f7cc4cb088bcc67b1b5ca7f24cdf0cff1cd8a620923bf881fd",
        3: "75c6585b55708d5fe06ab27c0d09f860fc60e8075d016cedcd8d918d78e62ba5",
        4: "a5fae0d590c7d3aa487c877744a1880d9c2e33b6e4a1dd34e7abc690336f1dcb",
    ]

    func testEveryShippedServerMigrationIsPinnedAndUnchanged() {
        XCTAssertEqual(ServerSchema.migrations.map(\.version), Array(1...ServerSchema.migrations.count), "versions are 1, 2, 3… with no gaps")
        for migration in ServerSchema.migrations {
            guard let pin = Self.pinned[migration.version] else {
                XCTFail("server migration \(migration.version) is not pinned: add \(migration.version): \"\(migration.sha256)\" to ServerMigrationsTests.pinned")
                continue
            }
            XCTAssertEqual(migration.sha256, pin, "server migration \(migration.version) (\(migration.name)) was edited; add a new numbered one instead")
        }
        XCTAssertEqual(Set(Self.pinned.keys), Set(ServerSchema.migrations.map(\.version)), "a pinned server migration is missing")
    }

    func testNoLaterMigrationHidesBehindIfNotExists() {
        // Only the baseline may find its objects already there (a pre-migration database); a later one that says
        // IF NOT EXISTS would silently keep an older shape of a table instead of failing.
        for migration in ServerSchema.migrations.dropFirst() {
            for statement in migration.statements {
                XCTAssertFalse(statement.uppercased().contains("IF NOT EXISTS"), "migration \(migration.version): \(statement.prefix(60))")
            }
        }
    }
}

/// Against PostgreSQL: each test gets databases of its own (the version table is per database), dropped after.
final class ServerMigrationDatabaseTests: ServerTestCase {
    var databases: [String] = []

    override func tearDown() async throws {
        if let url = postgresURL {
            let names = databases
            try? await Self.withClient(url) { client in
                for name in names { _ = try? await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: Self.logger) }
            }
        }
        try await super.tearDown()
    }

    static var logger: Logger {
        var logger = Logger(label: "kakeibo-test")
        logger.logLevel = .critical
        return logger
    }

    /// A pool on `url`, running while `body` does; no migration.
    static func withClient<T: Sendable>(_ url: String, _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T {
        let client = PostgresClient(configuration: try PostgresURL.configuration(url), backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { await client.run(); return nil }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    /// A new empty database beside the test one; its URL.
    func newDatabase() async throws -> String {
        let name = "mig_" + ledgerName!
        databases.append(name)
        try await Self.withClient(postgresURL) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Self.logger)
        }
        return postgresURL.replacingOccurrences(of: "/kakeibo?", with: "/\(name)?")
    }

    func rows(_ url: String, _ sql: String) async throws -> [[String?]] {
        try await Self.withClient(url) { client in
            try await client.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).collect().map { row in
                try row.makeRandomAccess().map { try $0.decode(String?.self) }
            }
        }
    }

    func testADatabaseMadeBeforeMigrationsReachesVersion1WithNothingLost() async throws {
        let url = try await newDatabase()
        // What `server init` ran before migrations were numbered: these very statements, which migration 1 froze,
        // rerun at each init; then a household's ledger, its device and its first event.
        try await Self.withClient(url) { client in
            for statement in ServerSchema.migrations[0].statements {
                _ = try await client.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger)
            }
            _ = try await client.query("INSERT INTO kakeibo_ledgers (name) VALUES ('home')", logger: Self.logger)
            _ = try await client.query("""
                INSERT INTO kakeibo_devices (device_id, ledger_id, member, name, scope, secret_sha256)
                SELECT 'abcdefghijkm', ledger_id, 'alice', 'laptop', 'write', repeat('a', 64) FROM kakeibo_ledgers
                """, logger: Self.logger)
            _ = try await client.query("""
                INSERT INTO kakeibo_events (ledger_id, position, event_id, stream, stream_version, type, schema_version, recorded_at,
                    source, actor, command_id, payload, previous_hash, hash)
                SELECT ledger_id, 1, 'e1', 'ledger', 1, 'LedgerCreated', 1, 0, 'manual', 'alice', 'c1', '{}', repeat('0', 64), repeat('b', 64)
                FROM kakeibo_ledgers
                """, logger: Self.logger)
        }
        let before = try await rows(url, "SELECT (SELECT count(*) FROM kakeibo_ledgers)::text, (SELECT count(*) FROM kakeibo_devices)::text, (SELECT string_agg(hash, ',') FROM kakeibo_events)")

        let applied = try await HouseholdServer.withStore(postgres: url) { try await $0.migrate() }
        XCTAssertEqual(applied, [], "withStore migrated already")
        let versions = try await rows(url, "SELECT version::text, name, sha256 FROM kakeibo_schema_migrations ORDER BY version")
        // The legacy database reaches version 1 unchanged, and then every later migration runs on it
        // (migration 2, the web app's tables, issue 31, was added after this test was written).
        XCTAssertEqual(versions, ServerSchema.migrations.map { [String($0.version), $0.name, $0.sha256] })
        let after = try await rows(url, "SELECT (SELECT count(*) FROM kakeibo_ledgers)::text, (SELECT count(*) FROM kakeibo_devices)::text, (SELECT string_agg(hash, ',') FROM kakeibo_events)")
        XCTAssertEqual(after, before)
        XCTAssertEqual(after, [["1", "1", String(repeating: "b", count: 64)]])
        // Still append-only after the upgrade.
        await XCTAssertThrowsErrorAsync(try await self.rows(url, "DELETE FROM kakeibo_events"))
    }

    func testAFreshDatabaseIsMigratedOnceAndTheSecondTimeNothingRuns() async throws {
        let url = try await newDatabase()
        let first = try await Self.withClient(url) { client in
            try await ServerStore(client: client, logger: Self.logger).migrate()
        }
        XCTAssertEqual(first, ServerSchema.migrations.map(\.version))
        let second = try await Self.withClient(url) { client in
            try await ServerStore(client: client, logger: Self.logger).migrate()
        }
        XCTAssertEqual(second, [])
        let recorded = try await rows(url, "SELECT count(*)::text FROM kakeibo_schema_migrations")
        XCTAssertEqual(recorded, [["\(ServerSchema.version)"]])
        let table = try await rows(url, "SELECT to_regclass('kakeibo_events')::text")
        XCTAssertEqual(table, [["kakeibo_events"]])
    }

    func testADatabaseANewerServerMigratedIsRefusedSayingBothVersions() async throws {
        let url = try await newDatabase()
        _ = try await HouseholdServer.withStore(postgres: url) { _ in }
        _ = try await rows(url, "INSERT INTO kakeibo_schema_migrations (version, name, sha256) VALUES (99, 'future', repeat('c', 64))")
        do {
            _ = try await HouseholdServer.withStore(postgres: url) { _ in }
            XCTFail("a newer schema was accepted")
        } catch let error as ServerError {
            XCTAssertEqual(error.body.error, "newer-schema")
            XCTAssertTrue(error.body.detail.contains("version 99") && error.body.detail.contains("up to \(ServerSchema.version)"), error.body.detail)
        }
    }
}

func XCTAssertThrowsErrorAsync<T>(_ body: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await body()
        XCTFail("no error", file: file, line: line)
    } catch {}
}
