import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// What an expense, an income and a transfer have in common.
struct EntryOptions: ParsableArguments {
    // Collects unrecognised words too, so a negative amount (`-3`) is not taken for an option.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The amount: 12.50, -3 (a refund), 1,234.56.", valueName: "amount"))
    var amountWords: [String] = []
    @Option(help: ArgumentHelp("Business date (default: today in the ledger's time zone).", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var date: LocalDate?
    @Option(help: "Who was paid or who paid.") var payee: String?
    @Option(help: "A note.") var memo: String?
    @Option(help: "Currency of the amount (default: the paying account's).", transform: Currency.argument) var currency: Currency?
    @Option(name: .customLong("idempotency-key"), help: "Sending the same command again with this key appends nothing.")
    var idempotencyKey: String?

    var amount: String { amountWords.first ?? "" }

    func validate() throws {
        guard amountWords.count == 1 else {
            throw ValidationError(amountWords.isEmpty ? "missing the amount, e.g. 12.50"
                                                      : "expected one amount, got: \(amountWords.joined(separator: " "))")
        }
    }

    func input(from: String, to: String) -> LedgerCommand.MoneyInput {
        .init(amount: amount, currency: currency, date: date, from: from, to: to, payee: payee, memo: memo)
    }

    var options: CommandOptions { CommandOptions(idempotencyKey: idempotencyKey) }
}
