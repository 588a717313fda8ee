import ArgumentParser
import KakeiboLedger

struct BalanceSheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balancesheet",
        abstract: "Assets, liabilities and equity at the end of the period (or of each column), with net worth (as hledger bs).",
        aliases: ["bs"])
    @OptionGroup var statement: StatementOptions

    func run() throws { try statement.print(.balanceSheet, historical: true) }
}
