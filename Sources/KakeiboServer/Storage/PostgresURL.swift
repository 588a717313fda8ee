import Foundation
import PostgresNIO

/// The database URL `server` commands are given → a PostgresNIO configuration.
///
/// `postgresql://USER[:PASSWORD]@HOST[:PORT]/DB` over TCP (no TLS: bind the database to loopback),
/// or `postgresql://USER@/DB?host=/socket/dir` over a unix socket, as libpq spells it.
public enum PostgresURL {
    public static func configuration(_ text: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw ServerConfigurationError.notAPostgresURL(text)
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let user = components.user ?? query["user"] ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        let password = components.password ?? query["password"]
        var database = components.path
        while database.hasPrefix("/") { database.removeFirst() }
        let port = components.port ?? query["port"].flatMap(Int.init) ?? 5432
        var configuration: PostgresClient.Configuration
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            configuration = .init(unixSocketPath: socketDirectory + "/.s.PGSQL.\(port)", username: user, password: password,
                                  database: database.isEmpty ? nil : database)
        } else {
            let host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? query["host"] ?? "127.0.0.1"
            configuration = .init(host: host, port: port, username: user, password: password,
                                  database: database.isEmpty ? nil : database, tls: .disable)
        }
        configuration.options.maximumConnections = 8
        return configuration
    }
}
