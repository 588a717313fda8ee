import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

struct BudgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget", abstract: "Set, clear and report budgets per expense category.",
        subcommands: [Set.self, Clear.self, Report.self])

    struct Set: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Budget a category per week or month, from the period containing --from on.")
        @OptionGroup var common: CommonOptions
        @Argument(help: "An expense category: groceries or expenses:food:groceries.") var category: String
        // Collects unrecognised words too, so `-10` reaches the ledger's own message rather than an option error.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The amount per period, e.g. 400 or 45.50.", valueName: "amount"))
        var amountWords: [String] = []
        @Option(help: "weekly or monthly.") var period: PeriodLength = .monthly
        @Option(help: "none, positive (carry what is left) or both (carry overspending too).") var rollover: Rollover = .none
        @Option(help: ArgumentHelp("Effective from (default: today).", valueName: "YYYY-MM-DD"), transform: LocalDate.init(iso:))
        var from: LocalDate?

        var amount: String { amountWords.first ?? "" }

        func validate() throws {
            guard amountWords.count == 1 else {
                throw ValidationError(amountWords.isEmpty ? "missing the amount, e.g. 400" : "expected one amount, got: \(amountWords.joined(separator: " "))")
            }
        }

        func run() throws {
            let input = LedgerCommand.BudgetInput(category: category, amount: amount, length: period, rollover: rollover, from: from)
            let result = try global.openLedger().record(.setBudget(input))
            Printer.recorded(result, format: output.format, note: "budgeted \(category) \(amount) \(period.rawValue)")
        }
    }

    struct Clear: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Stop a category's budget from the period containing --from on.")
        @OptionGroup var common: CommonOptions
        @Argument var category: String
        @Option(help: ArgumentHelp("Effective from (default: today).", valueName: "YYYY-MM-DD"), transform: LocalDate.init(iso:))
        var from: LocalDate?

        func run() throws {
            let result = try global.openLedger().record(.clearBudget(category: category, from: from))
            Printer.recorded(result, format: output.format, note: "cleared the budget of \(category)")
        }
    }

    struct Report: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Budgeted, carried in, spent, available, spend ratio and band (0–4) per category for one period.")
        @OptionGroup var common: CommonOptions
        @Option(help: ArgumentHelp("A month (2026-11), an ISO week (2026-W47), or monthly/weekly for the current one (default: this month).",
                                   valueName: "period"))
        var period: String?
        @Option(name: .customLong("at-position"), help: ArgumentHelp("The ledger as it was when the log ended at this position.", valueName: "N"))
        var atPosition: Int64?
        @Option(name: .customLong("as-of"), help: ArgumentHelp("Only spending dated on or before this date; the period defaults to its month.",
                                                               valueName: "YYYY-MM-DD"), transform: LocalDate.init(iso:))
        var asOf: LocalDate?

        func run() throws {
            let ledger = try global.openLedger()
            let report = try ledger.budgetReport(period: try ledger.planPeriod(period, asOf: asOf), asOf: asOf,
                                                 atPosition: atPosition)
            guard output.format != .table || !report.lines.isEmpty else {
                print(report.heading)
                return print("no \(report.period.length.rawValue) budget applies; set one with `kakeibo budget set groceries 400 --period \(report.period.length.rawValue)`")
            }
            print(report.text(output.format))
        }
    }
}

extension PeriodLength: ExpressibleByArgument {}
extension Rollover: ExpressibleByArgument {}
