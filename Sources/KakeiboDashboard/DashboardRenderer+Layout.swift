import KakeiboDomain

// MARK: - The page shell: head, navigation, freshness line, footer

extension DashboardRenderer {
    func shell(_ page: DashboardPage, body: String) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // No script, no external anything: the page must open from file:// on a phone with no network.
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        html += "<meta name=\"referrer\" content=\"no-referrer\">\n"
        html += "<title>\(page.title) · Kakeibo</title>\n<style>\n\(DashboardStyle.css)\n</style>\n</head>\n<body>\n"
        html += "<header class=\"top\"><p class=\"brand\">Kakeibo <small>household ledger</small></p>\n<nav aria-label=\"Pages\"><ul>"
        for other in DashboardPage.allCases {
            let current = other == page ? " aria-current=\"page\"" : ""
            html += "<li><a href=\"\(other.fileName)\"\(current)>\(other.title)</a></li>"
        }
        html += "</ul></nav></header>\n<main>\n<h1>\(page.title)</h1>\n"
        html += freshness(page.mainKind)
        html += body
        html += "</main>\n"
        html += footer()
        html += "</body>\n</html>\n"
        return html
    }

    /// `asOf`, `logPosition` and the short content hash of the page's document, and a "stale" mark when it is old.
    func freshness(_ kind: String) -> String {
        guard let document = documents.headers[kind] else { return "" }
        var html = "<p class=\"meta\" data-testid=\"freshness\" data-kind=\"\(HTML.escape(kind))\">"
        if let reason = documents.staleness(of: kind) {
            html += "<span class=\"stale\" data-testid=\"stale\">stale</span><span class=\"stale-reason\">\(HTML.escape(reason))</span> · "
        }
        html += "as of <span data-testid=\"as-of\">\(HTML.escape(document.asOf))</span>"
        html += " · log position <span data-testid=\"log-position\">\(document.logPosition)</span>"
        html += " · hash <code data-testid=\"content-hash\" data-hash=\"\(HTML.escape(document.contentHash))\">\(HTML.escape(String(document.contentHash.prefix(12))))</code></p>\n"
        return html
    }

    /// Every document of the export with its freshness, linking the raw JSON beside the pages.
    func footer() -> String {
        var html = "<footer>\n<details><summary>Widget documents in this export</summary>\n<div class=\"table-wrap\"><table>"
        html += "<thead><tr><th>file</th><th>as of</th><th class=\"num\">log</th><th>content hash</th></tr></thead><tbody>"
        let kinds = (documents.index?.body.documents ?? []).map(\.kind) + [IndexWidget.kind]
        for kind in kinds {
            guard let document = documents.headers[kind] else {
                let why = documents.unreadable[kind] == nil ? "missing" : "could not be read"
                html += "<tr><td>\(HTML.escape(kind)).json</td><td colspan=\"3\">\(why)</td></tr>"
                continue
            }
            let stale = documents.staleness(of: kind) == nil ? "" : " <span class=\"stale\">stale</span>"
            html += "<tr data-testid=\"document-row\" data-kind=\"\(HTML.escape(kind))\"><td><a href=\"\(HTML.escape(kind)).json\">\(HTML.escape(kind)).json</a>\(stale)</td>"
            html += "<td>\(HTML.escape(document.asOf))</td>"
            html += "<td class=\"num\">\(document.logPosition)</td>"
            html += "<td><code>\(HTML.escape(document.contentHash))</code></td></tr>"
        }
        html += "</tbody></table></div></details>\n"
        html += "<p>Figures are the widget JSON's own strings. Balances in different currencies are never added together; "
        html += "spending in another currency counts at its cost or its price of the day, as budgets count it. Rendered without script.</p>\n</footer>\n"
        return html
    }
}
