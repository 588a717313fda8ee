import KakeiboDomain
import KakeiboReports

extension Printer {
    /// One line on stderr saying where an uncategorised expense went and why, so stdout keeps
    /// printing only the id scripts capture.
    static func suggestionNote(_ suggestion: AppliedSuggestion, category: String?) -> String {
        let confidence = TerminalText.percent(suggestion.confidenceBasisPoints)
        guard let id = suggestion.accountID else {
            return "no confident category suggestion (best \(confidence)); filed under \(AppliedSuggestion.uncategorisedExpenses)"
        }
        let name = category ?? id
        return "filed under \(name), suggested at \(confidence) confidence; `kakeibo edit ID --category …` corrects it"
    }
}
