import KakeiboDomain
import KakeiboLedger

/// Writes the ledger's current state (edits applied, voids left out) as an hledger journal that
/// `hledger bal` agrees with and `kakeibo import journal` reads back to the same balances.
///
/// Amounts are written `12.50 USD`: no digit groups, so no reader can mistake the decimal mark.
/// hledger has no escapes, so `;` and `|` in payees (which would start a comment or a note) are
/// written as `,` and `/`.
///
/// A priced posting is written with its `@` or `@@` and the digits it was recorded with (never a
/// recomputed unit price: beancount #725), in the same `1.09 USD` style as amounts, and the
/// generated `equity:conversion` postings are left out: hledger infers the conversion from the
/// cost, and `import journal` generates the same postings again. Prices follow as `P` lines.
public enum JournalExporter {
    public static func export(_ ledger: Ledger, asOf: LocalDate? = nil) throws -> String {
        let scope = ReportScope(asOf: asOf)
        let head = try ledger.head()
        var out = "; exported by kakeibo at log position \(head.position)"
        if let asOf { out += ", transactions dated on or before \(asOf)" }
        out += "\n\n"
        for listing in try ledger.accounts() {
            out += "account \(listing.account.name.rawValue)\(typeCode(listing.account.type).map { "  ; type: \($0)" } ?? "")\n"
        }
        let prices = try ledger.prices().filter { asOf == nil || $0.date <= asOf! }
        if !prices.isEmpty { out += "\n" }
        for price in prices.sorted(by: { ($0.date, $0.commodity.code, $0.quote.code) < ($1.date, $1.commodity.code, $1.quote.code) }) {
            out += "P \(price.date) \(price.commodity.code) \(price.value)\(symbolSuffix(price.quote))\n"
        }
        for transaction in try ledger.transactions(scope) {
            out += "\n\(transaction.date)"
            if let payee = transaction.payee { out += " " + descriptionSafe(payee) }
            if let memo = transaction.memo { out += "  ; " + memo }
            out += "\n"
            for line in transaction.lines where !line.isGeneratedConversion {
                let account = switch line.virtual {
                case nil: line.account.rawValue
                case .unbalanced?: "(\(line.account.rawValue))"
                case .balanced?: "[\(line.account.rawValue)]"
                }
                out += "    \(account)  \(line.amount.decimalString)\(symbolSuffix(line.amount.currency))"
                if let cost = line.cost { out += " \(cost.per == .unit ? "@" : "@@") \(cost.value)\(symbolSuffix(cost.commodity))" }
                if let memo = line.memo { out += "  ; " + memo }
                out += "\n"
            }
        }
        return out
    }

    /// ` USD` after a number; nothing for the empty-symbol commodity, which hledger writes bare (`20`).
    static func symbolSuffix(_ commodity: Commodity) -> String { commodity.isBare ? "" : " " + commodity.code }

    /// hledger's type code; nil for an unclassified account, which gets no `type:` tag.
    static func typeCode(_ type: AccountType) -> String? {
        switch type {
        case .asset: "A"
        case .liability: "L"
        case .equity: "E"
        case .income: "R"
        case .expense: "X"
        case .unclassified: nil
        }
    }

    static func descriptionSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == ";" ? "," : $0 == "|" ? "/" : $0 }))
    }
}
