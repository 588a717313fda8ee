import KakeiboDomain
import KakeiboProjections

extension CategorySuggestion {
    /// `suggest --payee` in the form asked for; `name` turns an account id into the name a person reads.
    public func text(_ format: ReportFormat, name: (String) -> String) -> String {
        switch format {
        case .json:
            let object: JSONValue = [
                "category": accountID.map { .string(name($0)) } ?? .null,
                "confidence": .string(BasisPoints.decimalString(confidenceBasisPoints)),
                "confidenceBasisPoints": .int(confidenceBasisPoints),
                "evidence": .array(evidence.map(JSONValue.string)),
                "alternatives": .array(alternatives.map { ["category": .string(name($0.accountID)),
                                                           "confidenceBasisPoints": .int($0.confidenceBasisPoints)] }),
                "abstained": .bool(abstention != nil),
                "reason": abstention.map(JSONValue.string) ?? .null,
            ]
            return object.prettyString()
        case .csv:
            return CSVWriter.render(header: ["category", "confidence", "evidence"], rows: [[
                accountID.map(name) ?? "", BasisPoints.decimalString(confidenceBasisPoints), evidence.joined(separator: " "),
            ]])
        case .table:
            if let id = accountID {
                return TerminalText.safe("\(name(id))  \(TerminalText.percent(confidenceBasisPoints))  evidence: \(evidence.joined(separator: ", "))")
            }
            let best = alternatives.first.map { " (best guess \(name($0.accountID)) at \(TerminalText.percent($0.confidenceBasisPoints)))" } ?? ""
            return TerminalText.safe("no suggestion: \(abstention ?? "not enough evidence")\(best)")
        }
    }
}

extension SuggestionEvaluation {
    /// `suggest --stats`: how often suggestions would have been right replaying the ledger's own expenses (`self`,
    /// at `threshold` basis points), and how the ones applied at capture and import fared (`applied`).
    public func text(_ format: ReportFormat, applied measured: SuggestionOutcomeStats, threshold: Int64) -> String {
        let coverage = coverageBasisPoints.map(TerminalText.percent) ?? "-"
        let hitRate = hitRateBasisPoints.map(TerminalText.percent) ?? "-"
        let appliedCoverage = measured.coverageBasisPoints.map(TerminalText.percent) ?? "-"
        let appliedHitRate = measured.hitRateBasisPoints.map(TerminalText.percent) ?? "-"
        let windowDays = SuggestionOutcome.reviewWindowMilliseconds / 86_400_000
        switch format {
        case .json:
            let object: JSONValue = [
                "expenses": .int(Int64(expenses)), "answered": .int(Int64(answered)), "correct": .int(Int64(correct)),
                "coverageBasisPoints": coverageBasisPoints.map(JSONValue.int) ?? .null,
                "hitRateBasisPoints": hitRateBasisPoints.map(JSONValue.int) ?? .null,
                "thresholdBasisPoints": .int(threshold),
                "applied": [
                    "consulted": .int(Int64(measured.consulted)), "applied": .int(Int64(measured.applied)),
                    "accepted": .int(Int64(measured.accepted)), "rejected": .int(Int64(measured.rejected)),
                    "pending": .int(Int64(measured.pending)),
                    "coverageBasisPoints": measured.coverageBasisPoints.map(JSONValue.int) ?? .null,
                    "hitRateBasisPoints": measured.hitRateBasisPoints.map(JSONValue.int) ?? .null,
                    "thresholdBasisPoints": .int(AppliedSuggestion.defaultThreshold),
                    "reviewWindowDays": .int(windowDays),
                ],
            ]
            return object.prettyString()
        case .csv:
            return CSVWriter.render(header: ["expenses", "answered", "correct", "coverage", "hit_rate", "applied_consulted", "applied",
                                             "accepted", "rejected", "pending", "applied_coverage", "applied_hit_rate"],
                                    rows: [[String(expenses), String(answered), String(correct), coverage, hitRate,
                                            String(measured.consulted), String(measured.applied), String(measured.accepted),
                                            String(measured.rejected), String(measured.pending), appliedCoverage, appliedHitRate]])
        case .table:
            return "\(expenses) expenses replayed in recording order: suggested \(answered) (coverage \(coverage)), "
                + "\(correct) right (hit rate \(hitRate)) at a \(threshold / 100)% threshold\n"
                + "applied at capture and import: \(measured.applied) of \(measured.consulted) uncategorised (coverage \(appliedCoverage)); "
                + "\(measured.accepted) accepted, \(measured.rejected) corrected within \(windowDays) days, \(measured.pending) still in review "
                + "(hit rate \(appliedHitRate))"
        }
    }
}
