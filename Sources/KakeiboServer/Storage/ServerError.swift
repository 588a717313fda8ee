import HTTPTypes
import Hummingbird
import KakeiboSync

/// A refusal with the HTTP status it is sent with, and the `{"error","detail"}` body.
///
/// The detail says what is wrong in neutral words and never what to type: a phone or a browser
/// reads the same body as the CLI. The code (`error`) and the fields beside it are the data a
/// client acts on; the CLI turns them into its own hints (`ErrorMessage`).
public struct ServerError: Error, Sendable, CustomStringConvertible, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var body: WireError
    /// The ledger a refusal is about, when the CLI needs its name for a hint (`no-ledger`). Not sent.
    public var ledger: String?

    public init(_ status: Int, _ code: String, _ detail: String, expectedSeq: Int64? = nil, expectedPrevHash: String? = nil, eventId: String? = nil) {
        self.status = HTTPResponse.Status(code: status)
        body = WireError(error: code, detail: detail, expectedSeq: expectedSeq, expectedPrevHash: expectedPrevHash, eventId: eventId)
    }

    public static func badConfiguration(_ detail: String) -> ServerError { ServerError(400, "configuration", detail) }
    public static func unauthenticated(_ detail: String) -> ServerError { ServerError(401, "unauthenticated", detail) }
    public static func forbidden(_ detail: String) -> ServerError { ServerError(403, "forbidden", detail) }
    public static func malformed(_ detail: String) -> ServerError { ServerError(400, "malformed", detail) }
    public static func notFound(_ detail: String) -> ServerError { ServerError(404, "not-found", detail) }

    /// No ledger of that name on this server (administration only: a request names its ledger through its token).
    public static func noLedger(_ name: String) -> ServerError {
        var error = ServerError(404, "no-ledger", "no ledger named \(name)")
        error.ledger = name
        return error
    }

    /// The database was migrated by a newer server than this one (administration and startup only).
    public static func newerSchema(database: Int, server: Int) -> ServerError {
        ServerError(500, "newer-schema", "this database's server schema is at version \(database); this server knows versions up to \(server)")
    }
    /// The database ran a migration of this number whose statements differ from this server's.
    public static func schemaMismatch(version: Int) -> ServerError {
        ServerError(500, "schema-mismatch", "server schema migration \(version) in this database differs from this server's")
    }

    /// A request body over `SyncProtocol.maxBodyBytes`: the limit is in the detail, so a client knows how far to split.
    public static var tooLarge: ServerError {
        ServerError(413, "too-large", "a request body is at most \(SyncProtocol.maxBodyBytes) bytes (4 MiB); push fewer events at a time")
    }
    /// PostgreSQL cannot be reached or refuses the server's login: its own words, in about a second.
    public static func databaseUnavailable(_ detail: String) -> ServerError { ServerError(503, "database-unavailable", detail) }

    /// The request's `Kakeibo-Protocol` header is missing or names another version than this server's.
    static func protocolMismatch(sent: String?) -> ServerError {
        ServerError(426, "protocol", "this server speaks \(SyncProtocol.header): \(SyncProtocol.version); got \(sent ?? "none")")
    }
    static var missingToken: ServerError { .unauthenticated("send Authorization: Bearer kkb_…") }
    static var notAToken: ServerError { .unauthenticated("not a Kakeibo token") }
    /// Anything else that failed: logged on the server, never described to the client.
    static var `internal`: ServerError { ServerError(500, "internal", "the server could not complete the request") }

    public var description: String { "\(body.error): \(body.detail)" }

    /// The body, encoded by the context's encoder, with this error's status.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(body, from: request, context: context)
        response.status = status
        return response
    }
}

/// What a token may do; each scope includes the ones before it.
public enum Scope: String, Sendable, Comparable, CaseIterable {
    case read, write, admin
    public static func < (a: Scope, b: Scope) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}
