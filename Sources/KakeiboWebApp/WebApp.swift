import Foundation
import HTTPTypes
import Hummingbird
import KakeiboServer

/// The household's web app (issue 31), served by `server run` on the same listener as the sync API:
/// pages under `ledgers/:ledger/…`, `join/:code` and the static assets, rendered on the server from
/// its replica of each ledger (`ServerStore.withReplica`), commands decided there too
/// (`ServerStore.record`), so a browser is one more device under the same checks as the CLI.
public enum WebApp {
    public static func install(on router: Router<ServerRequestContext>, store: ServerStore) {
        for (path, asset) in WebAssets.all {
            router.get(RouterPath(path)) { _, _ in
                var response = WebPage.bytes(Array(asset.body.utf8), contentType: asset.contentType, cache: "no-cache")
                if path == "sw.js" { response.headers[HTTPField.Name("Service-Worker-Allowed")!] = "/" }
                return response
            }
        }
        router.get("assets/dashboard.css") { _, _ in
            WebPage.bytes(Array(DashboardStyles.sharedCSS.utf8), contentType: "text/css; charset=utf-8", cache: "no-cache")
        }
        router.get("assets/inline/:name") { _, context in
            let name = try context.parameters.require("name")
            guard let css = await DashboardStyles.cache.css(named: name) else { throw ServerError.notFound("no such stylesheet") }
            return WebPage.bytes(Array(css.utf8), contentType: "text/css; charset=utf-8", cache: "public, max-age=31536000, immutable")
        }
        router.group("join")
            .add(middleware: WebErrorMiddleware())
            .get(":code") { request, context in try await joinForm(request, context, store: store) }
            .post(":code") { request, context in try await join(request, context, store: store) }

        let pages = router.group("ledgers/:ledger")
            .add(middleware: WebErrorMiddleware())
            .add(middleware: SessionMiddleware(store: store))
        pages.get { request, context in try await home(request, context, store: store) }
        pages.get("capture") { request, context in try await captureForm(request, context, store: store) }
        pages.post("capture") { request, context in try await capture(request, context, store: store) }
        pages.get("suggest") { request, context in try await suggest(request, context, store: store) }
        pages.get("receipts/new") { request, context in try await receiptForm(request, context, store: store) }
        pages.post("receipts") { request, context in try await receipt(request, context, store: store) }
        pages.get("review") { request, context in try await review(request, context, store: store) }
        pages.post("review/accept") { request, context in try await reviewAccept(request, context, store: store) }
        pages.post("review/void") { request, context in try await reviewVoid(request, context, store: store) }
        pages.get("txn/:txn") { request, context in try await transaction(request, context, store: store) }
        pages.post("txn/:txn/edit") { request, context in try await transactionEdit(request, context, store: store) }
        pages.get("attachments/:sha") { request, context in try await attachment(request, context, store: store) }
        pages.get("dashboard/:file") { request, context in try await dashboard(request, context, store: store) }
    }

    /// `GET join/:code`: says whose device this browser would become and asks; nothing is redeemed.
    /// Chat apps fetch a pasted link for its preview, and a GET that signed in would spend the
    /// one-time code on their bot, leaving the member a "link already used" page.
    static func joinForm(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let code = try context.parameters.require("code")
        let invite = try await store.previewInvite(code: code)
        return WebPage.render("joinForm", title: "Join \(invite.ledger)", ledger: nil, values: [
            "member": invite.member, "ledger": invite.ledger, "scope": invite.scope.rawValue,
        ])
    }

    /// `POST join/:code`: redeems a one-time invite (single use, expiring, compared in constant time by
    /// the store), enrols this browser as a device of the member and sets the session cookie.
    static func join(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let code = try context.parameters.require("code")
        // Another site's form posting its own code would sign this browser into that site's ledger
        // (login CSRF); browsers say where a request comes from, and only this site's page may post here.
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
            throw ServerError.forbidden("a sign-in link is redeemed from its own page, not from another site")
        }
        let redeemed = try await store.redeemInvite(code: code, userAgent: request.headers[.userAgent])
        let cookie = SessionMiddleware.cookie(value: redeemed.sessionCookieValue, expires: redeemed.expires,
                                              secure: SessionMiddleware.isSecure(request))
        let caller = redeemed.caller
        var headers = HTTPFields()
        headers[.setCookie] = cookie.description
        return WebPage.render("join", title: "Signed in", ledger: nil, values: [
            "member": caller.member, "ledger": caller.ledger, "scope": caller.scope.rawValue, "home": WebPage.base(caller.ledger) + "/",
        ], headers: headers)
    }

    /// The signed-in caller of this ledger's page (401 when not signed in, 403 when signed in elsewhere).
    static func caller(_ context: ServerRequestContext) throws -> (ledger: String, caller: WebCaller) {
        let ledger = try context.parameters.require("ledger")
        return (ledger, try context.requireWeb(ledger: ledger))
    }

    /// A write: the session's CSRF token must come back with the form, and the member must have write
    /// scope (the store checks again under the ledger's lock; this only spares a read-scope member a
    /// photo's OCR before the 403).
    static func checkWrite(_ caller: WebCaller, csrf: String?, store: ServerStore) throws {
        try store.checkCSRF(csrf, caller: caller)
        guard caller.scope >= .write else {
            throw ServerError.forbidden("\(caller.member) may only read this ledger (scope \(caller.scope.rawValue)); recording needs write")
        }
    }
}
