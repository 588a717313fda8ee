import ArgumentParser

struct IncomeStatement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incomestatement", abstract: "Revenues and expenses over a period, with subtotals and net (as hledger is).",
        aliases: ["is"])
    @OptionGroup var statement: StatementOptions
    @OptionGroup var valuation: ValuationOptions
    @Flag(name: .customLong("date2"), help: "Date transactions by their secondary date where they have one (a journal's DATE=DATE2), as hledger --date2 does.")
    var date2 = false

    func run() throws { try statement.print(.incomeStatement, historical: false, valuation: valuation, date2: date2) }
}
