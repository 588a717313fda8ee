import HTTPTypes
import Hummingbird
import KakeiboSync

/// Refuses a request without this server's `Kakeibo-Protocol` header (426), before its route runs:
/// an older or newer client learns it must upgrade instead of misreading a reply.
struct ProtocolMiddleware<Context: RequestContext>: RouterMiddleware {
    static var field: HTTPField.Name { HTTPField.Name(SyncProtocol.header)! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let sent = request.headers[Self.field]
        guard sent == String(SyncProtocol.version) else { throw ServerError.protocolMismatch(sent: sent) }
        return try await next(request, context)
    }
}
