import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports
import KakeiboSync

/// `kakeibo conflicts`: what a household server could not merge, from this file's own log.
struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List edits the server did not apply, and accounts two devices gave one name while apart.",
        discussion: """
            Read from this file's log, so every device lists the same ones once synced. A later edit of the \
            transaction settles an edit conflict, and voiding it again one whose transaction was voided meanwhile; \
            renaming the account settles a name conflict.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let conflicts = try SyncClient.localConflicts(ledgerAt: global.path)
        let accounts = try SyncClient.localAccountConflicts(ledgerAt: global.path)
        switch output.format {
        case .json:
            Printer.json(["conflicts": .array(conflicts.map { open in
                let c = open.conflict
                return .object(["transaction": .string(c.transactionID), "position": .int(open.position), "basedOn": .int(c.basedOn),
                                "deferred": .array(c.deferred.map(JSONValue.string)), "kept": .array(c.kept.map(JSONValue.string)),
                                "fields": .array(c.fields.map { .object(["field": .string($0.field), "kept": $0.kept, "deferred": $0.deferred]) }),
                                "member": .string(c.member), "device": .string(c.device)])
            }), "accounts": .array(accounts.map { a in
                .object(["account": .string(a.accountID), "name": .string(a.name), "currentName": .string(a.currentName),
                         "keptAccount": .string(a.keptAccountID), "position": .int(a.position)])
            })])
        case .csv:
            print(CSVWriter.render(header: ["kind", "transaction", "fields", "kept", "deferred", "member", "device"],
                                   rows: conflicts.map { open in
                                       let c = open.conflict
                                       return ["edit", c.transactionID, c.fields.map(\.field).joined(separator: " "),
                                               c.fields.map { $0.kept.canonicalString() }.joined(separator: " "),
                                               c.fields.map { $0.deferred.canonicalString() }.joined(separator: " "), c.member, c.device]
                                   } + accounts.map { a in ["account", "", "name", a.name, a.currentName, "", ""] }))
        case .table:
            if conflicts.isEmpty && accounts.isEmpty { print("no conflicts") }
            let summaries = conflicts.isEmpty ? [] : try global.openLedger().conflictSummaries()
            for summary in summaries {
                print(Terminal.safe(summary.sentence))
            }
            if !summaries.isEmpty {
                print("edit a transaction again (`kakeibo edit TXN …`) to settle its conflict; `kakeibo history TXN` shows what stands")
            }
            for a in accounts {
                if a.keptAccountID == a.accountID {
                    print("\(a.currentName): two devices renamed this account while apart; \"\(a.name)\" was overridden (rename it to settle)")
                } else {
                    print("\(a.name): two devices gave this name to different accounts; the later one is \"\(a.currentName)\" (rename it to settle)")
                }
            }
        }
    }
}
