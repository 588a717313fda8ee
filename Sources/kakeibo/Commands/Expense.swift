import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct Expense: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record money spent from an account on a category.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var entry: EntryOptions
    @Option(help: "The account paid from, e.g. assets:checking.") var from: String
    @Option(help: ArgumentHelp("The category (groceries) or expense account (expenses:food:groceries). Left out, the "
                               + "ledger's suggestion for the payee is used when confident, else expenses:unknown."))
    var category: String?

    func run() throws {
        var input = entry.input(from: from, to: category ?? AppliedSuggestion.uncategorisedExpenses)
        input.suggestCategory = category == nil
        let ledger = try global.openLedger()
        let result = try ledger.record(.captureExpense(input), options: entry.options)
        if let suggestion = result.suggestion {
            Terminal.printNote(try Printer.suggestionNote(suggestion, ledger: ledger))
        }
        Printer.recorded(result, format: output.format)
    }
}

struct Income: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record money received into an account from an income account.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var entry: EntryOptions
    @Option(help: "The account received into, e.g. assets:checking.") var to: String
    @Option(help: "The income account or category, e.g. income:salary.") var from: String

    func run() throws {
        let result = try global.openLedger().record(.recordIncome(entry.input(from: from, to: to)), options: entry.options)
        Printer.recorded(result, format: output.format)
    }
}

struct Transfer: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Move money between your own accounts (or pay a card).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var entry: EntryOptions
    @Option(help: "The account the money leaves.") var from: String
    @Option(help: "The account the money reaches.") var to: String

    func run() throws {
        let result = try global.openLedger().record(.makeTransfer(entry.input(from: from, to: to)), options: entry.options)
        Printer.recorded(result, format: output.format)
    }
}
