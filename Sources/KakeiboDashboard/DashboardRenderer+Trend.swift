import KakeiboDomain

// MARK: - Trend: twelve months per currency, as a chart and as the table it pictures

extension DashboardRenderer {
    enum TrendChart {
        /// Income and expense bars with the net-worth line (the overview).
        case cashFlow
        /// The net-worth line alone (the accounts page).
        case netWorth
    }

    func trendSection(kind: TrendChart) -> String {
        guard let document = documents.trend?.body else { return "" }
        var html = ""
        for series in document.series {
            let currency = series.currency
            let months = series.months
            let labels = months.map { DisplayNumber.monthLabel($0.period) }
            func values(_ figure: KeyPath<TrendWidget.Month, String>) -> [String] { months.map { $0[keyPath: figure] } }
            let first = months.first?.period ?? "", last = months.last?.period ?? ""
            let id = "trend-\(kind == .cashFlow ? "flow" : "worth")-\(currency.lowercased())"
            let chart: SVGChart
            switch kind {
            case .cashFlow:
                chart = SVGChart(title: "Income, expenses and net worth in \(currency), \(first) to \(last)",
                                 description: "Bars: income and expenses per month. Line: net worth at each month's end.",
                                 labels: labels, bars: [.init(name: "income", style: "inc", values: values(\.income)),
                                                        .init(name: "expenses", style: "exp", values: values(\.expenses))],
                                 line: .init(name: "net worth", style: "nw", values: values(\.netWorth)))
            case .netWorth:
                chart = SVGChart(title: "Net worth in \(currency), \(first) to \(last)", description: "Net worth at each month's end.",
                                 labels: labels, bars: [], line: .init(name: "net worth", style: "nw", values: values(\.netWorth)))
            }
            html += "<section class=\"card\" data-testid=\"trend\" data-currency=\"\(HTML.escape(currency))\">"
            html += "<h2>\(kind == .cashFlow ? "Twelve months" : "Net worth over twelve months") <span class=\"muted small\">\(HTML.escape(currency))</span></h2>"
            html += chart.render(id: id)
            html += "<details><summary>Table</summary><div class=\"table-wrap\"><table><thead><tr><th>month</th><th class=\"num\">income</th>"
            html += "<th class=\"num\">expenses</th><th class=\"num\">net</th><th class=\"num\">net worth</th></tr></thead><tbody>"
            for month in months {
                html += "<tr data-testid=\"trend-month\" data-currency=\"\(HTML.escape(currency))\" data-period=\"\(HTML.escape(month.period))\">"
                html += "<td>\(HTML.escape(month.period))</td><td class=\"num\">\(figure(month.income, "income"))</td>"
                html += "<td class=\"num\">\(figure(month.expenses, "expenses"))</td><td class=\"num\">\(figure(month.net, "net"))</td>"
                html += "<td class=\"num\">\(figure(month.netWorth, "net-worth"))</td></tr>"
            }
            html += "</tbody></table></div></details></section>\n"
        }
        return html
    }
}
