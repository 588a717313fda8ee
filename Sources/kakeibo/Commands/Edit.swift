import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct Edit: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Correct a transaction. The original stays in the log; the edit is a new event.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "Transaction id, or a unique start or end of it (4+ characters; register shows the last 8).") var transaction: String
    @Option(parsing: .unconditional, help: "New amount; may be negative.") var amount: String?
    @Option(help: ArgumentHelp("The new business date: YYYY-MM-DD, today, yesterday.", valueName: "date"), transform: TypedDate.init)
    var date: TypedDate?
    var typedDate: LocalDate? { date?.written }
    @Option var payee: String?
    @Option var memo: String?
    @Flag(name: .customLong("clear-payee")) var clearPayee = false
    @Flag(name: .customLong("clear-memo")) var clearMemo = false
    @Option(help: "New category (expenses and incomes).") var category: String?
    @Option(help: "New account the money leaves.") var from: String?
    @Option(help: "New account the money reaches.") var to: String?
    @Option(name: .customLong("posting"), help: "Replace all postings of a general transaction.") var postings: [PostingArgument] = []
    @Option(help: "Why; shown in the history.") var reason: String?
    @Flag(help: "Mark a receipt that needs review as checked (alone: accept it as read; see `kakeibo receipt accept`).")
    var reviewed = false
    @Flag(help: "Change a posting locked by `kakeibo reconcile --lock`; needs --reason, which the log keeps.")
    var force = false

    func record(on ledger: Ledger) throws -> RecordResult {
        let id = try ledger.resolveTransactionID(transaction)
        if reviewed, !(try ledger.receipt(matching: id).needsReview) { throw LedgerError.receiptNeedsNoReview(transactionID: id) }
        let input = LedgerCommand.EditInput(
            id: id, amount: amount, date: try date?.resolve(in: ledger),
            payee: clearPayee ? .some(nil) : payee.map { .some($0) },
            memo: clearMemo ? .some(nil) : memo.map { .some($0) },
            category: category, from: from, to: to, postings: postings.isEmpty ? nil : postings.map(\.input), reason: reason,
            reviewed: reviewed)
        var forced = input
        forced.force = force
        return try ledger.record(.editTransaction(forced))
    }
}

struct VoidCommand: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "void",
        abstract: "Cancel a transaction. It stays in the log and its history; it no longer counts.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "Transaction id, or a unique start or end of it (4+ characters).") var transaction: String
    @Option(help: "Why; shown in the history.") var reason: String?
    @Flag(help: "Void a transaction with a posting locked by `kakeibo reconcile --lock`; needs --reason, which the log keeps.")
    var force = false

    func record(on ledger: Ledger) throws -> RecordResult {
        let id = try ledger.resolveTransactionID(transaction)
        if force {
            guard let reason else { throw PostingStatusError.forceNeedsReason }
            return try ledger.record(.forcedVoid(id: id, reason: reason))
        }
        return try ledger.record(.voidTransaction(id: id, reason: reason))
    }
}
