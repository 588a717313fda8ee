import KakeiboDomain

/// OFX and QFX bank and card statements (OFX 1.x SGML, 2.x XML): every STMTRS and CCSTMTRS, their
/// STMTTRN (DTPOSTED, TRNAMT, FITID, NAME or PAYEE/NAME, MEMO), CURDEF and LEDGERBAL. QFX is OFX
/// with Intuit's extra aggregates (INTU.BID and the like), which are ignored.
///
/// Liberal where banks differ and the figure is still certain: lower-case tags, missing close
/// tags, `+` signs, a `,` decimal mark, times and zones after the date (`20260105120000.000[-5:EST]`
/// is 5 January 2026: the date the bank wrote, not moved to UTC). Strict where it is not: a
/// transaction without a date or an amount, an amount that is not a number, a date that is not
/// one, a response the bank marked ERROR.
enum OFXReader {
    static func read(_ text: String, file: String) throws(ImportError) -> Statement {
        let lines = StatementLines.split(text)
        func location(_ node: StatementNode) -> SourceLocation {
            let excerpt = node.line >= 1 && node.line <= lines.count ? String(lines[node.line - 1]).shortened(to: 200) : ""
            return SourceLocation(file: file, line: node.line, column: 1, text: excerpt)
        }
        let root: StatementNode
        let head = text.prefix(512).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if head.hasPrefix("<?xml") || head.hasPrefix("<?OFX") || head.hasPrefix("<?ofx") {
            // OFX 2: well-formed XML through XMLParser; a file that only looks like it is read by its tags.
            if let xml = try? StatementXML.parse(text, file: file, uppercased: true) { root = xml } else {
                root = try OFXTokenizer.parse(text, file: file).root
            }
        } else {
            root = try OFXTokenizer.parse(text, file: file).root
        }
        guard let ofx = root.descendants("OFX").first ?? (root.name == "OFX" ? root : nil) else {
            throw .syntax(SourceLocation(file: file, line: 1), expected: "an <OFX> element", found: "none")
        }
        var statement = Statement(format: .ofx)
        var warnings: [String] = []
        // STATUS aggregates: ERROR stops a response, WARN and INFO are reported.
        for status in ofx.descendants("STATUS") {
            let severity = status.value("SEVERITY")?.uppercased() ?? "INFO"
            let code = status.value("CODE") ?? "?"
            let message = status.value("MESSAGE").flatMap(StatementLines.clean)
            let said = "code \(code)" + (message.map { ": \($0)" } ?? "")
            if severity == "ERROR" {
                // A failed sign-on carries nothing; a failed statement request, no statement.
                let noStatements = ofx.descendants("STMTRS").isEmpty && ofx.descendants("CCSTMTRS").isEmpty
                if status.parent?.name == "SONRS" || noStatements {
                    throw .refused(location(status), reason: "the bank reported an error instead of a statement (\(said))")
                }
                warnings.append("error \(said)")
            } else if code != "0" || severity == "WARN" {
                warnings.append("\(severity.lowercased()) \(said)")
            }
        }
        let statements = ofx.descendants("STMTRS") + ofx.descendants("CCSTMTRS")
        guard !statements.isEmpty else {
            if !ofx.descendants("INVSTMTRS").isEmpty {
                throw .unsupported(location(ofx.descendants("INVSTMTRS")[0]), found: "an investment statement (INVSTMTRS)",
                                   hint: "import bank and card statements (STMTRS, CCSTMTRS)")
            }
            throw .syntax(location(ofx), expected: "a bank or card statement (STMTRS or CCSTMTRS)", found: "none")
        }
        var closing: StatementBalance?
        for response in statements.sorted(by: { $0.line < $1.line }) {
            if let code = response.value("CURDEF") {
                let currency = try currencyCode(code, at: location(response.child("CURDEF")!))
                if let known = statement.currency, known != currency {
                    throw .refused(location(response.child("CURDEF")!),
                                   reason: "the file holds statements in \(known.code) and \(currency.code); import one currency at a time")
                }
                statement.currency = currency
            }
            for list in response.all("BANKTRANLIST") {
                for entry in list.all("STMTTRN") {
                    let currency = statement.currency
                    if let transaction = try self.transaction(entry, at: location(entry), currency: currency, statement: &statement) {
                        statement.transactions.append(transaction)
                    }
                }
            }
            if let balance = response.child("LEDGERBAL"), let amountText = balance.value("BALAMT") {
                let at = location(balance.child("BALAMT")!)
                guard let amount = StatementAmount.parse(amountText) else {
                    throw .invalidAmount(at, text: amountText, reason: "LEDGERBAL's BALAMT is not a number")
                }
                guard let dateText = balance.value("DTASOF") else {
                    throw .syntax(location(balance), expected: "DTASOF in LEDGERBAL", found: "none")
                }
                let date = try self.date(dateText, at: location(balance.child("DTASOF")!))
                if closing == nil || date >= closing!.date { closing = StatementBalance(date: date, amount: amount, location: at) }
            }
        }
        // Several statements in one file: a closing balance only says something when there is one account.
        statement.closingBalance = statements.count == 1 ? closing : nil
        statement.warnings = warnings
        return statement
    }

