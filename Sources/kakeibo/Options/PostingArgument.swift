import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `--posting ACCOUNT=AMOUNT[ CURRENCY][ @ PRICE CURRENCY | @@ TOTAL CURRENCY][ {LOT}]`: the domain reads the text
/// (`LedgerCommand.PostingText`); the argument only hands it over.
struct PostingArgument: ExpressibleByArgument {
    var posting: LedgerCommand.PostingText
    var input: LedgerCommand.PostingInput { posting.input }

    init?(argument: String) {
        guard let posting = LedgerCommand.PostingText(argument) else { return nil }
        self.posting = posting
    }

    /// The posting with a typed commodity outside the ISO table (`VTI`) looked up in `ledger`.
    func resolved(in ledger: Ledger) throws -> LedgerCommand.PostingInput {
        var input = posting.input
        if let text = posting.commodityText { input.currency = try ledger.commodityArgument(text) }
        return input
    }
}
