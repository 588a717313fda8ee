import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo price EUR 1.08 --date 2026-01-01`: a market price, in the ledger's base currency
/// unless `--in` says otherwise. Valuation reads it; balances never change.
struct PriceCommand: RecordingCommand {
    static let configuration = CommandConfiguration(
        commandName: "price", abstract: "Record a market price: what one unit of a commodity was worth on a date.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The commodity priced: EUR, BTC.") var commodity: String
    @Argument(help: "Its price per unit, exactly as quoted: 1.08, 40000.00.") var amount: String
    @Option(help: ArgumentHelp("The commodity the price is in (default: the ledger's base currency).", valueName: "commodity"))
    var `in`: String?
    @Option(help: ArgumentHelp("The price's date (default: today in the ledger's time zone).", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var date: LocalDate?
    @Option(name: .customLong("idempotency-key"), help: "Sending the same command again with this key appends nothing.")
    var idempotencyKey: String?

    func record(on ledger: Ledger) throws -> RecordResult {
        let quote = try `in`.map { try ledger.commodityArgument($0) } ?? ledger.settings().baseCurrency
        let input = LedgerCommand.PriceInput(date: date, commodity: try ledger.commodityArgument(commodity), value: amount,
                                             quote: quote, source: .manual)
        return try ledger.record(.recordPrice(input), options: CommandOptions(idempotencyKey: idempotencyKey))
    }
}
