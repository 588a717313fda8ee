import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo reconcile ACCOUNT --balance AMOUNT --as-of DATE [--lock]` (issue 32): the statement's
/// closing balance against the ledger's cleared balance on that date.
struct Reconcile: ParsableCommand {
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
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
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
        case .json: Printer.json(Self.json(result))
        case .csv, .table: print(Self.text(result), terminator: "")
        }
        guard result.isMatched else {
            throw CommandFailure("the statement says \(result.statement.description) on \(result.asOf), the ledger's cleared balance is "
                                 + "\(result.ledger.description): off by \(result.difference.description); nothing was marked",
                                 hint: "record what is missing, or mark a posting the statement does not show yet with `kakeibo mark ID --pending`")
        }
    }

    static func text(_ result: Reconciliation) -> String {
        var out = "\(result.account.rawValue) on \(result.asOf): statement \(result.statement.description), "
            + "ledger \(result.ledger.description)"
        guard result.isMatched else {
            out += ", difference \(result.difference.description)\n"
            if !result.explanations.isEmpty {
                out += "could explain it:\n"
                for set in result.explanations {
                    out += set.map { "  " + row($0) }.joined(separator: "\n    and\n") + "\n"
                }
            }
            if !result.uncleared.isEmpty {
                out += "uncleared postings up to \(result.asOf):\n"
                for posting in result.uncleared.prefix(50) { out += "  " + row(posting) + "\n" }
                if result.uncleared.count > 50 { out += "  … and \(result.uncleared.count - 50) more\n" }
            }
            return Terminal.safe(out)
        }
        out += ": reconciled\n"
        let transactions = Set(result.cleared.map(\.transactionID)).count
        out += result.cleared.isEmpty ? "nothing new to clear\n"
            : "cleared \(result.cleared.count) posting\(result.cleared.count == 1 ? "" : "s") in \(transactions) transaction\(transactions == 1 ? "" : "s")\n"
        if result.lockedCount > 0 { out += "locked \(result.lockedCount) posting\(result.lockedCount == 1 ? "" : "s")\n" }
        return Terminal.safe(out)
    }

    /// `2026-10-30  1a2b3c4d  Corner Shop  -34.56 USD  unmarked (a left-out posting) or pending (a taken-in one)`.
    private static func row(_ posting: ReconcilePosting) -> String {
        let mark = posting.status == .pending ? "pending" : "unmarked"
        return "\(posting.date)  \(posting.transactionID.suffix(8))  \(posting.payee ?? "")  \(posting.amount.description)  \(mark)"
    }

    static func json(_ result: Reconciliation) -> JSONValue {
        func posting(_ p: ReconcilePosting) -> JSONValue {
            ["date": .string(p.date.description), "id": .string(p.transactionID), "line": .int(Int64(p.line)),
             "payee": p.payee.map(JSONValue.string) ?? .null, "amount": .string(p.amount.decimalString),
             "currency": .string(p.amount.currency.code), "status": .string(p.status?.rawValue ?? "")]
        }
        return ["account": .string(result.account.rawValue), "asOf": .string(result.asOf.description),
                "statement": .string(result.statement.decimalString), "ledger": .string(result.ledger.decimalString),
                "difference": .string(result.difference.decimalString), "currency": .string(result.statement.currency.code),
                "reconciled": .bool(result.isMatched),
                "cleared": .array(result.cleared.map(posting)), "locked": .int(Int64(result.lockedCount)),
                "explanations": .array(result.explanations.map { .array($0.map(posting)) }),
                "uncleared": .array(result.uncleared.map(posting)),
                "positions": .array(result.results.flatMap(\.positions).map(JSONValue.int))]
    }
}
