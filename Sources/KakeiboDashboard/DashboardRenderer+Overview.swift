import KakeiboDomain

// MARK: - Overview: what a glance needs — net worth, the month's budget, income, top spending, the trend

extension DashboardRenderer {
    static let overviewTopCategories = 5
    /// Over-budget categories the overview lists before sending the rest to the budgets page.
    static let overviewOverBudget = 5

    func overview() -> String {
        var html = ""
        if let accounts = documents.accounts { html += netWorthCards(accounts) }
        if let budgets = documents.budgets?.body {
            let month = budgets.month
            html += "<section class=\"card\" data-testid=\"overview-budget\"><h2>Budget this month <span class=\"muted small\">\(HTML.escape(month.period))</span></h2>"
            let categories = month.categories
            if categories.isEmpty {
                let weekly = !budgets.week.categories.isEmpty
                html += budgetRows(month, period: "month", emptyText: weekly ? "No monthly budgets: the weekly ones are on the budgets page." : nil)
            } else {
                html += budgetRow(month.total, name: "Total", account: nil, depth: 0, period: "month")
                // Over-budget categories by the JSON's own sign of `available`: the rows to look at first.
                let over = categories.filter { DisplayNumber.isNegative($0.figures.available) }
                for category in over.prefix(Self.overviewOverBudget) {
                    html += budgetRow(category.figures, name: category.name, account: category.account, depth: 0, period: "month")
                }
                let more = over.count > Self.overviewOverBudget ? "\(over.count - Self.overviewOverBudget) more over budget. " : ""
                html += "<p class=\"small\"><a href=\"budgets.html\">\(over.isEmpty ? "Nothing over budget. " : more)All \(categories.count) categories</a></p>"
            }
            html += "</section>\n"
        }
        if let income = documents.income?.body {
            html += "<div class=\"grid\">"
            html += incomeCard(income.thisWeek, title: "Income this week", testID: "income-this-week", currency: income.currency)
            html += incomeCard(income.month, title: "Income this month", testID: "income-month", currency: income.currency)
            html += "</div>\n"
        }
        if let expenses = documents.expenses?.body {
            html += "<section class=\"card\"><h2>Top spending <span class=\"muted small\">\(figure(expenses.total, "total", currency: expenses.currency)) this month</span></h2>"
            html += expenseRows(expenses, limit: Self.overviewTopCategories)
            html += "</section>\n"
        }
        html += trendSection(kind: .cashFlow)
        return html
    }
}
