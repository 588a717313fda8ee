import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct Txn: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a general transaction with any number of postings (splits).",
        discussion: "Example: kakeibo txn --payee Market --posting expenses:groceries=30 --posting expenses:household=12.50 --posting assets:checking")
    @OptionGroup var common: CommonOptions
    @Option(name: .customLong("posting"), help: ArgumentHelp("ACCOUNT=AMOUNT[ CURRENCY]; one posting may leave the amount out.",
                                                             valueName: "posting"))
    var postings: [PostingArgument] = []
    @Option(help: ArgumentHelp("Business date: YYYY-MM-DD, today, yesterday (default: today).", valueName: "date"),
            transform: TypedDate.init)
    var date: TypedDate?
    var typedDate: LocalDate? { date?.written }
    @Option var payee: String?
    @Option var memo: String?
    @Option(name: .customLong("idempotency-key")) var idempotencyKey: String?

    func record(on ledger: Ledger) throws -> RecordResult {
        // A transaction with no postings is a dated note only journals bring; typed, it is a slip.
        guard !postings.isEmpty else { throw LedgerError.tooFewPostings }
        let input = LedgerCommand.TransactionInput(date: try date?.resolve(in: ledger), payee: payee, memo: memo, postings: try postings.map { try $0.resolved(in: ledger) })
        return try ledger.record(.recordTransaction(input), options: CommandOptions(idempotencyKey: idempotencyKey))
    }
}
