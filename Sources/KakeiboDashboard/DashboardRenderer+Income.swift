import KakeiboDomain

// MARK: - Income: this week and this month against the goal, week by week

extension DashboardRenderer {
    func income() -> String {
        guard let document = documents.income?.body else { return missing(IncomeWidget.kind) }
        var html = "<div class=\"grid\">"
        html += incomeCard(document.thisWeek, title: "This week", testID: "income-this-week", currency: document.currency)
        html += incomeCard(document.month, title: "This month", testID: "income-month", currency: document.currency)
        html += "</div>\n"
        if let goal = document.goal, let current = goal.current {
            html += "<section class=\"card\" data-testid=\"income-goal\"><h2>Goal (\(HTML.escape(goal.length)))</h2><p>"
            html += "Earned \(figure(current.earned, "earned", currency: current.currency)) of \(figure(current.goal, "goal"))"
            html += " · projected \(figure(current.projected, "projected")) · "
            html += current.met ? "<strong class=\"met\">met</strong>" : "<span class=\"met\">not met yet</span>"
            html += " · streak <span class=\"streak num\">\(goal.streak)</span></p></section>\n"
        }
        let weeks = document.month.weeks ?? []
        if !weeks.isEmpty {
            let labels = weeks.map { String($0.period.suffix(3)) }
            let earned = weeks.map(\.earned)
            let chart = SVGChart(title: "Income per week this month", description: "Bars: what was earned in each ISO week of the month, in \(document.currency)",
                                 labels: labels, bars: [.init(name: "earned", style: "inc", values: earned)], line: nil)
            html += "<section class=\"card\"><h2>Week by week</h2>\(chart.render(id: "income-weeks"))"
            html += "<details open><summary>Table</summary><div class=\"table-wrap\"><table><thead><tr><th>week</th><th class=\"num\">earned</th><th>from</th><th>to</th></tr></thead><tbody>"
            for week in weeks {
                html += "<tr data-testid=\"income-week\" data-period=\"\(HTML.escape(week.period))\"><td>\(HTML.escape(week.period))</td>"
                html += "<td class=\"num\">\(figure(week.earned, "earned"))</td>"
                html += "<td>\(HTML.escape(week.start))</td><td>\(HTML.escape(week.end))</td></tr>"
            }
            html += "</tbody></table></div></details></section>\n"
        }
        return html
    }

    /// Earned against the goal with a bar of the goal ratio, or just what was earned without a goal.
    func incomeCard(_ period: IncomeWidget.Progress, title: String, testID: String, currency: String) -> String {
        let basisPoints = period.ratioBasisPoints
        var html = "<section class=\"card\" data-testid=\"\(testID)\"><h2>\(title) <span class=\"muted small\">\(HTML.escape(period.period))</span></h2>"
        html += "<p><span class=\"big\">\(figure(period.earned, "earned", currency: currency))</span></p>"
        if period.goal != nil {
            let text = basisPoints.map { "\(DisplayNumber.percent(basisPoints: $0)) % of the goal" } ?? ""
            html += "<div class=\"row band-0\" style=\"border:0;padding:4px 0\"><div class=\"bar wide\" role=\"img\" aria-label=\"\(text)\"><div class=\"fill\" data-testid=\"bar\" data-ratio-bp=\"\(basisPoints.map(String.init) ?? "")\" style=\"width:\(DisplayNumber.barWidth(basisPoints: basisPoints))%\"></div></div>"
            html += "<span class=\"status wide\">\(text) · goal \(figure(period.goal, "goal"))</span></div>"
        } else {
            html += "<p class=\"muted small\">No goal for this period.</p>"
        }
        return html + "</section>"
    }
}
