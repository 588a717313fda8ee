import Logging
import PostgresNIO

/// The server's PostgreSQL schema: numbered migrations, and the version table that says which ran.
///
/// To change the schema, add `ServerMigration+V2Name.swift` with `version: 2`, append it to
/// `migrations` and pin its SHA-256 in `ServerMigrationsTests`; never edit a shipped one.
/// `server init`, `server run` and the other administration commands bring the database up to
/// date first (`ServerStore.migrate`).
public enum ServerSchema {
    /// The role requests run as (`SET LOCAL ROLE`): it may read and insert events, never change them.
    public static let appRole = "kakeibo_app"

    /// Every migration, in version order, 1, 2, 3… with no gaps.
    public static let migrations: [ServerMigration] = [.v1Baseline, .v2Web, .v3Witness, .v4TreeChunks]

    /// The version a database is at once `migrate` has run.
    public static var version: Int { migrations.last?.version ?? 0 }

    /// Created by `migrate` before the first migration, on a database that has no version table.
    static let versionTable = """
        CREATE TABLE kakeibo_schema_migrations (
            version    integer PRIMARY KEY CHECK (version >= 1),
            name       text NOT NULL,
            sha256     text NOT NULL CHECK (length(sha256) = 64),
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """

    /// The key of the transaction-level advisory lock `migrate` holds: two `server init`s at once
    /// (or an init and a starting server) take turns instead of both creating the version table.
    static let lockKey: Int64 = 0x6b_616b_6569_626f // "kakeibo"

    /// Applies, in one transaction, every migration the database has not run; the versions applied.
    ///
    /// Refuses a database a newer server has migrated further (`newer-schema`), and one whose
    /// recorded migration differs from this server's of the same number (`schema-mismatch`): a
    /// shipped migration was edited, and this server's idea of the tables may be wrong.
    static func migrate(on connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
        let hasTable = try await connection.query("SELECT to_regclass('kakeibo_schema_migrations') IS NOT NULL", logger: logger)
            .collect()[0].makeRandomAccess()[0].decode(Bool.self)
        if !hasTable { try await connection.query(PostgresQuery(unsafeSQL: versionTable), logger: logger) }
        var applied: [Int: String] = [:]
        for row in try await connection.query("SELECT version, sha256 FROM kakeibo_schema_migrations", logger: logger).collect() {
            let r = row.makeRandomAccess()
            applied[Int(try r[0].decode(Int32.self))] = try r[1].decode(String.self)
        }
        if let newest = applied.keys.max(), newest > version {
            throw ServerError.newerSchema(database: newest, server: version)
        }
        var ran: [Int] = []
        for migration in migrations {
            if let recorded = applied[migration.version] {
                guard recorded == migration.sha256 else { throw ServerError.schemaMismatch(version: migration.version) }
                continue
            }
            for statement in migration.statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.query("""
                INSERT INTO kakeibo_schema_migrations (version, name, sha256)
                VALUES (\(Int32(migration.version)), \(migration.name), \(migration.sha256))
                """, logger: logger)
            ran.append(migration.version)
        }
        return ran
    }
}
