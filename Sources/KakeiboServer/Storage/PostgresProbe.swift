import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// Why PostgreSQL cannot be used right now, asked with one direct connection, in PostgreSQL's own words.
///
/// Why not let the pool say it: PostgresNIO's pool retries a failing connection with backoff and fails the requests
/// waiting on it only when its circuit breaker trips, about 60 s later, with `connectionCreationCircuitBreakerTripped`
/// and without the reason. A typo in the database name, a wrong port or a stopped PostgreSQL then looked like a
/// 67-second hang and a type dump. One connection of our own, bounded by `connectTimeout`, answers in milliseconds with
/// `database "nodb" does not exist` or `connection refused`.
public enum PostgresProbe {
    /// How long a probe waits for PostgreSQL to accept a connection and a login.
    public static let connectTimeout: TimeAmount = .seconds(2)

    /// Nil when PostgreSQL accepts a connection and a login as `configuration` describes; else why not, as a sentence.
    public static func problem(_ configuration: PostgresClient.Configuration, logger: Logger) async -> String? {
        var direct: PostgresConnection.Configuration
        if let socket = configuration.unixSocketPath {
            direct = .init(unixSocketPath: socket, username: configuration.username, password: configuration.password,
                           database: configuration.database)
        } else {
            direct = .init(host: configuration.host ?? "127.0.0.1", port: configuration.port ?? 5432, username: configuration.username,
                           password: configuration.password, database: configuration.database, tls: .disable)
        }
        direct.options.connectTimeout = connectTimeout
        do {
            let connection = try await PostgresConnection.connect(configuration: direct, id: 0, logger: logger)
            try? await connection.close()
            return nil
        } catch {
            var reason = describe(error)
            if [ENOENT, ECONNREFUSED].map({ String(cString: strerror($0)) }).contains(reason) {
                reason += " (is PostgreSQL running, and on this \(configuration.unixSocketPath == nil ? "host and port" : "socket folder and port")?)"
            }
            return "cannot use PostgreSQL at \(place(configuration)): \(reason)"
        }
    }

    /// Where the configuration points, as a person would write it.
    static func place(_ configuration: PostgresClient.Configuration) -> String {
        let target = configuration.unixSocketPath ?? "\(configuration.host ?? "127.0.0.1"):\(configuration.port ?? 5432)"
        return target + " (user \(configuration.username), database \(configuration.database ?? configuration.username))"
    }

    /// PostgreSQL's own message for a refusal it sent (`database "nodb" does not exist`), the operating system's for a
    /// connection that never opened (`Connection refused`), else the error's own description.
    public static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return describe(underlying) }
            return "\(error.code)"
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? ChannelError, case .connectTimeout(let time) = error {
            return "no answer within \(time.nanoseconds / 1_000_000_000) s"
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return describe(first.error) }
            if let dns = error.dnsAAAAError ?? error.dnsAError { return "cannot resolve \(error.host): \(dns)" }
        }
        return String(describing: error)
    }
}

/// Set once a request has its connection: a request still waiting after a second has not reached PostgreSQL.
final class LeaseFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
