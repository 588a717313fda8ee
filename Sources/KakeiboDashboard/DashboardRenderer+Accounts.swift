import KakeiboDomain

// MARK: - Accounts: balances by type, net worth per currency (never summed across currencies)

extension DashboardRenderer {
    func accounts() -> String {
        guard let document = documents.accounts else { return missing(AccountsWidget.kind) }
        var html = netWorthCards(document)
        for (type, title) in [(type: "asset", title: "Assets"), (type: "liability", title: "Liabilities")] {
            let rows = document.body.accounts.filter { $0.type == type }
            html += "<section class=\"card\"><h2>\(title)</h2>"
            if rows.isEmpty { html += "<p class=\"empty\">None with a balance.</p>" }
            for account in rows {
                html += "<div class=\"row\" data-testid=\"account-row\" data-account=\"\(HTML.escape(account.account))\" data-currency=\"\(HTML.escape(account.currency))\">"
                html += "<span class=\"name\">\(HTML.escape(account.account))</span>"
                html += "<span class=\"lead\">\(figure(account.amount, "amount", currency: account.currency))</span></div>\n"
            }
            html += "</section>\n"
        }
        html += trendSection(kind: .netWorth)
        return html
    }

    /// One card per currency: net worth, split into assets and liabilities.
    func netWorthCards(_ document: WidgetFile<AccountsWidget>) -> String {
        let netWorth = document.body.netWorth
        guard !netWorth.isEmpty else { return "<section class=\"card\"><h2>Net worth</h2><p class=\"empty\">No balances yet.</p></section>\n" }
        var html = "<div class=\"grid\">"
        for entry in netWorth {
            let currency = entry.currency
            html += "<section class=\"card\" data-testid=\"net-worth\" data-currency=\"\(HTML.escape(currency))\"><h2>Net worth in \(HTML.escape(currency))</h2>"
            html += "<p><span class=\"big\">\(figure(entry.amount, "amount", currency: currency))</span></p>"
            html += "<p class=\"small muted\">assets \(figure(entry.assets, "assets")) · liabilities \(figure(entry.liabilities, "liabilities"))</p></section>"
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
    func valuedNetWorth(_ document: WidgetFile<AccountsWidget>) -> String {
        guard let valued = document.body.netWorthValued else { return "" }
        let commodity = valued.commodity
        var html = "<section class=\"card\" data-testid=\"net-worth-valued\"><h2>All together, valued in \(HTML.escape(commodity))</h2>"
        html += "<p><span class=\"big\">\(figure(valued.amount, "amount", currency: commodity))</span></p>"
        html += "<p class=\"small muted\">An estimate at the prices on or before \(HTML.escape(document.header.asOf))"
        if !valued.unconverted.isEmpty {
            html += "; not included (no price): " + valued.unconverted.map { figure($0.amount, "amount", currency: $0.currency) }
                .joined(separator: ", ")
        }
        html += ".</p></section>\n"
        return html
    }
}
