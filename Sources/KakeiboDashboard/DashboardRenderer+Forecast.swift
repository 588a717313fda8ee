import KakeiboDomain

// MARK: - Forecast: per category, spent so far and the rest of the period as a point in an 80 % range

extension DashboardRenderer {
    func forecast() -> String {
        guard let document = documents.forecast?.body else { return missing(ForecastWidget.kind) }
        var html = "<p class=\"muted small\" data-testid=\"forecast-note\">\(HTML.escape(document.note))</p>\n"
        let forecasts = document.forecasts
        guard !forecasts.isEmpty else { return html + "<div class=\"card\"><p class=\"empty\">No forecasts yet: they need a month of spending.</p></div>\n" }
        // One scale for every range bar on the page, from the largest `high`: display geometry only.
        let scale = forecasts.map { DisplayNumber.geometry($0.restOfPeriod.high) }.max() ?? 0
        func position(_ value: String) -> String {
            let value = min(max(DisplayNumber.geometry(value), 0), scale)
            return DisplayNumber.percent(basisPoints: Int64(DisplayNumber.scale(value, range: scale, pixels: 10_000)))
        }
        html += "<section class=\"card\"><h2>Rest of the period</h2>\n"
        for item in forecasts {
            let rest = item.restOfPeriod, next = item.nextPeriod
            html += "<div class=\"row forecast\" data-testid=\"forecast-row\" data-account=\"\(HTML.escape(item.account))\">"
            html += "<span class=\"name\">\(HTML.escape(item.name))</span>"
            html += "<span class=\"lead\">\(figure(rest.point, "rest-point", currency: item.currency))</span>"
            let low = position(rest.low), high = position(rest.high), point = position(rest.point)
            html += "<div class=\"range wide\" role=\"img\" aria-label=\"likely between \(HTML.escape(rest.low)) and \(HTML.escape(rest.high))\">"
            html += "<div class=\"span\" style=\"left:\(low)%;right:calc(100% - \(high)%)\"></div><div class=\"point\" style=\"left:\(point)%\"></div></div>"
            html += "<span class=\"status wide\">spent so far \(figure(item.spentSoFar, "spent-so-far")) · likely \(figure(rest.low, "rest-low")) to \(figure(rest.high, "rest-high")) more in \(HTML.escape(item.period))"
            html += " · next period \(figure(next.point, "next-point")) (\(figure(next.low, "next-low")) to \(figure(next.high, "next-high")))</span>"
            if !item.recurring.isEmpty {
                html += "<span class=\"status wide\">recurring: "
                html += item.recurring.map { payee in
                    let expected = payee.expected.joined(separator: ", ")
                    return "<span class=\"recurring\"><span class=\"payee\">\(HTML.escape(payee.payee))</span> \(figure(payee.amount, "amount")) every \(payee.intervalDays) days\(expected.isEmpty ? "" : ", next \(HTML.escape(expected))")</span>"
                }.joined(separator: ", ")
                html += "</span>"
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }
}
