import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo price EUR 1.08 --date 2026-01-01`: a market price, in the ledger's base currency
/// unless `--in` says otherwise. Valuation reads it; balances never change.
///
/// `kakeibo price EUR --retract --date 2026-01-01` takes the day's price back (a `PriceRetracted`,
/// kept in the log like a void): a flag of the command that records prices, as `void` takes back
/// a transaction by its id; `price EUR 1.08 --retract` names the recording of that value.
struct Price: RecordingCommand {
    static let configuration = CommandConfiguration(
        commandName: "price", abstract: "Record a market price: what one unit of a commodity was worth on a date.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The commodity priced: EUR, BTC.") var commodity: String
    // Collects unrecognised words too, so `price EUR -1` reaches the "above zero" check instead of reading as an option (B20).
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Its price per unit, exactly as quoted: 1.08, 40000.00.", valueName: "amount"))
    var amountWords: [String] = []
    @Option(help: ArgumentHelp("The commodity the price is in (default: the ledger's base currency).", valueName: "commodity"))
    var `in`: String?
    @Option(help: ArgumentHelp("The price's date (default: today in the ledger's time zone).", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var date: LocalDate?
    @Option(name: .customLong("idempotency-key"), help: "Sending the same command again with this key appends nothing.")
    var idempotencyKey: String?
    @Flag(help: "Take back the price recorded for the date: the one in force that day, or with a price, that price's recording.")
    var retract = false
    @Option(help: "Why the price is retracted; shown in the log (with --retract).") var reason: String?

    func validate() throws {
        if retract {
            guard amountWords.count <= 1 else { throw ValidationError("expected at most one price to retract, got: \(amountWords.joined(separator: " "))") }
            return
        }
        guard reason == nil else { throw ValidationError("--reason goes with --retract") }
        guard amountWords.count == 1 else {
            throw ValidationError(amountWords.isEmpty ? "missing the price, e.g. 1.08" : "expected one price, got: \(amountWords.joined(separator: " "))")
        }
    }

    func record(on ledger: Ledger) throws -> RecordResult {
        if retract {
            let input = LedgerCommand.PriceRetractionInput(date: date, commodity: try ledger.commodityArgument(commodity),
                                                           quote: try quote(ledger), value: amountWords.first, reason: reason)
            return try ledger.record(.retractPrice(input), options: CommandOptions(idempotencyKey: idempotencyKey))
        }
        let input = LedgerCommand.PriceInput(date: date, commodity: try ledger.commodityArgument(commodity), value: amountWords[0],
                                             quote: try quote(ledger), source: .manual)
        return try ledger.record(.recordPrice(input), options: CommandOptions(idempotencyKey: idempotencyKey))
    }

    /// Says what was recorded: it printed nothing, so a typo in the date or the pair went unseen (issue 29, N17).
    func run() throws {
        let ledger = try global.openLedger()
        let result = try record(on: ledger)
        let day = try date ?? ledger.today()
        if retract {
            // What values that day now, so a retraction that uncovers an earlier recording is not a surprise.
            guard case .priceRetracted(let retracted)? = result.events.first else { return Printer.recorded(result, format: output.format) }
            let now = try ledger.prices().first { $0.date == day && $0.commodity == retracted.commodity && $0.quote == retracted.quote }
            Printer.recorded(result, format: output.format, note: "retracted the price of \(commodity) on \(day): \(retracted.value) "
                             + "\(retracted.quote.code); " + (now.map { "the price that day is now \($0.value) \($0.quote.code)" } ?? "no price that day now"))
            return
        }
        // The same price typed twice records once (N17): the second says so rather than "recorded".
        let said = result.events.isEmpty && !result.alreadyRecorded ? "already recorded" : "recorded"
        Printer.recorded(result, format: output.format,
                         note: "\(said) the price of \(commodity) on \(day): \(amountWords[0]) \(try quote(ledger).code)")
    }

    private func quote(_ ledger: Ledger) throws -> Currency {
        try `in`.map { try ledger.commodityArgument($0) } ?? ledger.settings().baseCurrency
    }
}
