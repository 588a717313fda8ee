import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboProjections

struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Suggest an expense category for a payee, learned from your categorised and corrected expenses.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
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
        guard let payee else { return try printStats() }
        let (suggestion, names) = try global.openLedger().suggestCategory(payee: payee, amount: amount, threshold: Int64(threshold) * 100)
        let name = { (id: String) in names[id] ?? id }
        switch output.format {
        case .json:
            Printer.json([
                "category": suggestion.accountID.map { .string(name($0)) } ?? .null,
                "confidence": .string(BasisPoints.decimalString(suggestion.confidenceBasisPoints)),
                "confidenceBasisPoints": .int(suggestion.confidenceBasisPoints),
                "evidence": .array(suggestion.evidence.map(JSONValue.string)),
                "alternatives": .array(suggestion.alternatives.map { ["category": .string(name($0.accountID)),
                                                                      "confidenceBasisPoints": .int($0.confidenceBasisPoints)] }),
                "abstained": .bool(suggestion.abstention != nil),
                "reason": suggestion.abstention.map(JSONValue.string) ?? .null,
            ])
        case .csv:
            print(CSVWriter.render(header: ["category", "confidence", "evidence"], rows: [[
                suggestion.accountID.map(name) ?? "", BasisPoints.decimalString(suggestion.confidenceBasisPoints),
                suggestion.evidence.joined(separator: " "),
            ]]))
        case .table:
            if let id = suggestion.accountID {
                print(Terminal.safe("\(name(id))  \(PeriodOption.percent(suggestion.confidenceBasisPoints))  evidence: \(suggestion.evidence.joined(separator: ", "))"))
            } else {
                let best = suggestion.alternatives.first.map { " (best guess \(name($0.accountID)) at \(PeriodOption.percent($0.confidenceBasisPoints)))" } ?? ""
                print(Terminal.safe("no suggestion: \(suggestion.abstention ?? "not enough evidence")\(best)"))
            }
        }
    }

    private func printStats() throws {
        let stats = try global.openLedger().suggestionStats(threshold: Int64(threshold) * 100)
        let coverage = stats.coverageBasisPoints.map(PeriodOption.percent) ?? "-"
        let hitRate = stats.hitRateBasisPoints.map(PeriodOption.percent) ?? "-"
        switch output.format {
        case .json:
            Printer.json(["expenses": .int(Int64(stats.expenses)), "answered": .int(Int64(stats.answered)), "correct": .int(Int64(stats.correct)),
                          "coverageBasisPoints": stats.coverageBasisPoints.map(JSONValue.int) ?? .null,
                          "hitRateBasisPoints": stats.hitRateBasisPoints.map(JSONValue.int) ?? .null,
                          "thresholdBasisPoints": .int(Int64(threshold) * 100)])
        case .csv:
            print(CSVWriter.render(header: ["expenses", "answered", "correct", "coverage", "hit_rate"],
                                   rows: [[String(stats.expenses), String(stats.answered), String(stats.correct), coverage, hitRate]]))
        case .table:
            print("\(stats.expenses) expenses replayed in recording order: suggested \(stats.answered) (coverage \(coverage)), "
                  + "\(stats.correct) right (hit rate \(hitRate)) at a \(threshold)% threshold")
        }
    }
}
