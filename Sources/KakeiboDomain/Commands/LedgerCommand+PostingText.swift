extension LedgerCommand {
    /// `ACCOUNT=AMOUNT[ CURRENCY][ @ PRICE CURRENCY | @@ TOTAL CURRENCY]`, or just `ACCOUNT` for the one posting that
    /// balances the rest: a posting as a person types it (`txn --posting`, `edit --posting`). The cost is hledger's:
    /// `expenses:lodging=40000 JPY @ 0.0066 USD` (per unit) or `… @@ 264 USD` (in all), and `$0.0066`, `€`, `£`, `¥`
    /// stand for USD, EUR, GBP, JPY as in a journal. Without it a foreign-currency transaction imported with `@` could
    /// have its date edited but never its amounts (issue 29, N23). Text to a `PostingInput` is the domain's: here
    /// rather than in the CLI, so the web app's form or a test reads a posting the same way.
    public struct PostingText: Hashable, Sendable {
        public var input: PostingInput
        /// A commodity outside the ISO table as typed (`VTI`), for the caller to look up among the ledger's declared
        /// commodities; nil otherwise.
        public var commodityText: String? = nil

        /// Nil when the text is not a posting: an unreadable cost or lot, or more words than an amount and a currency.
        public init?(_ text: String) {
            guard let separator = text.firstIndex(of: "=") else {
                input = .init(account: text, amount: nil)
                return
            }
            let account = String(text[..<separator])
            var text = String(text[text.index(after: separator)...])
            guard let lot = Self.takeLot(from: &text) else { return nil }
            var parts = text.split(separator: " ").map(String.init)
            var cost: CostInput?
            if let at = parts.firstIndex(where: { $0 == "@" || $0 == "@@" }) {
                guard let (value, commodity) = Self.quoted(Array(parts[(at + 1)...])) else { return nil }
                cost = .init(per: parts[at] == "@" ? .unit : .total, value: value, commodity: commodity)
                parts.removeSubrange(at...)
            }
            switch parts.count {
            case 1:
                input = .init(account: account, amount: parts[0])
            case 2:
                if let currency = try? Currency(code: parts[1]) {
                    input = .init(account: account, amount: parts[0], currency: currency)
                } else {
                    // `10 VTI`: a declared commodity, looked up in the ledger by the caller.
                    guard Commodity.isValidSymbol(parts[1]) else { return nil }
                    input = .init(account: account, amount: parts[0])
                    commodityText = parts[1]
                }
            default:
                return nil
            }
            input.cost = cost
            input.lot = lot
        }

        /// `0.0066 USD` or `$0.0066`: a cost's value and commodity.
        static func quoted(_ words: [String]) -> (String, Commodity)? {
            switch words.count {
            case 1:
                guard let first = words[0].first, let currency = Commodity.symbol(String(first)) else { return nil }
                return (String(words[0].dropFirst()), currency)
            case 2:
                guard let currency = try? Currency(code: words[1]) else { return nil }
                return (words[0], currency)
            default:
                return nil
            }
        }
    }
}
