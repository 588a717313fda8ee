import Hummingbird
import HummingbirdAuth
import KakeiboSync

/// Reads `Authorization: Bearer kkb_…` into the context, and refuses (401) a request without one
/// or with something that is not a Kakeibo token, before any body is read or PostgreSQL is asked.
///
/// It does not look the token up: each route's store call does, in the transaction that does the
/// work (see `ServerRequestContext.bearer`).
struct BearerMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let bearer = request.headers.bearer?.token else { throw ServerError.missingToken }
        guard DeviceToken(bearer) != nil else { throw ServerError.notAToken }
        var context = context
        context.bearer = bearer
        return try await next(request, context)
    }
}