    static func transaction(_ entry: StatementNode, at location: SourceLocation, currency: Currency?,
                            statement: inout Statement) throws(ImportError) -> StatementTransaction? {
        guard let dateText = entry.value("DTPOSTED") ?? entry.value("DTUSER") else {
            throw .syntax(location, expected: "DTPOSTED in STMTTRN", found: "none")
        }
        let dateLocation = entry.child("DTPOSTED").map { SourceLocation(file: location.file, line: $0.line, column: 1, text: location.text) } ?? location
        let date = try self.date(dateText, at: dateLocation)
        guard let amountText = entry.value("TRNAMT") else {
            throw .syntax(location, expected: "TRNAMT in STMTTRN", found: "none")
        }
        let amountNode = entry.child("TRNAMT")!
        let amountLocation = SourceLocation(file: location.file, line: amountNode.line, column: 1, text: location.text)
        guard let amount = StatementAmount.parse(amountText) else {
            throw .invalidAmount(amountLocation, text: amountText, reason: "TRNAMT is not a number")
        }
        // An amount in another currency than CURDEF (not ORIGCURRENCY, which is for information).
        // A statement without CURDEF (an empty one: ofxparse's ofx-v102-empty-tags.ofx) takes the first such currency.
        if let other = entry.value("CURRENCY", "CURSYM"), let code = try? currencyCode(other, at: location), code != currency {
            guard currency == nil, statement.currency == nil else {
                throw .currencyMismatch(amountLocation, account: "the statement", accountCurrency: (currency ?? statement.currency)?.code ?? "its own currency",
                                        found: code.code)
            }
            statement.currency = code
        }
        let fitid = entry.value("FITID").flatMap(StatementLines.clean)
        if amount.mantissa == 0 {
            statement.skipped.append("\(location.fileAndLine): a zero amount (\(fitid ?? "no FITID"))")
            return nil
        }
        let payee = (entry.value("NAME") ?? entry.value("PAYEE", "NAME")).flatMap(StatementLines.clean)
        let memo = entry.value("MEMO").flatMap(StatementLines.clean)
        return StatementTransaction(date: date, amount: amount, payee: payee, memo: memo, bankID: fitid, location: location)
    }

    /// `YYYYMMDD`, then optionally `HHMMSS`, `.XXX` and a zone `[-5:EST]`: the first eight digits are the date.
    static func date(_ text: String, at location: SourceLocation) throws(ImportError) -> LocalDate {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(digits.count)
        guard digits.count >= 8, [8, 10, 12, 14].contains(digits.count),
              rest.isEmpty || rest.first == "." || rest.first == "[" || rest.first == " " else {
            throw .invalidDate(location, text: text, reason: "an OFX date is YYYYMMDD, optionally followed by a time")
        }
        let year = Int(digits.prefix(4))!, month = Int(digits.dropFirst(4).prefix(2))!, day = Int(digits.dropFirst(6).prefix(2))!
        do { return try LocalDate(year: year, month: month, day: day) } catch {
            throw .invalidDate(location, text: text, reason: error.description)
        }
    }

    static func currencyCode(_ text: String, at location: SourceLocation) throws(ImportError) -> Currency {
        guard let currency = StatementCurrency.named(text.uppercased()) else { throw .unknownCommodity(location, text) }
        return currency
    }
}
