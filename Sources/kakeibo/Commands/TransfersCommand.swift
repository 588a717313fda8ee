import ArgumentParser
import KakeiboLedger
import KakeiboReports

/// `kakeibo transfers match [--days N] [--yes]` (issue 32, part 2).
struct TransfersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfers",
        abstract: "Payments between your own accounts.",
        subcommands: [TransfersMatch.self])
}

/// Proposes the pairs, and with `--yes` records each as one transfer.
struct TransfersMatch: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Find payments recorded twice, once from each account's statement, and record each once as a transfer.",
        discussion: """
            A debit on one asset or liability account and a credit of the same amount on another, within --days of each \
            other, each recorded against a category (expenses:unknown, income:unknown…), are one payment seen from both \
            ends: the checking account paying the card. Without --yes the pairs are listed and nothing is recorded; with it, \
            each pair becomes one transfer and the two originals are voided with a reason (both stay in the log and history).
            """)
    @OptionGroup var common: CommonOptions
    @Option(help: ArgumentHelp("How many days apart the two sides may be.", valueName: "N")) var days = 4
    @Flag(help: "Record the proposed pairs as transfers.") var yes = false

    func validate() throws {
        guard (0...366).contains(days) else { throw ValidationError("--days must be 0 to 366") }
    }

    func run() throws {
        let ledger = try global.openLedger()
        let pairs = try ledger.proposedTransfers(TransferMatcher(days: days))
        let recorded = yes ? try ledger.recordTransfers(pairs) : []
        print(TransferPair.text(pairs, transfers: yes ? recorded.map { $0.first?.transactionID } : nil, output.format))
        guard output.format == .table, !pairs.isEmpty else { return }
        if !yes { Terminal.printNote("\(pairs.count) pair\(pairs.count == 1 ? "" : "s") found; nothing recorded. Repeat with --yes to record each as one transfer") }
        else { Terminal.printNote("recorded \(pairs.count) transfer\(pairs.count == 1 ? "" : "s"); the originals are voided with a reason") }
    }
}
