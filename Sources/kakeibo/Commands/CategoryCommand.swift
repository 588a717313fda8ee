import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category", abstract: "Add, rename, archive and list categories (income and expense accounts).",
        subcommands: [Add.self, Rename.self, Archive.self, List.self])

    struct Add: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Add a category: `groceries` creates expenses:groceries.")
        @OptionGroup var common: CommonOptions
        @Argument var name: String
        @Flag(help: "An income category (income:NAME) instead of an expense one.") var income = false
        @Option(name: .customLong("display-name"), help: "Name shown in reports and widgets.") var displayName: String?
        /// Unconditional, so `--hue -1` reaches the range check instead of reading as an option (B20).
        @Option(parsing: .unconditional, help: "Colour hue, 0–360.") var hue: Int?
        @Option(help: "Icon name, e.g. cart.") var icon: String?

        func run() throws {
            // `income:bonus` names an income category without --income; `assets:x` is refused by the ledger (B10).
            let isIncome = income || name.lowercased().hasPrefix("income:")
            let input = LedgerCommand.CategoryInput(name: name, type: isIncome ? .income : .expense,
                                                    displayName: displayName, hue: hue, icon: icon)
            let result = try global.openLedger().record(.addCategory(input))
            Printer.recorded(result, format: output.format, note: "added category \(name)")
        }
    }

    struct Rename: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a category and its account.")
        @OptionGroup var common: CommonOptions
        @Argument var name: String
        @Argument var newName: String

        func run() throws {
            let result = try global.openLedger().record(.renameCategory(name: name, newName: newName))
            Printer.recorded(result, format: output.format, note: "renamed category \(name) to \(newName)")
        }
    }

    struct Archive: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Archive a category: history stays, new postings are refused.")
        @OptionGroup var common: CommonOptions
        @Argument var name: String

        func run() throws {
            let result = try global.openLedger().record(.archiveCategory(name: name))
            let cleared = result.events.contains { if case .budgetCleared = $0 { true } else { false } }
            Printer.recorded(result, format: output.format,
                             note: "archived category \(name)" + (cleared ? "; its budget is cleared from this period on" : ""))
        }
    }

    struct List: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "List categories.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var scope: ScopeOptions

        func run() throws {
            print(AccountListing.text(try global.openLedger().accounts(scope.scope), output.format, categoriesOnly: true))
        }
    }
}
