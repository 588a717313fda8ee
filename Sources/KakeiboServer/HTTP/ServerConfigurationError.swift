/// A server setting that cannot be used, with the text as given. Met at startup and by the administration
/// commands, never sent over HTTP; the CLI names the option it came from (`--postgres`, `--listen`).
public enum ServerConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database URL is not `postgresql://…` (or `postgres://…`).
    case notAPostgresURL(String)
    /// The listening address is not `HOST:PORT` with a port from 0 to 65535.
    case notAListenAddress(String)

    public var description: String {
        switch self {
        case .notAPostgresURL(let text): return "the database must be a postgresql:// URL, not \"\(text)\""
        case .notAListenAddress(let text): return "the address to listen on must be HOST:PORT, such as 127.0.0.1:8080, not \"\(text)\""
        }
    }
}
