import ArgumentParser
import KakeiboLedger
import KakeiboReports
import KakeiboSync

/// `kakeibo conflicts`: what a household server could not merge, from this file's own log.
struct Conflicts: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "List edits the server did not apply, and accounts two devices gave one name while apart.",
        discussion: """
            Read from this file's log, so every device lists the same ones once synced. A later edit of the \
            transaction settles an edit conflict, and voiding it again one whose transaction was voided meanwhile; \
            renaming the account settles a name conflict.
            """)
    @OptionGroup var common: CommonOptions

    func run() throws {
        let conflicts = try SyncClient.localConflicts(ledgerAt: global.path)
        let accounts = try SyncClient.localAccountConflicts(ledgerAt: global.path)
        switch output.format {
        case .json, .csv:
            print(OpenConflict.data(conflicts, accounts: accounts, csv: output.format == .csv))
        case .table:
            if conflicts.isEmpty && accounts.isEmpty { print("no conflicts") }
            let summaries = conflicts.isEmpty ? [] : try global.openLedger().conflictSummaries()
            for summary in summaries {
                print(Terminal.safe(summary.sentence))
            }
            if !summaries.isEmpty {
                print("edit a transaction again (`kakeibo edit TXN …`) to settle its conflict; `kakeibo history TXN` shows what stands")
            }
            for a in accounts { print(a.sentence) }
        }
    }
}
