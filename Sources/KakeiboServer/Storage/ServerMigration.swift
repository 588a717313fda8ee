import KakeiboEventStore

/// One numbered step of the server's PostgreSQL schema, as GRDB's `DatabaseMigrator` keeps them:
/// applied once, in order, recorded in `kakeibo_schema_migrations`, and never edited once shipped
/// (a database that ran it would never see the change). `ServerMigrationsTests` pins each one's
/// SHA-256, as `ShippedMigrationsTests` pins the client's `Migrations/*.sql`.
///
/// Statements rather than one script: PostgresNIO's extended protocol runs one statement a query.
/// A migration names tables by their SQL names only, never an application type, so it means
/// today what it meant when it shipped.
public struct ServerMigration: Sendable {
    public let version: Int
    public let name: String
    public let statements: [String]

    /// Hex SHA-256 of the statements, each followed by `;` and a line break: what the version table
    /// records and the pin test compares.
    public var sha256: String {
        sha256Hex(Array(statements.map { $0 + ";\n" }.joined().utf8))
    }
}
