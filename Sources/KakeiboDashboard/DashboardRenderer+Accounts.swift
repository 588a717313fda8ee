import KakeiboDomain

// MARK: - Accounts: balances by type, net worth per currency (never summed across currencies)

extension DashboardRenderer {
    func accounts() -> String {
        guard let document = documents["accounts"] else { return missing("accounts") }
        var html = netWorthCards(document)
        let accounts = document["accounts"]?.arrayValue ?? []
        for (type, title) in [("asset", "Assets"), ("liability", "Liabilities")] {
            let rows = accounts.filter { $0["type"]?.stringValue == type }
            html += "<section class=\"card\"><h2>\(title)</h2>"
            if rows.isEmpty { html += "<p class=\"empty\">None with a balance.</p>" }
            for account in rows {
                html += "<div class=\"row\" data-testid=\"account-row\" data-account=\"\(HTML.escape(account["account"]?.stringValue ?? ""))\" data-currency=\"\(HTML.escape(account["currency"]?.stringValue ?? ""))\">"
                html += "<span class=\"name\">\(HTML.escape(account["account"]?.stringValue ?? "?"))</span>"
                html += "<span class=\"lead\">\(figure(account["amount"], "amount", currency: account["currency"]?.stringValue))</span></div>\n"
            }
            html += "</section>\n"
        }
        html += trendSection(kind: .netWorth)
        return html
    }

    /// One card per currency: net worth, split into assets and liabilities.
    func netWorthCards(_ document: JSONValue) -> String {
        let netWorth = document["netWorth"]?.arrayValue ?? []
        guard !netWorth.isEmpty else { return "<section class=\"card\"><h2>Net worth</h2><p class=\"empty\">No balances yet.</p></section>\n" }
        var html = "<div class=\"grid\">"
        for entry in netWorth {
            let currency = entry["currency"]?.stringValue
            html += "<section class=\"card\" data-testid=\"net-worth\" data-currency=\"\(HTML.escape(currency ?? ""))\"><h2>Net worth in \(HTML.escape(currency ?? "?"))</h2>"
            html += "<p><span class=\"big\">\(figure(entry["amount"], "amount", currency: currency))</span></p>"
            html += "<p class=\"small muted\">assets \(figure(entry["assets"], "assets")) · liabilities \(figure(entry["liabilities"], "liabilities"))</p></section>"
        }
        html += "</div>\n"
        if netWorth.count > 1 {
            html += "<p class=\"small muted\">One figure per currency: amounts in different currencies are not added together.</p>\n"
        }
        html += valuedNetWorth(document)
        return html
    }

    /// `netWorthValued` (N21): every balance valued in the base currency at the prices of the as-of
    /// date, as one estimate beside the per-currency cards, with what no price reaches named. Nothing
    /// when the export has none (a one-currency ledger).
    func valuedNetWorth(_ document: JSONValue) -> String {
        guard let valued = document["netWorthValued"] else { return "" }
        let commodity = valued["commodity"]?.stringValue
        var html = "<section class=\"card\" data-testid=\"net-worth-valued\"><h2>All together, valued in \(HTML.escape(commodity ?? "?"))</h2>"
        html += "<p><span class=\"big\">\(figure(valued["amount"], "amount", currency: commodity))</span></p>"
        html += "<p class=\"small muted\">An estimate at the prices on or before \(HTML.escape(document["asOf"]?.stringValue ?? "?"))"
        let unconverted = valued["unconverted"]?.arrayValue ?? []
        if !unconverted.isEmpty {
            html += "; not included (no price): " + unconverted.map { figure($0["amount"], "amount", currency: $0["currency"]?.stringValue) }
                .joined(separator: ", ")
        }
        html += ".</p></section>\n"
        return html
    }
}
