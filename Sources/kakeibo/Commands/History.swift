import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

struct History: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "The audit trail of one transaction (or of a commodity's prices): who changed what, when, from where, before and after.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "Transaction id, or a unique start or end of it (4+ characters).") var transaction: String?
    @Option(help: ArgumentHelp("The trail of a commodity's prices instead: each recorded and retracted, the day's price before and after.",
                               valueName: "commodity"))
    var price: String?

    func validate() throws {
        guard (transaction == nil) != (price == nil) else {
            throw ValidationError(price == nil ? "give a transaction id, or --price COMMODITY" : "give a transaction id or --price, not both")
        }
    }

    func run() throws {
        let ledger = try global.openLedger()
        if let price {
            print(try ledger.priceHistory(of: try ledger.commodityArgument(price)).text(output.format))
            return
        }
        guard let transaction else { return }
        let history = try ledger.history(of: try ledger.resolveTransactionID(transaction))
        print(history.text(output.format))
        guard output.format == .table else { return }
        // Edits the household server kept aside are not events of this stream; without this the trail looks complete.
        for summary in try ledger.conflictSummaries(of: history.transactionID) {
            print("")
            print(Terminal.safe("not applied (see `kakeibo conflicts`): " + summary.sentence))
        }
    }
}
