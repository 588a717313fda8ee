import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// What an expense, an income and a transfer have in common.
struct EntryOptions: ParsableArguments {
    // Collects unrecognised words too, so a negative amount (`-3`) is not taken for an option.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The amount: 12.50, -3 (a refund), 1,234.56, optionally followed by its commodity (42.50 EUR).",
                                 valueName: "amount"))
    var amountWords: [String] = []
    @Option(help: ArgumentHelp("Business date: YYYY-MM-DD, today, yesterday (default: today in the ledger's time zone).",
                               valueName: "date"), transform: TypedDate.init)
    var date: TypedDate?
    @Option(help: "Who was paid or who paid.") var payee: String?
    @Option(help: "A note.") var memo: String?
    @Option(help: "Currency or commodity of the amount (default: the paying account's): an ISO code or one the ledger declared.")
    var currency: String?
    @Option(name: .customLong("idempotency-key"), help: "Sending the same command again with this key appends nothing.")
    var idempotencyKey: String?

    var amount: String { amountWords.first ?? "" }

    /// `42.50 EUR`: the second word, when there is one, names the commodity.
    var commodityWord: String? { amountWords.count == 2 ? amountWords[1] : nil }

    func validate() throws {
        // A second word names the commodity (`42.50 EUR`, `0.5 BTC`); a second number is a mistake.
        let second = amountWords.count == 2 ? amountWords[1].unicodeScalars.first : nil
        let namesCommodity = second.map { $0.properties.isAlphabetic || "$€£¥".unicodeScalars.contains($0) } ?? false
        guard amountWords.count == 1 || (amountWords.count == 2 && namesCommodity) else {
            throw ValidationError(amountWords.isEmpty ? "missing the amount, e.g. 12.50"
                                                      : "expected one amount, got: \(amountWords.joined(separator: " "))")
        }
        if let word = commodityWord, let option = currency, word != option {
            throw ValidationError("the amount says \(word) and --currency says \(option); give one")
        }
    }

    func input(from: String, to: String, ledger: Ledger) throws -> LedgerCommand.MoneyInput {
        .init(amount: amount, currency: try (commodityWord ?? currency).map { try ledger.commodityArgument($0) },
              date: try date?.resolve(in: ledger), from: from, to: to, payee: payee, memo: memo)
    }

    var options: CommandOptions { CommandOptions(idempotencyKey: idempotencyKey) }
}
