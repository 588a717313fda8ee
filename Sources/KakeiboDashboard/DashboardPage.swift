/// The pages the dashboard writes, in navigation order. The file names are the contract with
/// `widgets export --html` and the browser tests; the server serves the same names.
public enum DashboardPage: String, CaseIterable, Sendable {
    case overview = "index"
    case budgets, spending, income, accounts, forecast, transfers

    public var fileName: String { rawValue + ".html" }

    /// The navigation label and the page's heading.
    var title: String {
        switch self {
        case .overview: "Overview"
        case .budgets: "Budgets"
        case .spending: "Spending"
        case .income: "Income"
        case .accounts: "Accounts"
        case .forecast: "Forecast"
        case .transfers: "Transfers"
        }
    }

    /// The widget document whose `asOf`, `logPosition` and hash the page's header shows.
    var mainKind: String {
        switch self {
        case .overview: "index"
        case .budgets: "budgets"
        case .spending: "expenses"
        case .income: "income"
        case .accounts: "accounts"
        case .forecast: "forecast"
        case .transfers: "transfers"
        }
    }
}
