import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the sync client reaches a server: one request, one reply. A protocol so an app can bring
/// its own HTTP stack; `URLSessionTransport` is the one the CLI uses.
public protocol SyncTransport: Sendable {
    func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data)
}

/// `SyncTransport` over URLSession (libcurl on Linux).
public struct URLSessionTransport: SyncTransport {
    public let base: URL
    /// `URLSession.shared` by default; a load test brings one allowing more than 6 connections a host.
    public let session: URLSession

    public init(base: URL, session: URLSession = .shared) {
        self.base = base
        self.session = session
    }

    public func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 120
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(String(SyncProtocol.version), forHTTPHeaderField: SyncProtocol.header)
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response): (Data, URLResponse) = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { continuation.resume(throwing: SyncError.transport(String(describing: error.localizedDescription))); return }
                continuation.resume(returning: (data ?? Data(), response!))
            }.resume()
        }
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
