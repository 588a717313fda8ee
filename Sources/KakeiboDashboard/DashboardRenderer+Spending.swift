import KakeiboDomain

// MARK: - Spending: this month's categories by share, largest first

extension DashboardRenderer {
    func spending() -> String {
        guard let document = documents.expenses?.body else { return missing(ExpensesWidget.kind) }
        var html = "<section class=\"card\" data-testid=\"expense-total\"><h2>This month <span class=\"muted small\">\(HTML.escape(document.month.period))</span></h2>"
        html += "<p>Spent <span class=\"big\">\(figure(document.total, "total", currency: document.currency))</span></p>"
        html += foreignNote(document) + "</section>\n"
        html += "<section class=\"card\"><h2>By category</h2>\n"
        html += expenseRows(document, limit: nil)
        html += "</section>\n"
        return html
    }

    /// Category rows with a bar as wide as the category's share of the month.
    func expenseRows(_ document: ExpensesWidget, limit: Int?) -> String {
        let categories = document.categories
        guard !categories.isEmpty else { return "<p class=\"empty\">No spending this month yet.</p>\n" }
        var html = ""
        for category in limit.map({ Array(categories.prefix($0)) }) ?? categories {
            let basisPoints = category.shareBasisPoints
            let share = basisPoints.map { "\(DisplayNumber.percent(basisPoints: $0)) %" } ?? "—"
            html += "<div class=\"row expense\" data-testid=\"expense-row\" data-account=\"\(HTML.escape(category.account))\" data-share-bp=\"\(basisPoints.map(String.init) ?? "")\">"
            html += "<span class=\"name\">\(HTML.escape(category.name))</span>"
            html += "<span class=\"lead\">\(figure(category.amount, "amount", currency: document.currency))</span>"
            html += "<div class=\"bar wide\" role=\"img\" aria-label=\"\(share) of the month\"><div class=\"fill\" data-testid=\"bar\" style=\"width:\(DisplayNumber.barWidth(basisPoints: basisPoints))%;background:hsl(\(category.hue) 55% 45%)\"></div></div>"
            html += "<span class=\"status wide\"><span class=\"share\" data-share=\"\(HTML.escape(category.share ?? ""))\">\(share)</span> of the month</span></div>\n"
        }
        if let limit, categories.count > limit {
            html += "<p class=\"small\"><a href=\"spending.html\">All \(categories.count) categories</a></p>\n"
        }
        return html
    }

    /// What the total holds of other currencies, counted as the Budgets page counts it, and what no
    /// price reaches (listed, never added). Nothing when the month was spent in the base currency only.
    func foreignNote(_ document: ExpensesWidget) -> String {
        guard let foreign = document.foreign else { return "" }
        var html = "<p class=\"small muted\" data-testid=\"foreign-spending\">Includes \(figure(foreign.counted, "foreign", currency: document.currency))"
        html += " spent in other currencies, counted at cost or at the price of the day, as budgets count it.</p>"
        if !foreign.unconverted.isEmpty {
            html += "<p class=\"small\" data-testid=\"unconverted-spending\">Not counted (no \(HTML.escape(document.currency)) price): "
            html += foreign.unconverted.map { item in
                "\(figure(item.amount, "amount", currency: item.commodity)) in \(HTML.escape(item.account))"
            }.joined(separator: ", ")
            html += "</p>"
        }
        return html
    }
}
