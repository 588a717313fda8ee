import KakeiboDomain

// MARK: - Income: this week and this month against the goal, week by week

extension DashboardRenderer {
    func income() -> String {
        guard let document = documents["income"] else { return missing("income") }
        var html = "<div class=\"grid\">"
        html += incomeCard(document["thisWeek"], title: "This week", testID: "income-this-week", currency: document["currency"]?.stringValue)
        html += incomeCard(document["month"], title: "This month", testID: "income-month", currency: document["currency"]?.stringValue)
        html += "</div>\n"
        if let goal = document["goal"], goal != .null, let current = goal["current"], current != .null {
            html += "<section class=\"card\" data-testid=\"income-goal\"><h2>Goal (\(HTML.escape(goal["length"]?.stringValue ?? "")))</h2><p>"
            html += "Earned \(figure(current["earned"], "earned", currency: current["currency"]?.stringValue)) of \(figure(current["goal"], "goal"))"
            html += " · projected \(figure(current["projected"], "projected")) · "
            html += current["met"]?.boolValue == true ? "<strong class=\"met\">met</strong>" : "<span class=\"met\">not met yet</span>"
            html += " · streak <span class=\"streak num\">\(goal["streak"]?.intValue.map(String.init) ?? "0")</span></p></section>\n"
        }
        let weeks = document["month"]?["weeks"]?.arrayValue ?? []
        if !weeks.isEmpty {
            let labels = weeks.map { $0["period"]?.stringValue.map { String($0.suffix(3)) } ?? "" }
            let earned = weeks.map { $0["earned"]?.stringValue ?? "0" }
            let chart = SVGChart(title: "Income per week this month", description: "Bars: what was earned in each ISO week of the month, in \(document["currency"]?.stringValue ?? "")",
                                 labels: labels, bars: [.init(name: "earned", style: "inc", values: earned)], line: nil)
            html += "<section class=\"card\"><h2>Week by week</h2>\(chart.render(id: "income-weeks"))"
            html += "<details open><summary>Table</summary><div class=\"table-wrap\"><table><thead><tr><th>week</th><th class=\"num\">earned</th><th>from</th><th>to</th></tr></thead><tbody>"
            for week in weeks {
                html += "<tr data-testid=\"income-week\" data-period=\"\(HTML.escape(week["period"]?.stringValue ?? ""))\"><td>\(HTML.escape(week["period"]?.stringValue ?? ""))</td>"
                html += "<td class=\"num\">\(figure(week["earned"], "earned"))</td>"
                html += "<td>\(HTML.escape(week["start"]?.stringValue ?? ""))</td><td>\(HTML.escape(week["end"]?.stringValue ?? ""))</td></tr>"
            }
            html += "</tbody></table></div></details></section>\n"
        }
        return html
    }

    /// Earned against the goal with a bar of the goal ratio, or just what was earned without a goal.
    func incomeCard(_ period: JSONValue?, title: String, testID: String, currency: String?) -> String {
        guard let period else { return "" }
        let basisPoints = period["ratioBasisPoints"]?.intValue
        var html = "<section class=\"card\" data-testid=\"\(testID)\"><h2>\(title) <span class=\"muted small\">\(HTML.escape(period["period"]?.stringValue ?? ""))</span></h2>"
        html += "<p><span class=\"big\">\(figure(period["earned"], "earned", currency: currency))</span></p>"
        if period["goal"]?.stringValue != nil {
            let text = basisPoints.map { "\(DisplayNumber.percent(basisPoints: $0)) % of the goal" } ?? ""
            html += "<div class=\"row band-0\" style=\"border:0;padding:4px 0\"><div class=\"bar wide\" role=\"img\" aria-label=\"\(text)\"><div class=\"fill\" data-testid=\"bar\" data-ratio-bp=\"\(basisPoints.map(String.init) ?? "")\" style=\"width:\(DisplayNumber.barWidth(basisPoints: basisPoints))%\"></div></div>"
            html += "<span class=\"status wide\">\(text) · goal \(figure(period["goal"], "goal"))</span></div>"
        } else {
            html += "<p class=\"muted small\">No goal for this period.</p>"
        }
        return html + "</section>"
    }
}
