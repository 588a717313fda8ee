import Crypto
import KakeiboDashboard

/// The dashboard's pages as the web app serves them, under CSP `default-src 'self'`.
///
/// `DashboardRenderer` writes self-contained files (`widgets export --html`): a `<style>` block, a
/// few `style="width:…%"` attributes and a meta CSP of its own, all of which a served page's CSP
/// would block (and report as console errors). Served, the same HTML is rewritten here, without
/// touching the renderer: the `<style>` block becomes the shared `/assets/dashboard.css`, the meta
/// CSP goes (the header's applies), and each distinct `style` attribute becomes a class of a small
/// content-addressed stylesheet (`/assets/inline/<sha>.css`) kept in memory.
enum DashboardStyles {
    /// The renderer's stylesheet, read from a page it renders (the renderer keeps it internal).
    static let sharedCSS: String = {
        let page = DashboardRenderer(documents: DashboardDocuments([], exportedOn: nil)).render(.overview)
        guard let start = page.range(of: "<style>\n"), let end = page.range(of: "\n</style>", range: start.upperBound..<page.endIndex) else { return "" }
        return String(page[start.upperBound..<end.lowerBound])
    }()

    static let cache = InlineStyleCache()

    struct Rewritten: Sendable {
        var head: String
        var body: String
        var stylesheet: String?
    }

    /// The page's `<body>` content with its style attributes turned into classes, and the
    /// stylesheet URL that defines them (nil when the page had none).
    static func rewrite(_ page: String) async -> Rewritten {
        var body = page
        if let start = body.range(of: "<body>\n"), let end = body.range(of: "</body>", options: .backwards) {
            body = String(body[start.upperBound..<end.lowerBound])
        }
        // The renderer's own header and navigation are replaced by the app's.
        if let headerEnd = body.range(of: "</header>\n") { body = String(body[headerEnd.upperBound...]) }
        body = body.replacingOccurrences(of: "<main>\n", with: "").replacingOccurrences(of: "</main>\n", with: "")
        var rules: [String: String] = [:]
        var out = ""
        var rest = Substring(body)
        while let attribute = rest.range(of: " style=\"") {
            guard let close = rest[attribute.upperBound...].firstIndex(of: "\"") else { break }
            let declarations = String(rest[attribute.upperBound..<close])
            let name = "ks-" + hex(SHA256.hash(data: Array(declarations.utf8))).prefix(10)
            rules[name] = declarations
            // The tag's class attribute, if it has one before the style, takes the class; else one is added.
            var before = String(rest[..<attribute.lowerBound])
            if let tagStart = before.lastIndex(of: "<"), let classAttribute = before.range(of: " class=\"", range: tagStart..<before.endIndex),
               let classClose = before[classAttribute.upperBound...].firstIndex(of: "\"") {
                before.insert(contentsOf: " " + name, at: classClose)
            } else {
                before += " class=\"\(name)\""
            }
            out += before
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        guard !rules.isEmpty else { return Rewritten(head: "", body: out, stylesheet: nil) }
        let css = rules.keys.sorted().map { ".\($0){\(rules[$0]!)}" }.joined(separator: "\n") + "\n"
        let file = hex(SHA256.hash(data: Array(css.utf8))).prefix(32) + ".css"
        await cache.keep(css, named: String(file))
        return Rewritten(head: "", body: out, stylesheet: "/assets/inline/" + file)
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
    }
}

/// Content-addressed stylesheets of the dashboard's pages, the last 512 kept (a page's differ only
/// when its figures do).
actor InlineStyleCache {
    private var sheets: [String: String] = [:]
    private var order: [String] = []

    func keep(_ css: String, named name: String) {
        guard sheets[name] == nil else { return }
        sheets[name] = css
        order.append(name)
        if order.count > 512 { sheets[order.removeFirst()] = nil }
    }

    func css(named name: String) -> String? { sheets[name] }
}
