import Foundation
import KakeiboDomain

/// One statement row read through the rules: a date, a non-zero amount, the account it moves to.
/// Pure (no ledger), so the fuzzer can drive it with the CSV reader.
struct CSVRow {
    var location: SourceLocation
    var cells: [String]
    var date: LocalDate
    var amount: Money
    var payee: String?
    var memo: String?
    var account2: AccountName
    /// No `if` block chose account2 and the fallback is an `…:unknown` account.
    var uncategorised = false

    init(_ record: CSVTable.Record, file: String, rules: CSVRules, currency: Currency) throws(ImportError) {
        let location = SourceLocation(file: file, line: record.line, column: 1,
                                      text: record.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
        func at(_ cell: CSVTable.Cell?) -> SourceLocation { location.at(column: cell?.column ?? 1) }
        guard record.cells.count >= rules.fields.count,
              record.cells.dropFirst(rules.fields.count).allSatisfy({ $0.text.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw .syntax(at(nil), expected: "\(rules.fields.count) fields as the fields rule names", found: "\(record.cells.count)")
        }
        var cellByField: [String: CSVTable.Cell] = [:]
        for (field, cell) in zip(rules.fields, record.cells) where field != "_" && !field.isEmpty { cellByField[field] = cell }
        func text(_ field: String) -> String? {
            cellByField[field].flatMap { UntrustedText.clean(Substring($0.text)) }
        }

        let dateCell = cellByField["date"]!
        let date: LocalDate
        if let format = rules.dateFormat {
            date = try format.date(dateCell.text, at: at(dateCell))
        } else {
            date = try AmountSyntax.date(Substring(dateCell.text.trimmingCharacters(in: .whitespaces)), at: at(dateCell))
        }
        var rowCurrency = currency
        if let code = text("currency") { rowCurrency = try AmountSyntax.currency(code, at: at(cellByField["currency"])) }
        let syntax = AmountSyntax(decimalComma: [:], defaultDecimalComma: rules.decimalComma)
        func amount(_ field: String) throws(ImportError) -> Money? {
            guard let cell = cellByField[field], let value = UntrustedText.clean(Substring(cell.text)) else { return nil }
            let hasCommodity = value.unicodeScalars.contains { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || AmountSyntax.symbols[$0] != nil }
            var syntax = syntax
            let money = try syntax.amount(Substring(hasCommodity ? value : value + " " + rowCurrency.code), at: at(cell))
            guard money.currency == rowCurrency else {
                throw .currencyMismatch(at(cell), account: rules.account1!.rawValue, accountCurrency: rowCurrency.code, found: money.currency.code)
            }
            return money
        }
        var total: Money
        if cellByField["amount"] != nil {
            guard let value = try amount("amount") else { throw .syntax(at(cellByField["amount"]), expected: "an amount", found: "an empty cell") }
            total = value
        } else {
            let incoming = try amount("amount-in"), outgoing = try amount("amount-out")
            switch (incoming, outgoing) {
            case let (value?, nil): total = value
            case let (nil, value?):
                do { total = try value.negated() } catch { throw .invalidAmount(at(cellByField["amount-out"]), text: value.description, reason: error.description) }
            case (nil, nil):
                throw .syntax(at(cellByField["amount-in"] ?? cellByField["amount-out"]), expected: "an amount in or out", found: "two empty cells")
            case (_?, _?):
                throw .syntax(at(cellByField["amount-out"]), expected: "an amount in or out, not both", found: "both")
            }
        }
        guard !total.isZero else {
            throw .invalidAmount(at(cellByField["amount"] ?? cellByField["amount-in"]), text: "0",
                                 reason: "a zero amount moves nothing; add `skip` or remove the row")
        }
        var payee = text("description") ?? text("payee")
        var account2 = rules.account2 ?? (try? AccountName(total.isNegative ? "expenses:unknown" : "income:unknown"))!
        let matched = rules.matching(record.text)
        if let target = matched.account2 { account2 = target }
        if let description = matched.description { payee = description }
        let ruled = matched.account2 != nil
        for value in [payee, text("note") ?? text("comment")] {
            if let value, !FreeText.fitsLength(value) {
                throw .invalidText(at(nil), reason: "text longer than \(FreeText.maximumBytes) bytes; shorten it")
            }
        }
        self.location = at(nil)
        self.cells = record.cells.map { $0.text.trimmingCharacters(in: .whitespaces) }
        self.date = date
        self.amount = total
        self.payee = payee
        self.memo = text("note") ?? text("comment")
        self.account2 = account2
        self.uncategorised = !ruled && account2.components.last == "unknown"
    }
}

