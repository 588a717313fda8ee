import KakeiboDomain

// MARK: - Transfers: the month's count and total, and the latest transfers

extension DashboardRenderer {
    func transfers() -> String {
        guard let document = documents.transfers?.body else { return missing(TransfersWidget.kind) }
        let month = document.month
        var html = "<section class=\"card\" data-testid=\"transfer-month\"><h2>This month <span class=\"muted small\">\(HTML.escape(month.period))</span></h2>"
        html += "<p><span class=\"big\">\(figure(month.total, "total", currency: document.currency))</span> in "
        html += "<span class=\"count num\">\(month.count)</span> \(month.count == 1 ? "transfer" : "transfers")</p></section>\n"
        html += "<section class=\"card\"><h2>Latest</h2>"
        if document.recent.isEmpty { html += "<p class=\"empty\">No transfers yet.</p>" }
        for transfer in document.recent {
            html += "<div class=\"row\" data-testid=\"transfer-row\" data-id=\"\(HTML.escape(transfer.id))\">"
            html += "<span class=\"name\"><span class=\"from\">\(HTML.escape(transfer.from))</span> → <span class=\"to\">\(HTML.escape(transfer.to))</span></span>"
            html += "<span class=\"lead\">\(figure(transfer.amount, "amount", currency: transfer.currency))</span>"
            html += "<span class=\"status wide\"><span class=\"date\">\(HTML.escape(transfer.date))</span>"
            if let note = transfer.note { html += " · <span class=\"note\">\(HTML.escape(note))</span>" }
            html += "</span></div>\n"
        }
        return html + "</section>\n"
    }
}
