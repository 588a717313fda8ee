import KakeiboLedger
import KakeiboProjections
import KakeiboReports

extension Printer {
    /// Balances in period columns (`balance --monthly`), rendered by KakeiboReports.
    static func periods(_ report: PeriodBalanceReport, format: OutputFormat) { print(report.text(format)) }

    /// An income statement or balance sheet, rendered by KakeiboReports.
    static func statement(_ statement: FinancialStatement, format: OutputFormat) { print(statement.text(format)) }

    /// Balances valued in one commodity (`balance --value`), rendered by KakeiboReports.
    static func valuation(_ valuation: Valuation, format: OutputFormat) { print(valuation.text(format)) }
}
