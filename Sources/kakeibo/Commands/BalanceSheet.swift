import ArgumentParser

struct BalanceSheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balancesheet",
        abstract: "Assets, liabilities and equity at the end of the period (or of each column), with net worth (as hledger bs).",
        aliases: ["bs"])
    @OptionGroup var statement: StatementOptions
    @OptionGroup var valuation: ValuationOptions
    @Flag(name: .customLong("date2"), help: "Date transactions by their secondary date where they have one (a journal's DATE=DATE2), as hledger --date2 does.")
    var date2 = false

    func run() throws { try statement.print(.balanceSheet, historical: true, valuation: valuation, date2: date2) }
}
