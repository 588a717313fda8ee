import ArgumentParser
import Foundation
import KakeiboTesseract

/// The `kakeibo` command: parses arguments and calls the ledger library, nothing more.
@main
struct Kakeibo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kakeibo",
        abstract: "An append-only, double-entry household ledger.",
        discussion: """
            Every change is an event appended to a hash-chained log in a SQLite file; balances and \
            registers are rebuilt from it. Nothing is ever overwritten: edits and voids are new events.
            """,
        version: KakeiboVersion.text,
        // Under seven headings (issue 35): 31 commands in one flat list hid the few a new user needs.
        // Type names: a command with subcommands is `…Command` (`BudgetCommand`; `Budget` is the domain's); one without
        // is named by its word (`Expense`, `Price`), except `VoidCommand` and `CheckpointCommand`, whose words are
        // Swift's `Void` and KakeiboChain's `Checkpoint`. A group's name is given (`commandName: "transfers"`), since
        // ArgumentParser would derive `transfers-command` from `TransfersCommand`.
        groupedSubcommands: [
            CommandGroup(name: "Record", subcommands: [
                Init.self, Expense.self, Income.self, Transfer.self, Txn.self, Edit.self, VoidCommand.self, Mark.self, Batch.self,
                AccountCommand.self, CategoryCommand.self, CommodityCommand.self, Price.self,
            ]),
            CommandGroup(name: "Plan", subcommands: [BudgetCommand.self, GoalCommand.self, Forecast.self, Suggest.self]),
            CommandGroup(name: "Report", subcommands: [
                Balance.self, Register.self, IncomeStatement.self, BalanceSheet.self, Holdings.self, Gains.self, WidgetsCommand.self,
            ]),
            CommandGroup(name: "Import and export", subcommands: [ImportCommand.self, Reconcile.self, TransfersCommand.self, ExportCommand.self]),
            CommandGroup(name: "Receipts", subcommands: [ReceiptsCommand.self]),
            CommandGroup(name: "Audit", subcommands: [History.self, Log.self, Verify.self, Replay.self, Conflicts.self,
                                                       CheckpointCommand.self, Prove.self, ProofCommand.self]),
            CommandGroup(name: "Household server", subcommands: [Sync.self, ServerCommand.self]),
        ])

    /// Declared here too so `--db` may come before the subcommand: `kakeibo --db F init`.
    @OptionGroup var global: GlobalOptions

    static func main() {
        // Past a file-size limit (`ulimit -f`) the kernel sends SIGXFSZ, which killed the process without a word
        // (exit 153) and lost the ids `batch` had printed. Ignored, the write fails with EFBIG instead, and the
        // ledger's storage error says so in one line, as for a full disk (issue 29, N14).
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot()
            if command is ReceiptsRead || command is ReceiptsEval || command is ReceiptsTrain || command is ImportReceipt {
                OpenMPLimit.apply()
            }
            try command.run()
        } catch where exitCode(for: error) == .success {
            exit(withError: error) // --help, --version
        } catch {
            // One line for every refusal, library or usage; `ErrorMessage` is the one place that words it.
            let failure = ErrorMessage(error)
            // Empty when the command reported its failures itself (`CommandFailure.reported`).
            if !failure.line.isEmpty { Terminal.printError(failure.line) }
            Foundation.exit(failure.exitCode)
        }
    }
}
