import ArgumentParser
import KakeiboDomain
import KakeiboReports

/// `kakeibo reconcile ACCOUNT --balance AMOUNT --as-of DATE [--lock]` (issue 32): the statement's
/// closing balance against the ledger's cleared balance on that date.
struct Reconcile: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an account against a statement's balance; when they agree, mark its postings cleared.",
        discussion: """
            The cleared balance is every posting on ACCOUNT dated up to --as-of that is cleared (*) or unmarked; \
            pending ones (!) are left out, as the bank has not shown them yet. When it equals --balance, the unmarked \
            postings are marked cleared (and with --lock, locked against edits). Otherwise nothing is recorded: the \
            difference and the uncleared postings that could explain it are shown. Without --balance, the closing balance \
            an imported statement recorded is used: the latest, or the one dated --as-of. A liability's balance is negative \
            when money is owed (-250.00 on a card), as the ledger keeps it.
            """)
    @OptionGroup var common: CommonOptions
    @Argument(help: "The account the statement is for, e.g. assets:bank:checking.") var account: String
    @Option(parsing: .unconditional, help: ArgumentHelp("The statement's closing balance, in the account's commodity "
                                                        + "(default: the latest one an imported statement stated).", valueName: "amount"))
    var balance: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("The statement's closing date: YYYY-MM-DD, today, yesterday "
                                                           + "(default: the date of the statement balance used).", valueName: "date"),
            transform: TypedDate.init)
    var asOf: TypedDate?
    @Flag(help: "Also lock the cleared postings: an edit or void of one is then refused unless forced with a reason.")
    var lock = false

    func run() throws {
        let ledger = try global.openLedger()
        let date = try asOf?.resolve(in: ledger)
        var amount = balance, day = date
        if balance == nil {
            // The balance an imported statement stated (`BalanceAsserted`): the latest, or the one of --as-of's day.
            guard let stated = try ledger.statementBalance(account: account, on: date) else {
                throw CommandFailure("no statement balance of \(account) is recorded\(date.map { " for \($0)" } ?? "")",
                                     hint: "give the statement's closing balance with --balance AMOUNT --as-of DATE")
            }
            amount = stated.amount.decimalString
            day = stated.date
        }
        guard let amount, let day else {
            throw CommandFailure("--balance needs the statement's date", hint: "add --as-of DATE")
        }
        let result = try ledger.reconcile(account: account, balance: amount, asOf: day, lock: lock)
        switch output.format {
        case .json: Printer.json(result.json)
        case .csv, .table: print(result.text, terminator: "")
        }
        guard result.isMatched else {
            throw CommandFailure("the statement says \(result.statement.description) on \(result.asOf), the ledger's cleared balance is "
                                 + "\(result.ledger.description): off by \(result.difference.description); nothing was marked",
                                 hint: "record what is missing, or mark a posting the statement does not show yet with `kakeibo mark ID --pending`")
        }
    }
}
