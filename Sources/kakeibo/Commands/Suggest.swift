import ArgumentParser
import KakeiboDomain
import KakeiboReports

struct Suggest: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Suggest an expense category for a payee, learned from your categorised and corrected expenses.")
    @OptionGroup var common: CommonOptions
    @Option(help: "The payee as the bank or receipt shows it, e.g. \"SQ *BLUE BOTTLE #0423\".") var payee: String?
    @Flag(help: "How often suggestions would have been right on this ledger's own expenses, in the order they were recorded.")
    var stats = false
    @Option(help: "The amount, which helps tell apart categories sharing a payee.") var amount: String?
    @Option(help: ArgumentHelp("Abstain below this confidence, in percent.", valueName: "percent")) var threshold: Int = 60

    func validate() throws {
        guard (0...100).contains(threshold) else { throw ValidationError("--threshold must be 0 to 100") }
        guard stats != (payee != nil) else { throw ValidationError("give either --payee TEXT or --stats") }
    }

    func run() throws {
        let ledger = try global.openLedger()
        guard let payee else {
            let threshold = Int64(threshold) * 100
            return print(try ledger.suggestionStats(threshold: threshold).text(output.format, applied: try ledger.appliedSuggestionStats(),
                                                                              threshold: threshold))
        }
        let (suggestion, names) = try ledger.suggestCategory(payee: payee, amount: amount, threshold: Int64(threshold) * 100)
        print(suggestion.text(output.format) { names[$0] ?? $0 })
    }
}
