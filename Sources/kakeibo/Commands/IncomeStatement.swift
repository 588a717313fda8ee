import ArgumentParser
import KakeiboLedger

struct IncomeStatement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incomestatement", abstract: "Revenues and expenses over a period, with subtotals and net (as hledger is).",
        aliases: ["is"])
    @OptionGroup var statement: StatementOptions

    func run() throws { try statement.print(.incomeStatement, historical: false) }
}
