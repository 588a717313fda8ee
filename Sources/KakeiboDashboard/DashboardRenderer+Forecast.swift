import KakeiboDomain

// MARK: - Forecast: per category, spent so far and the rest of the period as a point in an 80 % range

extension DashboardRenderer {
    func forecast() -> String {
        guard let document = documents["forecast"] else { return missing("forecast") }
        var html = ""
        if let note = document["note"]?.stringValue {
            html += "<p class=\"muted small\" data-testid=\"forecast-note\">\(HTML.escape(note))</p>\n"
        }
        let forecasts = document["forecasts"]?.arrayValue ?? []
        guard !forecasts.isEmpty else { return html + "<div class=\"card\"><p class=\"empty\">No forecasts yet: they need a month of spending.</p></div>\n" }
        // One scale for every range bar on the page, from the largest `high`: display geometry only.
        let scale = forecasts.map { DisplayNumber.geometry($0["restOfPeriod"]?["high"]?.stringValue ?? "0") }.max() ?? 0
        func position(_ value: String?) -> String {
            let value = min(max(DisplayNumber.geometry(value ?? "0"), 0), scale)
            return DisplayNumber.percent(basisPoints: Int64(DisplayNumber.scale(value, range: scale, pixels: 10_000)))
        }
        html += "<section class=\"card\"><h2>Rest of the period</h2>\n"
        for item in forecasts {
            let currency = item["currency"]?.stringValue
            let rest = item["restOfPeriod"], next = item["nextPeriod"]
            html += "<div class=\"row forecast\" data-testid=\"forecast-row\" data-account=\"\(HTML.escape(item["account"]?.stringValue ?? ""))\">"
            html += "<span class=\"name\">\(HTML.escape(item["name"]?.stringValue ?? "?"))</span>"
            html += "<span class=\"lead\">\(figure(rest?["point"], "rest-point", currency: currency))</span>"
            let low = position(rest?["low"]?.stringValue), high = position(rest?["high"]?.stringValue), point = position(rest?["point"]?.stringValue)
            html += "<div class=\"range wide\" role=\"img\" aria-label=\"likely between \(HTML.escape(rest?["low"]?.stringValue ?? "?")) and \(HTML.escape(rest?["high"]?.stringValue ?? "?"))\">"
            html += "<div class=\"span\" style=\"left:\(low)%;right:calc(100% - \(high)%)\"></div><div class=\"point\" style=\"left:\(point)%\"></div></div>"
            html += "<span class=\"status wide\">spent so far \(figure(item["spentSoFar"], "spent-so-far")) · likely \(figure(rest?["low"], "rest-low")) to \(figure(rest?["high"], "rest-high")) more in \(HTML.escape(item["period"]?.stringValue ?? ""))"
            html += " · next period \(figure(next?["point"], "next-point")) (\(figure(next?["low"], "next-low")) to \(figure(next?["high"], "next-high")))</span>"
            let recurring = item["recurring"]?.arrayValue ?? []
            if !recurring.isEmpty {
                html += "<span class=\"status wide\">recurring: "
                html += recurring.map { payee in
                    let expected = (payee["expected"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
                    return "<span class=\"recurring\"><span class=\"payee\">\(HTML.escape(payee["payee"]?.stringValue ?? "?"))</span> \(figure(payee["amount"], "amount")) every \(payee["intervalDays"]?.intValue.map(String.init) ?? "?") days\(expected.isEmpty ? "" : ", next \(HTML.escape(expected))")</span>"
                }.joined(separator: ", ")
                html += "</span>"
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }
}
