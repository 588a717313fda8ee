import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal", abstract: "Set an income goal per week or month and follow its progress.",
        subcommands: [Set.self, Report.self])

    struct Set: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Set the income goal, from the period containing --from on.")
        @OptionGroup var common: CommonOptions
        // Collects unrecognised words too, so `-5` reaches the ledger's own message rather than an option error.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The amount to earn per period, e.g. 1500.", valueName: "amount"))
        var amountWords: [String] = []
        @Option(help: "weekly or monthly.") var period: PeriodLength = .monthly
        @Option(help: "Currency of the goal (default: the ledger's).", transform: Currency.argument) var currency: Currency?
        @Option(help: ArgumentHelp("Effective from (default: today).", valueName: "YYYY-MM-DD"), transform: LocalDate.init(iso:))
        var from: LocalDate?

        var amount: String { amountWords.first ?? "" }

        func validate() throws {
            guard amountWords.count == 1 else {
                throw ValidationError(amountWords.isEmpty ? "missing the amount, e.g. 1500" : "expected one amount, got: \(amountWords.joined(separator: " "))")
            }
        }

        func run() throws {
            let input = LedgerCommand.GoalInput(amount: amount, length: period, currency: currency, from: from)
            let ledger = try global.openLedger()
            let result = try ledger.record(.setIncomeGoal(input))
            let code = try (currency ?? ledger.settings().baseCurrency).code
            Printer.recorded(result, format: output.format, note: "income goal \(amount) \(code) \(period.rawValue)")
        }
    }

    struct Report: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Earned vs goal per period, the pace for the current one and the streak of periods met.")
        @OptionGroup var common: CommonOptions
        @Option(name: .customLong("as-of"), help: ArgumentHelp("Report as of this date (default: today).", valueName: "YYYY-MM-DD"),
                transform: LocalDate.init(iso:))
        var asOf: LocalDate?
        @Option(help: "How many periods to show in the table and csv (the streak counts them all).") var last: Int = 8
        @Option(name: .customLong("at-position"), help: ArgumentHelp("The ledger as it was when the log ended at this position.", valueName: "N"))
        var atPosition: Int64?

        func validate() throws {
            if last < 1 { throw ValidationError("--last must be 1 or more") }
            if let atPosition, atPosition < 0 { throw ValidationError("--at-position must be 0 or more") }
        }

        func run() throws {
            let report = try global.openLedger().goalReport(asOf: asOf, atPosition: atPosition)
            guard output.format != .table || report.length != nil else {
                return print("no income goal yet; set one with `kakeibo goal set 1500 --period weekly`")
            }
            print(report.text(output.format, last: last))
        }
    }
}
