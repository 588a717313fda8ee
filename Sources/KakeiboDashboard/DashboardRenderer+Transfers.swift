import KakeiboDomain

// MARK: - Transfers: the month's count and total, and the latest transfers

extension DashboardRenderer {
    func transfers() -> String {
        guard let document = documents["transfers"] else { return missing("transfers") }
        let month = document["month"]
        var html = "<section class=\"card\" data-testid=\"transfer-month\"><h2>This month <span class=\"muted small\">\(HTML.escape(month?["period"]?.stringValue ?? ""))</span></h2>"
        html += "<p><span class=\"big\">\(figure(month?["total"], "total", currency: document["currency"]?.stringValue))</span> in "
        let count = month?["count"]?.intValue ?? 0
        html += "<span class=\"count num\">\(count)</span> \(count == 1 ? "transfer" : "transfers")</p></section>\n"
        let recent = document["recent"]?.arrayValue ?? []
        html += "<section class=\"card\"><h2>Latest</h2>"
        if recent.isEmpty { html += "<p class=\"empty\">No transfers yet.</p>" }
        for transfer in recent {
            html += "<div class=\"row\" data-testid=\"transfer-row\" data-id=\"\(HTML.escape(transfer["id"]?.stringValue ?? ""))\">"
            html += "<span class=\"name\"><span class=\"from\">\(HTML.escape(transfer["from"]?.stringValue ?? "?"))</span> → <span class=\"to\">\(HTML.escape(transfer["to"]?.stringValue ?? "?"))</span></span>"
            html += "<span class=\"lead\">\(figure(transfer["amount"], "amount", currency: transfer["currency"]?.stringValue))</span>"
            html += "<span class=\"status wide\"><span class=\"date\">\(HTML.escape(transfer["date"]?.stringValue ?? ""))</span>"
            if let note = transfer["note"]?.stringValue { html += " · <span class=\"note\">\(HTML.escape(note))</span>" }
            html += "</span></div>\n"
        }
        return html + "</section>\n"
    }
}
