import KakeiboDomain

/// SWIFT MT940 customer statements: `:20:` reference, `:25:` account, `:28C:` number, `:60F:`/`:60M:`
/// opening balance (its currency is the statement's), `:61:` lines each followed by an optional
/// `:86:` (several lines), `:62F:`/`:62M:` closing balance. SWIFT's `{1:…}{2:…}{4:` envelope and `-}`
/// are passed over; several statements may follow each other.
///
/// `:61:` is `YYMMDD[MMDD](C|D|RC|RD)[funds code]amount type reference[//bank reference]`: the date is
/// the value date (the first six digits, the one field every bank writes; the entry date MMDD is
/// optional, has no year, and is left out by some banks). It is also the date mt-940 gives as
/// `date`, and so the one beangulp-mt940 and the importers built on that library book: a ledger
/// read beside theirs agrees day for day. The amount uses `,` as
/// its decimal mark, C credits and D debits the account, RC (a reversed credit) debits and RD
/// credits. The bank id is the account owner's reference unless it is NONREF, else the bank's.
/// `:86:` in the German structured form (`?20`…`?29` purpose, `?32`/`?33` name) gives payee and
/// memo; free text is the payee.
enum MT940Reader {
    private struct Field { var tag: String; var lines: [Substring]; var location: SourceLocation }

