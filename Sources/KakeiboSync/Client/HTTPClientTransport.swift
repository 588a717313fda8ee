import AsyncHTTPClient
import Foundation

/// `SyncTransport` over AsyncHTTPClient (SwiftNIO): the CLI's default.
///
/// Why not URLSession on Linux: its libcurl event loop spins while a reply is awaited. A 450 KB POST answered after
/// 3 s cost the waiting client 1.24 s of CPU (0.28 s user, 0.96 s system; a test program, release); pushing 10,000
/// offline events (20 requests) took 17.6 s, in which the client burned 8.8 s of CPU, 76 % of it in the kernel's
/// scheduler and epoll (perf, `Tests/Postgres/sync-figures.sh`, load 11-13), against about 1 s for the server:
/// on a 2-core machine half a core taken from PostgreSQL and the server.
public struct HTTPClientTransport: SyncTransport {
    public let base: URL
    public let client: HTTPClient

    /// The longest reply read: a pull page of 5,000 events (the server's most) is a few MiB.
    static let maxReply = 256 << 20

    public init(base: URL, client: HTTPClient = .shared) {
        self.base = base
        self.client = client
    }

    public func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        var request = HTTPClientRequest(url: components.url!.absoluteString)
        request.method = .init(rawValue: method)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: SyncProtocol.header, value: String(SyncProtocol.version))
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }
        do {
            let response = try await client.execute(request, timeout: .seconds(120))
            let bytes = try await response.body.collect(upTo: Self.maxReply)
            return (Int(response.status.code), Data(bytes.readableBytesView))
        } catch {
            throw SyncError.transport(String(describing: error))
        }
    }
}
