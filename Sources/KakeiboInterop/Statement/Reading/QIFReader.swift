import KakeiboDomain

/// Quicken Interchange Format, the bank and card sections (`!Type:Bank`, `!Type:CCard`, `!Type:Cash`,
/// `!Type:Oth A`, `!Type:Oth L`): records of `D` date, `T` (or `U`) amount, `P` payee, `M` memo,
/// `N` check number, `L` category, split lines, ended by `^`. Account lists, categories, classes and
/// memorised transactions are passed over; investment sections are refused. QIF has no
/// transaction ids, no currency and no balance.
///
/// Dates: `1/5/26`, `01/05/2026`, `1/ 5'26` (Quicken's apostrophe: 2000 + the two digits),
/// `2026-01-05`, `05.01.2026`. Day and month order is decided for the whole file: a first number
/// above 12 anywhere means day first, a second above 12 month first; both at once is refused, and a
/// file that never tells is read month first (Quicken's US order) unless its dates use `.`.
enum QIFReader {
    private struct RawDate { var first: Int; var second: Int; var year: Int; var yearFirst: Bool; var dotted: Bool; var location: SourceLocation; var text: String }

    static func read(_ text: String, file: String) throws(ImportError) -> Statement {
        let lines = StatementLines.split(text)
        var statement = Statement(format: .qif)
        struct Pending { var date: RawDate?; var amount: String?; var amountLocation: SourceLocation?; var payee: String?; var memo: String?; var number: String?; var start: SourceLocation? }
        var records: [Pending] = []
        var current = Pending()
        var section: String?
        var inTransactions = false
        var sawSection = false
        for (offset, raw) in lines.enumerated() {
            let line = raw.trimmingBankSpaces()
            let location = SourceLocation(file: file, line: offset + 1, column: 1, text: String(raw).shortened(to: 200))
            guard let code = line.first else { continue }
            let value = String(line.dropFirst())
            if code == "!" {
                let header = value.lowercased().replacingOccurrences(of: " ", with: "")
                if header.hasPrefix("type:") {
                    section = String(header.dropFirst(5))
                    sawSection = true
                    switch section! {
                    case "bank", "ccard", "cash", "otha", "othl", "oth": inTransactions = true
                    case "invst", "port":
                        throw .unsupported(location, found: "an investment section (!Type:\(value.dropFirst(5)))", hint: "import bank and card sections")
                    default: inTransactions = false // Cat, Class, Memorized, …
                    }
                } else if header.hasPrefix("account") {
                    inTransactions = false; sawSection = true
                } else if header.hasPrefix("option") || header.hasPrefix("clear") {
                    continue
                } else {
                    throw .syntax(location, expected: "a QIF header such as !Type:Bank", found: "\"\(line)\"")
                }
                current = Pending()
                continue
            }
            // quiffen's test files open with `### comment` lines; no QIF field starts with `#`.
            if code == "#" && !sawSection { continue }
            guard sawSection else { throw .syntax(location, expected: "a QIF header such as !Type:Bank first", found: "\"\(line)\"") }
            guard inTransactions else { continue }
            if current.start == nil && code != "^" { current.start = location }
            switch code {
            case "D": current.date = try rawDate(value, at: location)
            case "T": current.amount = value; current.amountLocation = location
            case "U": if current.amount == nil { current.amount = value; current.amountLocation = location }
            case "P": current.payee = StatementLines.clean(value)
            case "M": current.memo = StatementLines.clean(value)
            case "N": current.number = StatementLines.clean(value)
            case "^":
                if current.start != nil { records.append(current) }
                current = Pending()
            default: continue // L category, C cleared, A address, S/E/$ splits, …
            }
        }
        if current.start != nil {
            // The last record may end without `^`, but only if it is whole.
            guard current.date != nil, current.amount != nil else {
                throw .syntax(current.start!, expected: "a record ended by ^", found: "the end of the file")
            }
            records.append(current)
        }
        // Day and month order, for the whole file.
        let dates = records.compactMap(\.date).filter { !$0.yearFirst }
        let dayFirst = dates.first { $0.first > 12 }, monthFirst = dates.first { $0.second > 12 }
        if let dayFirst, let monthFirst {
            throw .invalidDate(monthFirst.location, text: monthFirst.text,
                               reason: "the file writes the day first (\(dayFirst.text), line \(dayFirst.location.line)) and here the month first")
        }
        let readDayFirst = dayFirst != nil || (monthFirst == nil && dates.contains { $0.dotted })
        for record in records {
            guard let raw = record.date else { throw .syntax(record.start!, expected: "a D date line in the record", found: "none") }
            guard let amountText = record.amount, let at = record.amountLocation else {
                throw .syntax(record.start!, expected: "a T amount line in the record", found: "none")
            }
            guard let amount = StatementAmount.parse(amountText, groupingComma: !readDayFirst) else {
                throw .invalidAmount(at, text: amountText, reason: "it is not a number")
            }
            let (month, day) = raw.yearFirst || !readDayFirst ? (raw.first, raw.second) : (raw.second, raw.first)
            let date: LocalDate
            do { date = try LocalDate(year: raw.year, month: month, day: day) } catch {
                throw .invalidDate(raw.location, text: raw.text, reason: error.description)
            }
            if amount.mantissa == 0 {
                statement.skipped.append("\(record.start!.fileAndLine): a zero amount")
                continue
            }
            statement.transactions.append(StatementTransaction(date: date, amount: amount, payee: record.payee, memo: record.memo,
                                                               bankID: nil, location: record.start!))
        }
        return statement
    }

    private static func rawDate(_ text: String, at location: SourceLocation) throws(ImportError) -> RawDate {
        var numbers: [(value: Int, digits: Int)] = []
        var separators: [Character] = []
        var digits = ""
        for character in text {
            if character.isASCII && character.isNumber {
                // More than four digits is no part of a date (and would overflow Int: FuzzQIFReader).
                guard digits.count < 4 else { throw .invalidDate(location, text: text, reason: "a QIF date is three numbers, like 1/5/26 or 1/ 5'26") }
                digits.append(character)
            } else if character == " " {
                continue
            } else if "/.-'".contains(character) {
                guard !digits.isEmpty else { throw .invalidDate(location, text: text, reason: "a QIF date is three numbers, like 1/5/26 or 1/ 5'26") }
                numbers.append((Int(digits)!, digits.count)); digits = ""
                separators.append(character)
            } else {
                throw .invalidDate(location, text: text, reason: "a QIF date is three numbers, like 1/5/26 or 1/ 5'26")
            }
        }
        if !digits.isEmpty { numbers.append((Int(digits)!, digits.count)) }
        guard numbers.count == 3, separators.count == 2, numbers.allSatisfy({ $0.digits <= 4 }) else {
            throw .invalidDate(location, text: text, reason: "a QIF date is three numbers, like 1/5/26 or 1/ 5'26")
        }
        if numbers[0].digits == 4 {
            return RawDate(first: numbers[1].value, second: numbers[2].value, year: numbers[0].value, yearFirst: true, dotted: false,
                           location: location, text: text)
        }
        var year = numbers[2].value
        switch numbers[2].digits {
        case 4: break
        case 1, 2: year += separators[1] == "'" ? 2000 : (year >= 70 ? 1900 : 2000)
        default: throw .invalidDate(location, text: text, reason: "the year has \(numbers[2].digits) digits")
        }
        return RawDate(first: numbers[0].value, second: numbers[1].value, year: year, yearFirst: false, dotted: separators[0] == ".",
                       location: location, text: text)
    }
}