    static func read(_ text: String, file: String) throws(ImportError) -> Statement {
        let lines = StatementLines.split(text)
        var fields: [Field] = []
        for (offset, raw) in lines.enumerated() {
            var line = raw
            let location = SourceLocation(file: file, line: offset + 1, column: 1, text: String(raw).shortened(to: 200))
            // The envelope: `{1:F01…}{2:O940…}{4:` before the first field, `-}` after the last.
            if line.hasPrefix("{") {
                guard let body = line.range(of: "{4:") else { continue }
                line = line[body.upperBound...]
                if line.trimmingBankSpaces().isEmpty { continue }
            }
            let trimmed = line.trimmingBankSpaces()
            if trimmed == "-" || trimmed == "-}" || trimmed.hasPrefix("-}{") || (trimmed.isEmpty && fields.last?.tag != "86") { continue }
            if line.first == ":", let tagEnd = line.dropFirst().firstIndex(of: ":"),
               line.distance(from: line.startIndex, to: tagEnd) <= 4,
               line[line.index(after: line.startIndex)..<tagEnd].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }) {
                let tag = String(line[line.index(after: line.startIndex)..<tagEnd])
                fields.append(Field(tag: tag, lines: [line[line.index(after: tagEnd)...]], location: location))
                continue
            }
            // Lines before the first field: a bank's own header (ABN AMRO writes `ABNANL2A`, `940`).
            guard !fields.isEmpty else { continue }
            if trimmed.isEmpty { continue }
            fields[fields.count - 1].lines.append(line)
        }
        guard fields.contains(where: { $0.tag == "20" }) else {
            throw .syntax(SourceLocation(file: file, line: 1), expected: "an MT940 statement starting with :20:", found: "none")
        }
        var statement = Statement(format: .mt940)
        var accounts: Set<String> = []
        var closing: StatementBalance?
        var index = 0
        while index < fields.count {
            let field = fields[index]
            index += 1
            switch field.tag {
            case "25":
                accounts.insert(field.lines[0].trimmingBankSpaces())
            case "60F", "60M", "62F", "62M", "64":
                let (amount, currency, date) = try balance(field)
                if let known = statement.currency, let currency, known != currency {
                    throw .currencyMismatch(field.location, account: "the statement", accountCurrency: known.code, found: currency.code)
                }
                statement.currency = currency ?? statement.currency
                if field.tag == "62F" || (field.tag == "62M" && closing == nil) {
                    if closing == nil || date >= closing!.date { closing = StatementBalance(date: date, amount: amount, location: field.location) }
                }
            case "61":
                var details: Field?
                if index < fields.count, fields[index].tag == "86" { details = fields[index]; index += 1 }
                if let transaction = try self.transaction(field, details: details, statement: &statement) {
                    statement.transactions.append(transaction)
                }
            default:
                continue
            }
        }
        statement.closingBalance = accounts.count <= 1 ? closing : nil
        return statement
    }

    private static func transaction(_ field: Field, details: Field?, statement: inout Statement) throws(ImportError) -> StatementTransaction? {
        let line = Array(field.lines[0].trimmingBankSpaces())
        var i = 0
        func refuse(_ expected: String) -> ImportError {
            .syntax(field.location.at(column: i + 5), expected: expected, found: "\"\(String(line[min(i, line.count)...]).shortened(to: 40))\"")
        }
        func digits(_ count: Int) -> Int? {
            guard i + count <= line.count, line[i..<i + count].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            defer { i += count }
            return Int(String(line[i..<i + count]))
        }
        guard let yymmdd = digits(6) else { throw refuse("a value date YYMMDD") }
        let valueDate: LocalDate
        do { valueDate = try LocalDate(year: century(yymmdd / 10000), month: yymmdd / 100 % 100, day: yymmdd % 100) } catch {
            // German banks count value dates in 30-day months (`160230`, interest's 30/360 convention): such a day
            // is the month's last, as mt-940 and the importers built on it read it. Day 32 or month 13 is no date.
            guard let last = lastDayOfMonth(yymmdd), yymmdd % 100 <= 31 else {
                throw .invalidDate(field.location.at(column: 5), text: String(line.prefix(6)), reason: error.description)
            }
            valueDate = last
        }
        _ = digits(4) // the booking date MMDD, when given
        var negative: Bool
        if i + 1 < line.count, line[i] == "R", line[i + 1] == "C" || line[i + 1] == "D" {
            negative = line[i + 1] == "C"; i += 2
        } else if i < line.count, line[i] == "C" || line[i] == "D" {
            negative = line[i] == "D"; i += 1
        } else {
            throw refuse("C, D, RC or RD")
        }
        if i < line.count, line[i].isLetter { i += 1 } // funds code
        let amountStart = i
        while i < line.count, (line[i].isASCII && line[i].isNumber) || line[i] == "," { i += 1 }
        let amountText = String(line[amountStart..<i])
        // SWIFT's amount always has a `,`; Knab writes whole euros without one (`C500NTRF`): still one number.
        guard amountText.first?.isNumber == true, amountText.filter({ $0 == "," }).count <= 1,
              let magnitude = StatementAmount.parse(amountText.hasSuffix(",") ? String(amountText.dropLast()) : amountText) else {
            throw .invalidAmount(field.location.at(column: amountStart + 5), text: amountText, reason: "an MT940 amount is digits with a , decimal mark")
        }
        // Transaction type: N, F or S and three characters; then the references.
        var ownReference: String?, bankReference: String?
        if i + 4 <= line.count, "NFS".contains(line[i]) {
            i += 4
            let rest = String(line[i...])
            if let slashes = rest.range(of: "//") {
                ownReference = String(rest[..<slashes.lowerBound])
                bankReference = String(rest[slashes.upperBound...])
            } else {
                ownReference = rest
            }
        }
        let amount = negative ? magnitude.negatedExactly : magnitude
        let id = [ownReference, bankReference].compactMap { $0?.trimmingBankSpaces().nonEmpty }
            .first { $0.uppercased() != "NONREF" }
        let supplementary = field.lines.dropFirst().map { $0.trimmingBankSpaces() }.joined(separator: " ").nonEmpty
        if amount.mantissa == 0 {
            statement.skipped.append("\(field.location.fileAndLine): a zero amount")
            return nil
        }
        var payee: String?, memo: String?
        if let details {
            (payee, memo) = describe(details.lines)
        }
        if payee == nil { payee = supplementary.flatMap(StatementLines.clean) }
        return StatementTransaction(date: valueDate, amount: amount, payee: payee, memo: memo, bankID: id.flatMap(StatementLines.clean),
                                    location: field.location)
    }

    /// `:86:` as payee and memo. Structured text's lines are one text broken at 27 or 65 characters
    /// (its `?NN` codes mark the parts), so they are joined as they are; free text's with a space.
    static func describe(_ lines: [Substring]) -> (payee: String?, memo: String?) {
        let head = lines.first ?? ""
        let structured = head.firstIndex(of: "?").map { head[..<$0].count <= 3 && head[..<$0].allSatisfy(\.isNumber) } ?? false
        let text = lines.map(String.init).joined(separator: structured ? "" : " ")
        // Structured: `NNN?00posting text?20purpose…?32name?33name…`.
        if structured, let first = text.firstIndex(of: "?") {
            var purpose: [String] = [], name: [String] = []
            var postingText: String?
            for part in text[first...].split(separator: "?") {
                guard part.count >= 2, let code = Int(part.prefix(2)) else { continue }
                let value = String(part.dropFirst(2))
                switch code {
                case 0: postingText = value
                case 20...29, 60...63: purpose.append(value)
                case 32, 33: name.append(value)
                default: continue
                }
            }
            let payee = StatementLines.clean(name.joined()) ?? postingText.flatMap(StatementLines.clean)
            return (payee, StatementLines.clean(purpose.joined(separator: " ")))
        }
        return (StatementLines.clean(text), nil)
    }

    private static func balance(_ field: Field) throws(ImportError) -> (ExactDecimal, Currency?, LocalDate) {
        let text = field.lines[0].trimmingBankSpaces()
        let characters = Array(text)
        guard characters.count >= 11, characters[0] == "C" || characters[0] == "D",
              let yymmdd = Int(String(characters[1..<7])), characters[1..<7].allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .syntax(field.location.at(column: field.tag.count + 3), expected: "a balance like C260131EUR1234,56", found: "\"\(text.shortened(to: 40))\"")
        }
        // Some banks leave the currency out (`:62M:C020315105000,00`, mt-940's raphaelm.sta): the amount follows the date.
        let hasCode = characters[7..<10].allSatisfy { $0.isASCII && $0.isLetter }
        let code = String(characters[7..<10])
        var currency: Currency?
        if hasCode {
            guard let named = StatementCurrency.named(code) else { throw .unknownCommodity(field.location, code) }
            currency = named
        }
        let amountText = String(characters[(hasCode ? 10 : 7)...])
        guard amountText.contains(","), let magnitude = StatementAmount.parse(amountText), !magnitude.isNegative else {
            throw .invalidAmount(field.location, text: amountText, reason: "an MT940 amount is digits with a , decimal mark")
        }
        let date: LocalDate
        do { date = try LocalDate(year: century(yymmdd / 10000), month: yymmdd / 100 % 100, day: yymmdd % 100) } catch {
            throw .invalidDate(field.location, text: String(characters[1..<7]), reason: error.description)
        }
        return (characters[0] == "D" ? magnitude.negatedExactly : magnitude, currency, date)
    }

    /// The last day of YYMMDD's month, when its day is past it (30 February); nil for a month that is none.
    static func lastDayOfMonth(_ yymmdd: Int) -> LocalDate? {
        let year = century(yymmdd / 10000), month = yymmdd / 100 % 100
        guard (1...12).contains(month), yymmdd % 100 >= 29 else { return nil }
        for day in stride(from: 31, through: 28, by: -1) where day < yymmdd % 100 {
            if let date = try? LocalDate(year: year, month: month, day: day) { return date }
        }
        return nil
    }

    /// SWIFT's two-digit years: 80–99 are 1980–1999, the rest this century.
    static func century(_ yy: Int) -> Int { yy >= 80 ? 1900 + yy : 2000 + yy }
}
