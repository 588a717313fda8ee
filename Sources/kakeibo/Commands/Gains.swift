import ArgumentParser

/// `kakeibo gains -p 2026`: realised gains per lot a sale took (issue 36).
struct Gains: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Realised gains and losses per lot sold: acquisition and disposal dates, holding period, basis, proceeds.")
    @OptionGroup var common: CommonOptions
    @OptionGroup var period: ReportOptions

    func run() throws {
        let ledger = try global.openLedger()
        let report = try ledger.gains(try period.query(words: [], today: try ledger.today()))
        print(report.text(output.format))
    }
}
