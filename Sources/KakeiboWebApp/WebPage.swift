import Foundation
import HTTPTypes
import Hummingbird
import KakeiboServer

/// A rendered page as a response, with the headers every page carries: CSP `default-src 'self'`
/// (no inline script or style, nothing from another origin), no sniffing, no referrer, not framed.
enum WebPage {
    static let contentSecurityPolicy = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

    /// The navigation every ledger page shows, in order.
    static let navigation: [(path: String, label: String)] = [
        ("/", "Home"), ("/capture", "Capture"), ("/receipts/new", "Receipt"), ("/review", "Review"),
        ("/dashboard/index.html", "Dashboard"),
    ]

    static func base(_ ledger: String) -> String { "/ledgers/" + percentEncoded(ledger) }

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? text
    }

    static func render(_ template: String, title: String, ledger: String?, current: String? = nil, values: [String: Any],
                       status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:], dashboardStyles: String? = nil) -> Response {
        var values = values
        if let ledger { values["base"] = base(ledger) }
        let body = WebTemplates.render(template, values)
        var layout: [String: Any] = ["title": title, "body": body]
        if let ledger {
            layout["ledger"] = ledger
            layout["nav"] = navigation.map { item -> [String: Any] in
                ["href": base(ledger) + item.path, "label": item.label, "current": item.path == current]
            }
        }
        if let dashboardStyles { layout["dashboardStyles"] = dashboardStyles }
        return html(WebTemplates.render("layout", layout), status: status, headers: extra)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static var securityHeaders: HTTPFields {
        var headers = HTTPFields()
        headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return headers
    }

    static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func bytes(_ bytes: [UInt8], contentType: String, cache: String = "no-store") -> Response {
        var headers = securityHeaders
        headers[.contentType] = contentType
        headers[.cacheControl] = cache
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A page that says one thing: a refusal, with its status.
    static func message(_ text: String, heading: String, status: HTTPResponse.Status, ledger: String?, link: (href: String, label: String)? = nil) -> Response {
        var values: [String: Any] = ["text": text, "heading": heading, "status": Int(status.code), "class": status.code >= 400 ? "error" : "ok"]
        if let link { values["link"] = ["href": link.href, "label": link.label] }
        return render("message", title: heading, ledger: ledger, values: values, status: status)
    }

    /// Whether the caller is the app's script (it asks for JSON); a plain form post gets a page.
    static func wantsJSON(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") ?? false
    }

    /// A fresh idempotency key for a form: a double submit of the same form sends it twice and records once.
    static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return "web-" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
