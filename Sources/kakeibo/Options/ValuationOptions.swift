import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `--value`, `-X` and `-V` as hledger spells them, shared by `balance`, `incomestatement` and
/// `balancesheet` (N15: an hledger user types `bal -X USD` and `is -V`, and was told "Unknown option").
struct ValuationOptions: ParsableArguments {
    @Option(name: [.customShort("X"), .customLong("value")],
            help: ArgumentHelp("Value every balance in this commodity (USD, $, BTC) at the prices on or before --as-of "
                               + "(default today); with -b/-e/-p, the period's change at the prices of its last day, and with "
                               + "-M/-W/-Q/-Y each column at its last day. Direct, reverse, then one hop. `then,USD` values each "
                               + "posting at the price of its own date instead (balance only). Amounts no price reaches stay in "
                               + "their own commodity and are listed.",
                               valueName: "[then,|end,]commodity"))
    var value: String?
    @Flag(name: .customShort("V"), help: "Value in the ledger's base currency at market prices (hledger's -V, --value=end).")
    var market = false

    func validate() throws {
        if value != nil && market { throw ValidationError("choose one of --value/-X and -V") }
    }

    /// The commodity to value in and whether each posting is valued at its own date (`then,`); nil without
    /// any valuation option. `end`/`then` alone value in the base currency, as `-V` does.
    func target(_ ledger: Ledger) throws -> (commodity: Commodity, then: Bool)? {
        guard market || value != nil else { return nil }
        var text = value ?? "end"
        var then = false
        if text == "then" || text.hasPrefix("then,") { then = true; text = String(text.dropFirst(4)) }
        else if text == "end" || text.hasPrefix("end,") { text = String(text.dropFirst(3)) }
        if text.hasPrefix(",") { text.removeFirst() }
        // hledger's `--value=cost` means "at cost" (its -B), not a commodity named cost; Kakeibo values at market prices only.
        guard text != "cost" else {
            throw ValidationError("--value cost (hledger's at-cost valuation, -B) is not supported: values are market values "
                                  + "from P prices; give a commodity, e.g. --value USD")
        }
        guard text != "now" else { throw ValidationError("--value now is not supported: give a commodity, e.g. --value USD") }
        if text.isEmpty { return (try ledger.settings().baseCurrency, then) }
        return (try ledger.commodityArgument(text), then)
    }
}
