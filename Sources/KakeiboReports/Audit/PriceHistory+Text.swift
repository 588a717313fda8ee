import KakeiboDomain
import KakeiboLedger

extension PriceHistory {
    /// `history --price EUR` in the form asked for: the columns and layout of a transaction's `history`.
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .json:
            return JSONValue.object([
                "commodity": .string(commodity),
                "events": .array(entries.map { entry in
                    ["position": .int(entry.position), "type": .string(entry.type),
                     "recordedAt": .string(TerminalText.timestamp(entry.recordedAt)), "actor": .string(entry.actor),
                     "source": .string(entry.source.rawValue), "provenance": entry.provenance.map(JSONValue.string) ?? .null,
                     "reason": entry.reason.map(JSONValue.string) ?? .null, "hash": .string(entry.hash),
                     "changes": .array(entry.changes.map { change in
                         ["field": .string(change.field), "before": change.before.map(JSONValue.string) ?? .null,
                          "after": change.after.map(JSONValue.string) ?? .null]
                     })]
                }),
            ]).prettyString()
        case .csv:
            return CSVWriter.render(header: ["position", "recorded_at", "actor", "source", "type", "field", "before", "after", "reason"],
                                    rows: entries.flatMap { entry in
                entry.changes.map { change in
                    [String(entry.position), TerminalText.timestamp(entry.recordedAt), entry.actor, entry.source.rawValue, entry.type,
                     change.field, change.before ?? "", change.after ?? "", entry.reason ?? ""]
                }
            })
        case .table:
            var lines = [TerminalText.safe("prices of \(commodity)" + (entries.isEmpty ? ": none recorded" : ""))]
            for entry in entries {
                lines.append("")
                lines.append(TerminalText.safe("#\(entry.position) \(TerminalText.timestamp(entry.recordedAt)) \(entry.type) by \(entry.actor) via \(entry.source)"
                                               + (entry.provenance.map { " (\($0))" } ?? "") + (entry.reason.map { ", reason: \($0)" } ?? "")))
                for change in entry.changes {
                    let text = change.before.map { "\($0) -> \(change.after ?? "(none)")" } ?? (change.after ?? "(none)")
                    lines.append(TerminalText.safe("    \(change.field): \(text)"))
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
