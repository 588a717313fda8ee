import Foundation

/// Where a ledger lives: `http://HOST:PORT/ledgers/NAME` (a `/v1` before `ledgers` is accepted).
public struct SyncRemote: Hashable, Sendable, CustomStringConvertible {
    /// The server, without the ledger part: `http://127.0.0.1:8080`.
    public var server: URL
    public var ledger: String

    public init(_ text: String) throws(SyncError) {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw .notARemote(text)
        }
        var parts = url.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[parts.count - 2] == "ledgers", !parts[parts.count - 1].isEmpty else {
            throw .remoteWithoutLedger(text)
        }
        ledger = parts.removeLast()
        parts.removeLast()
        if parts.last == "v1" { parts.removeLast() }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.path = parts.isEmpty ? "" : "/" + parts.joined(separator: "/")
        components.query = nil
        server = components.url!
    }

    public var description: String { server.absoluteString + "/ledgers/" + ledger }
}
