import ArgumentParser
import KakeiboLedger
import KakeiboReports

/// `kakeibo receipts list [--needs-review]`: the receipts a ledger imported, and which still need a look.
struct ReceiptsList: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List imported receipts: transaction, date, amount, payee and whether each still needs review.",
        discussion: "A receipt flagged at import stays to review until it is accepted (`kakeibo receipt accept TXN`), "
            + "its expense edited (`kakeibo edit TXN …`) or voided.")
    @OptionGroup var common: CommonOptions
    @Flag(help: "Only receipts that still need review.") var needsReview = false

    func run() throws {
        print(ReceiptSummary.text(try global.openLedger().receipts(needingReview: needsReview), output.format, needsReview: needsReview))
    }
}
