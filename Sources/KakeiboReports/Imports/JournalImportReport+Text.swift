import KakeiboDomain
import KakeiboInterop

extension JournalImportReport {
    /// `import journal`'s answer. `file` is the journal as the user named it; `periodicSummary` is the CLI's line about
    /// periodic transactions (it names commands, so the CLI words it), shown after the counts.
    public func text(_ format: ReportFormat, file: String, periodicSummary: String?) -> String {
        switch format {
        case .json:
            return JSONValue.object([
                "files": .array(files.map(JSONValue.string)),
                "transactions": .int(Int64(transactions)),
                "appended": .int(Int64(appended)),
                "alreadyRecorded": .int(Int64(alreadyRecorded)),
                "accountsOpened": .array(accountsOpened.map(\.json)),
                "prices": .array(prices.map { price in
                    ["date": .string(price.date.description), "commodity": .string(price.commodity), "price": .string(price.price),
                     "source": .string(price.location.fileAndLine)]
                }),
                "pricesAppended": .int(Int64(pricesAppended)),
                "pricesRetracted": .int(Int64(pricesRetracted)),
                "commoditiesDeclared": .array(commoditiesDeclared.map(JSONValue.string)),
                "roundedConversions": .array(roundedConversions.map { rounded in
                    ["source": .string(rounded.location.description), "weight": .string(rounded.weight.description),
                     "residual": .string("\(rounded.residual) \(rounded.weight.currency.code)")]
                }),
                "unclassified": .array(unclassified.map { .string($0.rawValue) }),
                "budgetsSet": .array(budgetsSet.map(JSONValue.string)),
                "forecastRulesKept": .array(forecastRulesKept.map(JSONValue.string)),
                "assertionsChecked": .int(Int64(assertionsChecked)),
                "voided": .int(Int64(voided)),
                "position": .int(position),
            ]).prettyString()
        case .csv:
            return CSVWriter.render(header: ["transactions", "appended", "already_recorded", "accounts_opened", "prices", "position"],
                                    rows: [[String(transactions), String(appended), String(alreadyRecorded), String(accountsOpened.count),
                                            String(prices.count), String(position)]])
        case .table:
            var lines = [TerminalText.safe("imported \(file): \(TerminalText.count(appended, "transaction")) appended, "
                                           + "\(alreadyRecorded) already recorded, "
                                           + "\(TerminalText.count(assertionsChecked, "balance assertion")) checked"
                                           + (voided > 0 ? ", \(TerminalText.count(voided, "transaction")) no longer in the file voided" : ""))]
            if !accountsOpened.isEmpty { lines.append(OpenedAccount.table(accountsOpened)) }
            if !commoditiesDeclared.isEmpty {
                lines.append(TerminalText.safe("declared \(commoditiesDeclared.count == 1 ? "commodity" : "commodities"): "
                                               + commoditiesDeclared.joined(separator: ", ")))
            }
            if !prices.isEmpty || pricesRetracted > 0 {
                lines.append("\(TerminalText.count(pricesAppended, "price")) appended, \(prices.count - pricesAppended) already recorded"
                             + (pricesRetracted > 0 ? ", \(pricesRetracted) no longer in the file retracted" : ""))
            }
            if let periodicSummary { lines.append(TerminalText.safe(periodicSummary)) }
            for rounded in roundedConversions {
                // hledger #2041: the weight is kept to the minor unit; the rest is within half of one.
                lines.append(TerminalText.safe("\(rounded.location.fileAndLine): conversion weight rounded to \(rounded.weight), "
                                               + "residual \(rounded.residual) \(rounded.weight.currency.code) (within half a minor unit)"))
            }
            return lines.joined(separator: "\n")
        }
    }
}
