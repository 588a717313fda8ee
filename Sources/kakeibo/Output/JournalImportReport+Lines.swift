import KakeiboInterop

/// What `import journal` prints about an import beyond its counts. Here, not in KakeiboInterop, because the
/// lines name commands (`kakeibo forecast`, `kakeibo account retype`): the report carries the data
/// (`forecastRulesKept`, `unclassified`), the CLI says what to type (issue 30).
extension JournalImportReport {
    /// The one line saying what periodic transactions became; nil when the journal has none.
    var periodicSummary: String? {
        guard periodicRules > 0 else { return nil }
        var parts: [String] = []
        if !budgetsSet.isEmpty {
            parts.append("\(budgetsSet.count) budget\(budgetsSet.count == 1 ? "" : "s") set (\(budgetsSet.joined(separator: "; ")))")
        }
        if !forecastRulesKept.isEmpty {
            parts.append("\(forecastRulesKept.count) kept as forecast rule\(forecastRulesKept.count == 1 ? "" : "s") "
                         + "for `kakeibo forecast` (\(forecastRulesKept.joined(separator: "; ")))")
        }
        return "\(periodicRules) periodic transaction\(periodicRules == 1 ? "" : "s"): "
            + (parts.isEmpty ? "budgets and forecast rules already set" : parts.joined(separator: "; "))
    }

    /// The note an import without --replace prints when `P` lines it recorded before are gone from the file (N17):
    /// they still value balances, and the import says how to take them back; nil when there are none.
    func stalePricesNote(file: String) -> String? {
        guard pricesNoLongerInFile > 0 else { return nil }
        let one = pricesNoLongerInFile == 1
        return "note: \(pricesNoLongerInFile) price\(one ? "" : "s") an earlier import recorded \(one ? "is" : "are") no longer in the file "
            + "and still value\(one ? "s" : "") balances; `kakeibo import journal \(file) --replace` retracts \(one ? "it" : "them")"
    }

    /// The one warning an import with unclassified accounts prints; nil when there are none.
    var unclassifiedWarning: String? {
        let names = unclassified
        guard !names.isEmpty else { return nil }
        return "warning: \(names.count) account\(names.count == 1 ? "" : "s") could not be typed from \(names.count == 1 ? "its name" : "their names") "
            + "and \(names.count == 1 ? "is" : "are") unclassified: \(names.map(\.rawValue).joined(separator: ", ")); "
            + "give each a type with `kakeibo account retype NAME asset|liability|equity|income|expense`"
    }
}
