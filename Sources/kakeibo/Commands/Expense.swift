import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct Expense: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(abstract: "Record money spent from an account on a category.")
    @OptionGroup var common: CommonOptions
    @OptionGroup var entry: EntryOptions
    var typedDate: LocalDate? { entry.date?.written }
    @Option(help: "The account paid from, e.g. assets:checking.") var from: String
    @Option(help: ArgumentHelp("The category (groceries) or expense account (expenses:food:groceries). Left out, the "
                               + "ledger's suggestion for the payee is used when confident, else expenses:unknown."))
    var category: String?

    func record(on ledger: Ledger) throws -> RecordResult {
        var input = try entry.input(from: from, to: category ?? AppliedSuggestion.uncategorisedExpenses, ledger: ledger)
        input.suggestCategory = category == nil
        return try ledger.record(.captureExpense(input), options: entry.options)
    }
}

struct Income: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(abstract: "Record money received into an account from an income account.")
    @OptionGroup var common: CommonOptions
    @OptionGroup var entry: EntryOptions
    var typedDate: LocalDate? { entry.date?.written }
    @Option(help: "The account received into, e.g. assets:checking.") var to: String
    @Option(help: "The income account or category, e.g. income:salary.") var from: String

    func record(on ledger: Ledger) throws -> RecordResult {
        try ledger.record(.recordIncome(entry.input(from: from, to: to, ledger: ledger)), options: entry.options)
    }
}

struct Transfer: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(abstract: "Move money between your own accounts (or pay a card).")
    @OptionGroup var common: CommonOptions
    @OptionGroup var entry: EntryOptions
    var typedDate: LocalDate? { entry.date?.written }
    @Option(help: "The account the money leaves.") var from: String
    @Option(help: "The account the money reaches.") var to: String
    @Option(help: ArgumentHelp("Between accounts in two commodities: what the amount cost in the receiving account's "
                               + "commodity, in total (545.00). Recorded as written, with its conversion postings.",
                               valueName: "total"))
    var cost: String?
    @Option(help: ArgumentHelp("Or the rate per unit (1.09), as `@ 1.09` in a journal.", valueName: "unit-price"))
    var rate: String?

    func validate() throws {
        if cost != nil && rate != nil { throw ValidationError("give --cost or --rate, not both") }
    }

    func record(on ledger: Ledger) throws -> RecordResult {
        var input = try entry.input(from: from, to: to, ledger: ledger)
        if let value = cost ?? rate {
            guard let receiving = try ledger.accounts().first(where: { $0.account.name.rawValue == to })?.account else {
                throw LedgerError.unknownAccount(to)
            }
            input.cost = .init(per: cost != nil ? .total : .unit, value: value, commodity: receiving.currency)
        }
        return try ledger.record(.makeTransfer(input), options: entry.options)
    }
}
