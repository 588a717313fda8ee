import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The audit trail of one transaction: who changed what, when, from where, before and after.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Transaction id, or a unique start or end of it (4+ characters).") var transaction: String

    func run() throws {
        let ledger = try global.openLedger()
        let history = try ledger.history(of: try ledger.resolveTransactionID(transaction))
        switch output.format {
        case .json:
            Printer.json([
                "id": .string(history.transactionID), "kind": .string(history.kind.rawValue),
                "status": .string(history.isVoided ? "voided" : "active"),
                "events": .array(history.entries.map { entry in
                    ["position": .int(entry.position), "type": .string(entry.type),
                     "recordedAt": .string(Printer.timestamp(entry.recordedAt)), "actor": .string(entry.actor),
                     "source": .string(entry.source.rawValue), "provenance": entry.provenance.map(JSONValue.string) ?? .null, "reason": entry.reason.map(JSONValue.string) ?? .null,
                     "hash": .string(entry.hash),
                     "changes": .array(entry.changes.map { change in
                         ["field": .string(change.field), "before": change.before.map(JSONValue.string) ?? .null,
                          "after": change.after.map(JSONValue.string) ?? .null]
                     })]
                }),
            ])
        case .csv:
            print(CSVWriter.render(header: ["position", "recorded_at", "actor", "source", "type", "field", "before", "after", "reason"],
                                   rows: history.entries.flatMap { entry in
                entry.changes.map { change in
                    [String(entry.position), Printer.timestamp(entry.recordedAt), entry.actor, entry.source.rawValue, entry.type,
                     change.field, change.before ?? "", change.after ?? "", entry.reason ?? ""]
                }
            }))
        case .table:
            print("transaction \(history.transactionID) (\(history.kind.rawValue), \(history.isVoided ? "voided" : "active"))")
            for entry in history.entries {
                print("")
                print(Terminal.safe("#\(entry.position) \(Printer.timestamp(entry.recordedAt)) \(entry.type) by \(entry.actor) via \(entry.source)" + (entry.provenance.map { " (\($0))" } ?? "")
                                    + (entry.reason.map { ", reason: \($0)" } ?? "")))
                for change in entry.changes {
                    let text = change.before.map { "\($0) -> \(change.after ?? "(none)")" } ?? (change.after ?? "(none)")
                    print(Terminal.safe("    \(change.field): \(text)"))
                }
            }
            // Edits the household server kept aside are not events of this stream; without this the trail looks complete.
            for summary in try ledger.conflictSummaries(of: history.transactionID) {
                print("")
                print(Terminal.safe("not applied (see `kakeibo conflicts`): " + Conflicts.sentence(summary)))
            }
        }
    }
}
