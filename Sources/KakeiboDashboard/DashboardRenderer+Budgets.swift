import KakeiboDomain

// MARK: - Budgets: a row per category with a band-coloured bar that always carries text

extension DashboardRenderer {
    func budgets() -> String {
        guard let document = documents.budgets?.body else { return missing(BudgetsWidget.kind) }
        var html = "<nav class=\"tabs\" aria-label=\"Budget period\"><a href=\"#month\">This month</a><a href=\"#week\">This week</a></nav>\n"
        let periods = [(key: "month", label: "This month", period: document.month), (key: "week", label: "This week", period: document.week)]
        let none = periods.allSatisfy { $0.period.categories.isEmpty }
        for (key, label, period) in periods {
            html += "<section class=\"card\" id=\"\(key)\" data-testid=\"budget-period\" data-period=\"\(key)\">"
            html += "<h2>\(label) <span class=\"muted small\">\(HTML.escape(period.period))</span></h2>\n"
            html += budgetRows(period, period: key, emptyText: none ? nil : "No \(key == "week" ? "weekly" : "monthly") budgets.")
            html += "</section>\n"
        }
        return html
    }

    /// The period's categories and its total; when it has none, `emptyText`, or "no budgets yet" for a ledger without any.
    func budgetRows(_ period: BudgetsWidget.Period, period key: String, emptyText: String? = nil) -> String {
        guard !period.categories.isEmpty else {
            if let emptyText { return "<p class=\"empty\">\(HTML.escape(emptyText))</p>\n" }
            let how = howToSetABudget.map { " Set one with <code>\(HTML.escape($0))</code>." } ?? ""
            return "<p class=\"empty\" data-testid=\"no-budgets\">There are no budgets yet.\(how)</p>\n"
        }
        var html = budgetRow(period.total, name: "Total", account: nil, depth: 0, period: key)
        for category in period.categories {
            html += budgetRow(category.figures, name: category.name, account: category.account, depth: category.depth, period: key)
        }
        return html
    }

    /// One budget line. On a phone it is the name, what is available and the bar with its text;
    /// budgeted, carried in and spent join them from 640 px.
    func budgetRow(_ line: BudgetsWidget.Figures, name: String, account: String?, depth: Int, period: String) -> String {
        let band = line.band
        let basisPoints = line.spendRatioBasisPoints
        let over = DisplayNumber.isNegative(line.available)
        let testID = account == nil ? "budget-total" : "budget-row"
        var html = "<div class=\"row budget band-\(band)\(over ? " over" : "")\(account == nil ? " total" : "")\" data-testid=\"\(testID)\""
        if let account { html += " data-account=\"\(HTML.escape(account))\"" }
        html += " data-band=\"\(band)\" data-period=\"\(period)\" data-ratio-bp=\"\(basisPoints.map(String.init) ?? "")\">"
        html += "<span class=\"name depth-\(min(depth, 4))\">\(HTML.escape(name))</span>"
        html += "<span class=\"lead\">\(figure(line.available, "available", currency: line.currency))</span>"
        html += "<span class=\"figures wide\"><span>budgeted \(figure(line.budgeted, "budgeted"))</span>"
        html += "<span>carried in \(figure(line.carriedIn, "carried"))</span><span>spent \(figure(line.spent, "spent"))</span></span>"
        let width = DisplayNumber.barWidth(basisPoints: basisPoints)
        let used = basisPoints.map { "\(DisplayNumber.percent(basisPoints: $0)) % used" } ?? "nothing to spend"
        html += "<div class=\"bar wide\" role=\"img\" aria-label=\"\(HTML.escape(used))\"><div class=\"fill\" data-testid=\"bar\" style=\"width:\(width)%\"></div></div>"
        var status = "<span class=\"status wide\">"
        if over {
            status += "<span class=\"over-by\">over by \(HTML.escape(DisplayNumber.magnitude(line.available)))</span> · \(HTML.escape(used))"
        } else {
            status += "\(HTML.escape(used)) · \(Self.bandName(band))"
        }
        html += status + "</span></div>\n"
        return html
    }

    /// Words for the bands, so the bar's colour is never the only signal.
    static func bandName(_ band: Int) -> String {
        switch band {
        case ...1: "on track"
        case 2: "getting close"
        case 3: "nearly spent"
        default: "over budget"
        }
    }
}
