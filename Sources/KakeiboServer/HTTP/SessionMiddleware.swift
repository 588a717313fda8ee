import Foundation
import Hummingbird

/// Reads the browser's session cookie into `context.web` (nil when absent, expired or its
/// browser device revoked: a revoked browser is signed out at its next request). It refuses
/// nothing itself: a page decides whether it needs a caller (`ServerRequestContext.requireWeb`).
public struct SessionMiddleware: RouterMiddleware {
    public typealias Context = ServerRequestContext

    /// The cookie's name. `__Host-` would force `Secure`, which plain-HTTP on a home network cannot set.
    public static let cookieName = "kakeibo_session"

    let store: ServerStore

    public init(store: ServerStore) { self.store = store }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.web = try await store.webCaller(sessionCookie: request.cookies[Self.cookieName]?.value)
        return try await next(request, context)
    }

    /// The `Set-Cookie` a redeemed invite answers with: `HttpOnly` (no script reads it),
    /// `SameSite=Strict` (no other site's page sends it), `Secure` when the request or the server's
    /// base URL is https, and an expiry.
    public static func cookie(value: String, expires: Date, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: value, expires: expires, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// Whether a request came over TLS: its scheme, or a proxy's `X-Forwarded-Proto` in front of the server.
    public static func isSecure(_ request: Request) -> Bool {
        request.uri.scheme == .https || request.headers[.init("X-Forwarded-Proto")!] == "https"
    }
}

extension ServerRequestContext {
    /// The signed-in caller for `ledger`: 401 when not signed in, 403 when signed in to another ledger.
    public func requireWeb(ledger: String) throws -> WebCaller {
        guard let web else { throw ServerError.unauthenticated("this browser is not signed in; open a sign-in link") }
        guard web.ledger == ledger else { throw ServerError.forbidden("this browser is signed in to another ledger") }
        return web
    }
}
