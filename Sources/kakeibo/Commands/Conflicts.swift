import ArgumentParser
import KakeiboDomain
import KakeiboSync

/// `kakeibo conflicts`: edits a household server kept aside, as of this file's last sync.
struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List edits the server did not apply because another device changed the same fields first.",
        discussion: "As of the last `kakeibo sync`. Edit the transaction again (and sync) to settle one.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let conflicts = try SyncClient.localConflicts(ledgerAt: global.path)
        switch output.format {
        case .json:
            Printer.json(["conflicts": .array(conflicts.map { conflict in
                .object(["transaction": .string(conflict.stream), "deferredEvent": .string(conflict.eventId),
                         "fields": .array(conflict.fields.map(JSONValue.string)), "kept": .array(conflict.kept.map(JSONValue.string)),
                         "member": .string(conflict.member), "device": .string(conflict.deviceId)])
            })])
        case .csv:
            print(CSVWriter.render(header: ["transaction", "fields", "deferred_event", "member", "device"],
                                   rows: conflicts.map { [$0.stream, $0.fields.joined(separator: " "), $0.eventId, $0.member, $0.deviceId] }))
        case .table:
            if conflicts.isEmpty { print("no conflicts") }
            for conflict in conflicts {
                print("\(conflict.stream): \(conflict.member)'s edit of \(conflict.fields.joined(separator: ", ")) was not applied (kept \(conflict.kept.joined(separator: ", ")))")
            }
        }
    }
}
