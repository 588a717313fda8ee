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
        let ledger = try global.openLedger()
        let stats = try ledger.suggestionStats(threshold: Int64(threshold) * 100)
        let measured = try ledger.appliedSuggestionStats()
        let coverage = stats.coverageBasisPoints.map(PeriodOption.percent) ?? "-"
        let hitRate = stats.hitRateBasisPoints.map(PeriodOption.percent) ?? "-"
        let appliedCoverage = measured.coverageBasisPoints.map(PeriodOption.percent) ?? "-"
        let appliedHitRate = measured.hitRateBasisPoints.map(PeriodOption.percent) ?? "-"
        let windowDays = SuggestionOutcome.reviewWindowMilliseconds / 86_400_000
        switch output.format {
        case .json:
            Printer.json(["expenses": .int(Int64(stats.expenses)), "answered": .int(Int64(stats.answered)), "correct": .int(Int64(stats.correct)),
                          "coverageBasisPoints": stats.coverageBasisPoints.map(JSONValue.int) ?? .null,
                          "hitRateBasisPoints": stats.hitRateBasisPoints.map(JSONValue.int) ?? .null,
                          "thresholdBasisPoints": .int(Int64(threshold) * 100),
                          "applied": [
                              "consulted": .int(Int64(measured.consulted)), "applied": .int(Int64(measured.applied)),
                              "accepted": .int(Int64(measured.accepted)), "rejected": .int(Int64(measured.rejected)),
                              "pending": .int(Int64(measured.pending)),
                              "coverageBasisPoints": measured.coverageBasisPoints.map(JSONValue.int) ?? .null,
                              "hitRateBasisPoints": measured.hitRateBasisPoints.map(JSONValue.int) ?? .null,
                              "thresholdBasisPoints": .int(AppliedSuggestion.defaultThreshold),
                              "reviewWindowDays": .int(windowDays),
                          ]])
        case .csv:
            print(CSVWriter.render(header: ["expenses", "answered", "correct", "coverage", "hit_rate", "applied_consulted", "applied",
                                            "accepted", "rejected", "pending", "applied_coverage", "applied_hit_rate"],
                                   rows: [[String(stats.expenses), String(stats.answered), String(stats.correct), coverage, hitRate,
                                           String(measured.consulted), String(measured.applied), String(measured.accepted),
                                           String(measured.rejected), String(measured.pending), appliedCoverage, appliedHitRate]]))
        case .table:
            print("\(stats.expenses) expenses replayed in recording order: suggested \(stats.answered) (coverage \(coverage)), "
                  + "\(stats.correct) right (hit rate \(hitRate)) at a \(threshold)% threshold")
            print("applied at capture and import: \(measured.applied) of \(measured.consulted) uncategorised (coverage \(appliedCoverage)); "
                  + "\(measured.accepted) accepted, \(measured.rejected) corrected within \(windowDays) days, \(measured.pending) still in review "
                  + "(hit rate \(appliedHitRate))")
        }
    }
}
