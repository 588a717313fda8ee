import KakeiboDomain

// MARK: - Spending: this month's categories by share, largest first

extension DashboardRenderer {
    func spending() -> String {
        guard let document = documents["expenses"] else { return missing("expenses") }
        let currency = document["currency"]?.stringValue
        var html = "<section class=\"card\" data-testid=\"expense-total\"><h2>This month <span class=\"muted small\">\(HTML.escape(document["month"]?["period"]?.stringValue ?? ""))</span></h2>"
        html += "<p>Spent <span class=\"big\">\(figure(document["total"], "total", currency: currency))</span></p>"
        html += foreignNote(document) + "</section>\n"
        html += "<section class=\"card\"><h2>By category</h2>\n"
        html += expenseRows(document, limit: nil)
        html += "</section>\n"
        return html
    }

    /// Category rows with a bar as wide as the category's share of the month.
    func expenseRows(_ document: JSONValue, limit: Int?) -> String {
        let categories = document["categories"]?.arrayValue ?? []
        guard !categories.isEmpty else { return "<p class=\"empty\">No spending this month yet.</p>\n" }
        let currency = document["currency"]?.stringValue
        var html = ""
        for category in limit.map({ Array(categories.prefix($0)) }) ?? categories {
            let basisPoints = category["shareBasisPoints"]?.intValue
            let share = basisPoints.map { "\(DisplayNumber.percent(basisPoints: $0)) %" } ?? "—"
            let hue = category["hue"]?.intValue ?? 210
            html += "<div class=\"row expense\" data-testid=\"expense-row\" data-account=\"\(HTML.escape(category["account"]?.stringValue ?? ""))\" data-share-bp=\"\(basisPoints.map(String.init) ?? "")\">"
            html += "<span class=\"name\">\(HTML.escape(category["name"]?.stringValue ?? "?"))</span>"
            html += "<span class=\"lead\">\(figure(category["amount"], "amount", currency: currency))</span>"
            html += "<div class=\"bar wide\" role=\"img\" aria-label=\"\(share) of the month\"><div class=\"fill\" data-testid=\"bar\" style=\"width:\(DisplayNumber.barWidth(basisPoints: basisPoints))%;background:hsl(\(hue) 55% 45%)\"></div></div>"
            html += "<span class=\"status wide\"><span class=\"share\" data-share=\"\(HTML.escape(category["share"]?.stringValue ?? ""))\">\(share)</span> of the month</span></div>\n"
        }
        if let limit, categories.count > limit {
            html += "<p class=\"small\"><a href=\"spending.html\">All \(categories.count) categories</a></p>\n"
        }
        return html
    }

    /// What the total holds of other currencies, counted as the Budgets page counts it, and what no
    /// price reaches (listed, never added). Nothing when the month was spent in the base currency only.
    func foreignNote(_ document: JSONValue) -> String {
        guard let foreign = document["foreign"] else { return "" }
        let currency = document["currency"]?.stringValue
        var html = "<p class=\"small muted\" data-testid=\"foreign-spending\">Includes \(figure(foreign["counted"], "foreign", currency: currency))"
        html += " spent in other currencies, counted at cost or at the price of the day, as budgets count it.</p>"
        let unconverted = foreign["unconverted"]?.arrayValue ?? []
        if !unconverted.isEmpty {
            html += "<p class=\"small\" data-testid=\"unconverted-spending\">Not counted (no \(HTML.escape(currency ?? "")) price): "
            html += unconverted.map { item in
                "\(figure(item["amount"], "amount", currency: item["commodity"]?.stringValue)) in \(HTML.escape(item["account"]?.stringValue ?? "?"))"
            }.joined(separator: ", ")
            html += "</p>"
        }
        return html
    }
}
