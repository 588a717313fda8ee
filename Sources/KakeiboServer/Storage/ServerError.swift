import KakeiboSync

/// A refusal with the HTTP status it is sent with, and the `{"error","detail"}` body.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var body: WireError

    public init(_ status: Int, _ code: String, _ detail: String, expectedSeq: Int64? = nil, expectedPrevHash: String? = nil, eventId: String? = nil) {
        self.status = status
        body = WireError(error: code, detail: detail, expectedSeq: expectedSeq, expectedPrevHash: expectedPrevHash, eventId: eventId)
    }

    public static func badConfiguration(_ detail: String) -> ServerError { ServerError(400, "configuration", detail) }
    public static func unauthenticated(_ detail: String) -> ServerError { ServerError(401, "unauthenticated", detail) }
    public static func forbidden(_ detail: String) -> ServerError { ServerError(403, "forbidden", detail) }
    public static func malformed(_ detail: String) -> ServerError { ServerError(400, "malformed", detail) }
    public static func notFound(_ detail: String) -> ServerError { ServerError(404, "not-found", detail) }

    /// A request body over `SyncProtocol.maxBodyBytes`: the limit is in the detail, so a client knows how far to split.
    public static var tooLarge: ServerError {
        ServerError(413, "too-large", "a request body is at most \(SyncProtocol.maxBodyBytes) bytes (4 MiB); push fewer events at a time")
    }
    /// PostgreSQL cannot be reached or refuses the server's login: its own words, in about a second.
    public static func databaseUnavailable(_ detail: String) -> ServerError { ServerError(503, "database-unavailable", detail) }

    public var description: String { "\(body.error): \(body.detail)" }
}

/// What a token may do; each scope includes the ones before it.
public enum Scope: String, Sendable, Comparable, CaseIterable {
    case read, write, admin
    public static func < (a: Scope, b: Scope) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}
