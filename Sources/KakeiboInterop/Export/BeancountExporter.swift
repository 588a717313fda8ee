import KakeiboDomain
import KakeiboLedger

/// Writes the ledger's current state (edits applied, voids left out) as a beancount file that
/// `bean-check` accepts.
///
/// Beancount wants account names under one of five capitalised roots with components that start
/// with a capital letter or digit, so names are mapped: the root comes from the account's type,
/// a leading conventional root (`assets`, `expenses`, …) is dropped, other characters become `-`,
/// and a name two accounts would share gets a numeric suffix. The mapping is listed at the top.
///
/// Priced postings keep `@`/`@@` as recorded and the generated conversion postings are left out
/// (beancount balances a posting at its price, as hledger's own beancount output does); only
/// asset and liability accounts are opened with a currency constraint. Prices become `price`.
public enum BeancountExporter {
    public static func export(_ ledger: Ledger, asOf: LocalDate? = nil) throws -> String {
        let transactions = try ledger.transactions(ReportScope(asOf: asOf))
        let settings = try ledger.settings()
        // Closed accounts too: their past transactions are still exported.
        let accounts = try ledger.accounts().map(\.account)
        let names = beancountNames(for: accounts)
        let openDate = transactions.first?.date.description ?? "1970-01-01"
        let lots = try ledger.lotExport()
        let ids = try ledger.accountNamesByID()

        var out = "; exported by kakeibo at log position \(try ledger.head().position)"
        if let asOf { out += ", transactions dated on or before \(asOf)" }
        out += "\noption \"title\" \(quoted(settings.name))\noption \"operating_currency\" \"\(settings.baseCurrency.code)\"\n\n"
        for account in accounts {
            // An account that holds lots takes several commodities, and sells by its booking method.
            let holdsLots = lots.lotAccounts.contains(account.name)
            out += "\(openDate) open \(names[account.name]!)\(account.type.holdsOneCommodity && !holdsLots ? " " + account.currency.code : "")"
            if holdsLots { out += " \"\((lots.bookings[account.name] ?? .fifo) == .lifo ? "LIFO" : "FIFO")\"" }
            out += "\n"
            out += "  kakeibo-account: \(quoted(account.name.rawValue))\n"
        }
        let prices = try ledger.prices().filter { asOf == nil || $0.date <= asOf! }
        if !prices.isEmpty { out += "\n" }
        for price in prices.sorted(by: { ($0.date, $0.commodity.code, $0.quote.code) < ($1.date, $1.commodity.code, $1.quote.code) }) {
            out += "\(price.date) price \(price.commodity.code) \(price.value) \(price.quote.code)\n"
        }
        for transaction in transactions {
            // Beancount's flag: `!` for a pending transaction, `*` for the rest (it has no "unmarked").
            out += "\n\(transaction.date) \(transaction.status == .pending ? "!" : "*")"
            if let payee = transaction.payee { out += " " + quoted(payee) }
            out += " " + quoted(transaction.memo ?? "") + "\n"
            out += "  kakeibo-id: \(quoted(transaction.id))\n"
            // A journal's `(code)` has no place in beancount's header: kept as metadata.
            if let code = transaction.code { out += "  code: \(quoted(code))\n" }
            let sales = lots.saleTakes(of: transaction, names: ids)
            for (index, line) in transaction.lines.enumerated() where !line.isGeneratedConversion {
                guard let name = names[line.account] else {
                    throw LedgerError.unknownAccount(line.account.rawValue)
                }
                if let takes = sales[index] {
                    out += LotExportSyntax.beancountSale(takes, account: name)
                    continue
                }
                // Beancount's posting flag (issue 32): `  * Assets:Bank  5.00 USD`.
                out += "  \(line.status.map { $0.rawValue + " " } ?? "")\(name)  \(line.amount.decimalString) \(line.amount.currency.code)"
                if let lot = lots.acquisitions[Lot.id(transactionID: transaction.id, posting: index)] {
                    out += " " + LotExportSyntax.beancountCost(lot) + "\n"
                    continue
                }
                if let cost = line.cost { out += " \(cost.per == .unit ? "@" : "@@") \(cost.value) \(cost.commodity.code)" }
                out += "\n"
                if let memo = line.memo { out += "    memo: \(quoted(memo))\n" }
            }
        }
        // Statement balances (issue 32) as `balance` directives.
        out += BalanceAssertionExport.beancount(try BalanceAssertionExport.checked(ledger, asOf: asOf), names: names)
        return out
    }

    /// Unique beancount names for Kakeibo accounts, in name order so the mapping is stable.
    static func beancountNames(for accounts: [Account]) -> [AccountName: String] {
        var result: [AccountName: String] = [:]
        var taken: Set<String> = []
        for account in accounts.sorted(by: { $0.name < $1.name }) {
            var components = account.name.components.map(String.init)
            if components.count > 1, AccountType(inferredFrom: account.name) == account.type { components.removeFirst() }
            let base = ([root(account.type)] + components.map(component)).joined(separator: ":")
            var name = base
            var suffix = 2
            while taken.contains(name) {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            result[account.name] = name
        }
        return result
    }

    static func root(_ type: AccountType) -> String {
        switch type {
        case .asset: "Assets"
        case .liability: "Liabilities"
        case .equity: "Equity"
        case .income: "Income"
        case .expense: "Expenses"
        // beancount has five roots and no "unknown"; equity is the one that changes no report's sense.
        case .unclassified: "Equity"
        }
    }

    /// `eating out` → `Eating-out`; a component must start with a capital letter or a digit.
    static func component(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let ascii = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
            scalars.append(ascii ? scalar : "-")
        }
        var result = String(scalars)
        if let first = result.first, first.isLowercase { result = first.uppercased() + result.dropFirst() }
        if let first = result.unicodeScalars.first, !(("A"..."Z").contains(first) || ("0"..."9").contains(first)) {
            result = "X" + result
        }
        return result
    }

    /// A beancount string: backslashes and quotes escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
