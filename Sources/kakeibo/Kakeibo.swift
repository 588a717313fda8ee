import ArgumentParser
import Foundation
import KakeiboLedger
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
        subcommands: [
            Init.self, AccountCommand.self, CategoryCommand.self,
            Expense.self, Income.self, Transfer.self, Txn.self, Edit.self, VoidCommand.self,
            PriceCommand.self, CommodityCommand.self, BudgetCommand.self, GoalCommand.self, WidgetsCommand.self, Suggest.self, Forecast.self,
            Balance.self, Register.self, IncomeStatement.self, BalanceSheet.self, History.self, Log.self, Verify.self, Replay.self,
            Batch.self, ImportCommand.self, ExportCommand.self, ReceiptsCommand.self, Sync.self, Conflicts.self, ServerCommand.self,
        ])

    /// Declared here too so `--db` may come before the subcommand: `kakeibo --db F init`.
    @OptionGroup var global: GlobalOptions

    static func main() {
        do {
            var command = try parseAsRoot()
            if command is ReceiptsRead || command is ReceiptsEval || command is ReceiptsTrain || command is ImportReceipt {
                OpenMPLimit.apply()
            }
            try command.run()
        } catch let failure as CommandFailure {
            Terminal.printError(failure.message)
            Foundation.exit(failure.exitCode)
        } catch let error where CommandFailure.isLedgerError(error) {
            Terminal.printError(CommandFailure.message(for: error))
            Foundation.exit(1)
        } catch where exitCode(for: error) == .success {
            exit(withError: error) // --help, --version
        } catch {
            // Usage errors too get one line; `--help` shows the rest.
            let code = exitCode(for: error)
            let guess = message(for: error).lowercased().contains("unexpected argument")
                ? suggestion(for: Array(CommandLine.arguments.dropFirst())).map { "; did you mean \($0)?" } : nil
            Terminal.printError(message(for: error) + (guess ?? "") + (code == .validationFailure ? " (see `kakeibo help`)" : ""))
            Foundation.exit(code.rawValue)
        }
    }
}
