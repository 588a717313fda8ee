import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo mark ID [--account A] --cleared|--pending|--unmarked` (issue 32): hledger's `*` and `!`
/// on the postings of one transaction, all of them or those on one account.
struct Mark: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark a transaction's postings cleared (*), pending (!) or unmarked.",
        discussion: "Example: kakeibo mark 1a2b3c4d --account assets:checking --pending (a cheque the bank has not shown yet).")
    @OptionGroup var common: CommonOptions
    @Argument(help: "Transaction id, or a unique start or end of it (4+ characters).") var transaction: String
    @Option(help: "Only the postings on this account (default: every posting).") var account: String?
    @Flag(name: [.customShort("C"), .customLong("cleared")], help: "Cleared (*).") var cleared = false
    @Flag(name: [.customShort("P"), .customLong("pending")], help: "Pending (!).") var pending = false
    @Flag(name: [.customShort("U"), .customLong("unmarked")], help: "No mark.") var unmarked = false

    func validate() throws {
        guard [cleared, pending, unmarked].filter({ $0 }).count == 1 else {
            throw ValidationError("choose one of --cleared, --pending and --unmarked")
        }
    }

    func record(on ledger: Ledger) throws -> RecordResult {
        let id = try ledger.resolveTransactionID(transaction)
        let lines = try ledger.postingLines(of: id, account: account)
        return try ledger.record(.markPostings(transactionID: id, lines: lines, status: cleared ? .cleared : pending ? .pending : nil))
    }
}
