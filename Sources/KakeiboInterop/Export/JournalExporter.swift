import KakeiboDomain
import KakeiboLedger

/// Writes the ledger's current state (edits applied, voids left out) as an hledger journal that
/// `hledger bal` agrees with and `kakeibo import journal` reads back to the same balances.
///
/// Every amount is written in its commodity's display style, as the imported journal wrote it
/// (`$1,000.00`, `1.000,00 EUR`, `BTC 1.00000000`: the style a `commodity` directive declared,
/// or else the commodity's first amount), and a `commodity` directive per styled commodity
/// heads the file so that hledger and Kakeibo read the marks the same way. A commodity with no
/// recorded style is written `12.50 USD`: no digit groups, so no reader can mistake the decimal
/// mark. hledger has no escapes, so `;` and `|` in payees (which would start a comment or a
/// note) are written as `,` and `/`.
///
/// A priced posting is written with its `@` or `@@` and the digits it was recorded with (never a
/// recomputed unit price: beancount #725), in the cost commodity's style (`@ $1.09`), and the
/// generated `equity:conversion` postings are left out: hledger infers the conversion from the
/// cost, and `import journal` generates the same postings again. Prices follow as `P` lines.
public enum JournalExporter {
    public static func export(_ ledger: Ledger, asOf: LocalDate? = nil) throws -> String {
        let scope = ReportScope(asOf: asOf)
        let head = try ledger.head()
        let styles = Styles(displays: try ledger.commodityDisplays())
        var out = "; exported by kakeibo at log position \(head.position)"
        if let asOf { out += ", transactions dated on or before \(asOf)" }
        out += "\n\n"
        let directives = styles.directives
        for directive in directives { out += "commodity \(directive)\n" }
        if !directives.isEmpty { out += "\n" }
        for listing in try ledger.accounts() {
            out += "account \(listing.account.name.rawValue)\(typeCode(listing.account.type).map { "  ; type: \($0)" } ?? "")\n"
        }
        let prices = try ledger.prices().filter { asOf == nil || $0.date <= asOf! }
        if !prices.isEmpty { out += "\n" }
        for price in prices.sorted(by: { ($0.date, $0.commodity.code, $0.quote.code) < ($1.date, $1.commodity.code, $1.quote.code) }) {
            out += "P \(price.date) \(styles.symbol(price.commodity)) \(styles.format(price.value.description, price.quote))\n"
        }
        let lots = try ledger.lotExport()
        let names = try ledger.accountNamesByID()
        for transaction in try ledger.transactions(scope) {
            out += "\n\(transaction.date)"
            if let status = transaction.status { out += " " + status.rawValue }
            if let code = transaction.code { out += " (" + code + ")" }
            if let payee = transaction.payee { out += " " + descriptionSafe(payee) }
            if let memo = transaction.memo { out += "  ; " + memo }
            out += "\n"
            if let digest = lots.importDigests[transaction.id] { out += ImportDigestTag.line(digest) }
            let sales = lots.saleTakes(of: transaction, names: names)
            for (index, line) in transaction.lines.enumerated() where !line.isGeneratedConversion {
                let account = switch line.virtual {
                case nil: line.account.rawValue
                case .unbalanced?: "(\(line.account.rawValue))"
                case .balanced?: "[\(line.account.rawValue)]"
                }
                if let takes = sales[index] {
                    out += LotExportSyntax.journalSale(takes, account: account, memo: line.memo, format: styles.format)
                    continue
                }
                // A posting's own mark as hledger writes it (issue 32): `    * assets:bank  $5`.
                out += "    \(line.status.map { $0.rawValue + " " } ?? "")\(account)  \(styles.format(line.amount.decimalString, line.amount.currency))"
                if let cost = line.cost, lots.acquisitions[Lot.id(transactionID: transaction.id, posting: index)] != nil {
                    out += LotExportSyntax.journalBraces(cost, format: styles.format)
                }
                if let cost = line.cost { out += " \(cost.per == .unit ? "@" : "@@") \(styles.format(cost.value.description, cost.commodity))" }
                if let memo = line.memo { out += "  ; " + memo }
                out += "\n"
            }
        }
        // Statement balances (issue 32) as `= BAL` assertions, after every transaction.
        out += BalanceAssertionExport.journal(try BalanceAssertionExport.checked(ledger, asOf: asOf), format: styles.format)
        return out
    }

    /// The recorded display styles, by commodity code.
    struct Styles {
        var styles: [String: (style: AmountStyle, display: String)] = [:]

        init(displays: [String: String]) {
            for (code, display) in displays {
                // A style that would write the bare commodity, or a symbol another code already
                // uses, is not used: every commodity must read back as itself.
                guard !code.isEmpty, let style = AmountStyle(sample: display) else { continue }
                styles[code] = (style, display)
            }
            var seen: [String: String] = [:]
            for code in styles.keys.sorted() {
                let symbol = styles[code]!.style.symbol
                if let other = seen[symbol], other != code { styles[code] = nil } else { seen[symbol] = code }
            }
        }

        /// `commodity` directive samples, by code.
        var directives: [String] { styles.keys.sorted().map { styles[$0]!.display } }

        /// The symbol a `P` line names the commodity by.
        func symbol(_ commodity: Commodity) -> String { styles[commodity.code]?.style.symbol ?? commodity.code }

        /// `plain` (a decimal with `.` as its mark) in the commodity's style, or `12.50 USD`; the
        /// empty-symbol commodity is written bare (`20`), as hledger writes it.
        func format(_ plain: String, _ commodity: Commodity) -> String {
            guard let (style, display) = styles[commodity.code] else { return plain + JournalExporter.symbolSuffix(commodity) }
            // A whole amount (`¥50,000`) is grouped too when the directive heading the file names
            // the decimal mark (`commodity ¥1,000.`): no reader can take its group mark for a
            // decimal one then (issue 29, N20). `AmountStyle` alone groups only numbers with decimals.
            if !plain.contains("."), style.groupMark != nil, display.contains(style.decimalMark) {
                return JournalExporter.groupedWhole(plain, style)
            }
            return style.format(plain)
        }
    }

    /// `plain`, a whole number, in `style` with its digits grouped: written with a `.0` the style
    /// groups, which is then taken off again.
    static func groupedWhole(_ plain: String, _ style: AmountStyle) -> String {
        let written = style.format(plain + ".0")
        let fraction = String(style.decimalMark) + "0"
        let tail = style.symbolOnLeft ? "" : (style.spaced ? " " : "") + style.symbol
        guard written.hasSuffix(fraction + tail) else { return style.format(plain) }
        return String(written.dropLast(fraction.count + tail.count)) + tail
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
