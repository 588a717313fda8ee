import ArgumentParser
import KakeiboDomain
import KakeiboReports

/// `kakeibo holdings [--value USD] [--as-of DATE]`: what the lots hold (issue 36).
struct Holdings: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Per account and commodity: units held in lots, cost basis, market value and unrealised gain.")
    @OptionGroup var common: CommonOptions
    @Option(help: ArgumentHelp("Value holdings in this commodity from P prices (default: each lot's cost commodity).",
                               valueName: "commodity"))
    var value: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Holdings and prices on this date (default: today).", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var asOf: LocalDate?

    func run() throws {
        let ledger = try global.openLedger()
        let report = try ledger.holdings(valuedIn: try value.map { try ledger.commodityArgument($0) }, asOf: asOf)
        print(report.text(output.format))
    }
}
