import KakeiboDomain

/// ISO 20022 bank-to-customer statements, camt.053.001.* (any version: the element names this
/// reads have not changed since .02). Booked entries only (`<Sts>BOOK</Sts>`, or `<Sts><Cd>BOOK`
/// from .09 on); pending and informational ones are listed as skipped. The sign comes from
/// CdtDbtInd (DBIT leaves the account). The date is BookgDt (Dt, or DtTm's date), else ValDt.
///
/// A batch — one entry whose NtryDtls hold several TxDtls, each with its amount — becomes one
/// transaction per TxDtls when their amounts add up to the entry's; otherwise the entry stays one
/// transaction with its own amount, so no figure is ever made up. The counterparty (Cdtr for a
/// debit, Dbtr for a credit; `Pty/Nm` from .08 on) is the payee, the unstructured remittance
/// information the memo, AcctSvcrRef the bank id (else NtryRef, else the TxDtls' own references).
///
/// Errors name the line and the element's path, e.g. `…/Stmt/Ntry[3]/Amt`.
enum CAMT053Reader {
    static func read(_ text: String, file: String) throws(ImportError) -> Statement {
        let root = try StatementXML.parse(text, file: file, uppercased: false)
        let lines = StatementLines.split(text)
        func location(_ node: StatementNode) -> SourceLocation {
            let excerpt = node.line >= 1 && node.line <= lines.count ? String(lines[node.line - 1]).shortened(to: 200) : ""
            return SourceLocation(file: file, line: node.line, column: 1, text: excerpt)
        }
        func fail(_ node: StatementNode, expected: String, found: String) -> ImportError {
            .syntax(location(node), expected: expected, found: "\(found) at \(node.elementPath)")
        }
        guard let report = root.descendants("BkToCstmrStmt").first else {
            throw .syntax(SourceLocation(file: file, line: 1), expected: "a camt.053 document (Document/BkToCstmrStmt)", found: "none")
        }
        var statement = Statement(format: .camt053)
        let statements = report.all("Stmt")
        guard !statements.isEmpty else { throw fail(report, expected: "a Stmt element", found: "none") }

        func amount(_ node: StatementNode, sign indicator: String?) throws(ImportError) -> (ExactDecimal, Currency?) {
            guard let value = node.text.trimmingBankSpaces().nonEmpty, let number = StatementAmount.parse(value), !number.isNegative else {
                throw fail(node, expected: "an amount like 12.34", found: "\"\(node.text.trimmingBankSpaces())\"")
            }
            var currency: Currency?
            if let code = node.attributes["Ccy"] {
                guard let named = StatementCurrency.named(code) else { throw .unknownCommodity(location(node), code) }
                currency = named
            }
            switch indicator {
            case "CRDT": return (number, currency)
            case "DBIT": return (number.negatedExactly, currency)
            default: throw fail(node, expected: "CdtDbtInd CRDT or DBIT", found: "\"\(indicator ?? "none")\"")
            }
        }
        func date(_ node: StatementNode?) throws(ImportError) -> LocalDate? {
            guard let node else { return nil }
            guard let text = node.value("Dt") ?? node.value("DtTm") else { return nil }
            do { return try LocalDate(iso: String(text.prefix(10))) } catch {
                throw .invalidDate(location(node), text: text, reason: "\(error.description) (at \(node.elementPath))")
            }
        }
        func useCurrency(_ currency: Currency?, at node: StatementNode) throws(ImportError) {
            guard let currency else { return }
            if let known = statement.currency, known != currency {
                throw .currencyMismatch(location(node), account: "the statement", accountCurrency: known.code, found: currency.code)
            }
            statement.currency = currency
        }

        var closing: StatementBalance?
        for stmt in statements {
            if let code = stmt.value("Acct", "Ccy") {
                guard let currency = StatementCurrency.named(code) else { throw .unknownCommodity(location(stmt.path("Acct", "Ccy")!), code) }
                try useCurrency(currency, at: stmt.path("Acct", "Ccy")!)
            }
            for balance in stmt.all("Bal") {
                let type = balance.value("Tp", "CdOrPrtry", "Cd") ?? balance.value("Tp", "CdOrPrtry", "Prtry")
                guard type == "CLBD", let amountNode = balance.child("Amt") else { continue }
                let (value, currency) = try amount(amountNode, sign: balance.value("CdtDbtInd"))
                try useCurrency(currency, at: amountNode)
                guard let day = try date(balance.child("Dt")) else { throw fail(balance, expected: "Dt in the closing balance", found: "none") }
                if closing == nil || day >= closing!.date { closing = StatementBalance(date: day, amount: value, location: location(amountNode)) }
            }
            for entry in stmt.all("Ntry") {
                let status = entry.value("Sts") ?? entry.value("Sts", "Cd") ?? entry.value("Sts", "Prtry")
                guard status?.uppercased() == "BOOK" else {
                    statement.skipped.append("\(location(entry).fileAndLine): an entry that is not booked (\(status ?? "no status"))")
                    continue
                }
                guard let amountNode = entry.child("Amt") else { throw fail(entry, expected: "Amt in the entry", found: "none") }
                let indicator = entry.value("CdtDbtInd")
                let (total, currency) = try amount(amountNode, sign: indicator)
                try useCurrency(currency, at: amountNode)
                let booked = try date(entry.child("BookgDt")), valued = try date(entry.child("ValDt"))
                guard let day = booked ?? valued else {
                    throw fail(entry, expected: "BookgDt or ValDt in the entry", found: "none")
                }
                let entryID = entry.value("AcctSvcrRef") ?? entry.value("NtryRef")
                let details = entry.all("NtryDtls").flatMap { $0.all("TxDtls") }
                let entryMemo = entry.value("AddtlNtryInf").flatMap(StatementLines.clean)
                // A batch whose parts add up: one transaction each.
                if details.count > 1 {
                    var parts: [(ExactDecimal, StatementNode)] = []
                    var sum: ExactDecimal? = ExactDecimal(mantissa: 0, scale: 0)
                    for detail in details {
                        guard let node = detail.path("Amt") ?? detail.path("AmtDtls", "TxAmt", "Amt") else { sum = nil; break }
                        let (part, partCurrency) = try amount(node, sign: detail.value("CdtDbtInd") ?? indicator)
                        guard partCurrency == nil || partCurrency == currency || currency == nil else { sum = nil; break }
                        parts.append((part, detail))
                        sum = sum?.addingExactly(part)
                    }
                    if let sum, sum.isSameNumber(as: total), parts.allSatisfy({ $0.0.mantissa != 0 }) {
                        for (index, (part, detail)) in parts.enumerated() {
                            // The entry's reference and the part's place: parts often repeat the entry's own reference.
                            let id = entryID.map { "\($0)/\(index + 1)" } ?? detail.value("Refs", "AcctSvcrRef")
                            statement.transactions.append(StatementTransaction(
                                date: day, amount: part, payee: payee(detail, debit: part.isNegative),
                                memo: memo(detail) ?? entryMemo, bankID: id.flatMap(StatementLines.clean), location: location(detail)))
                        }
                        continue
                    }
                }
                if total.mantissa == 0 {
                    statement.skipped.append("\(location(entry).fileAndLine): a zero amount")
                    continue
                }
                let detail = details.count == 1 ? details[0] : nil
                let id = entryID ?? detail?.value("Refs", "AcctSvcrRef")
                statement.transactions.append(StatementTransaction(
                    date: day, amount: total, payee: detail.flatMap { payee($0, debit: total.isNegative) },
                    memo: detail.flatMap(memo) ?? entryMemo, bankID: id.flatMap(StatementLines.clean), location: location(entry)))
            }
        }
        statement.closingBalance = statements.count == 1 ? closing : nil
        return statement
    }

    /// Who the money went to (a debit: the creditor) or came from (a credit: the debtor).
    static func payee(_ detail: StatementNode, debit: Bool) -> String? {
        guard let parties = detail.child("RltdPties") else { return nil }
        let order = debit ? ["Cdtr", "UltmtCdtr", "Dbtr"] : ["Dbtr", "UltmtDbtr", "Cdtr"]
        for role in order {
            if let name = parties.value(role, "Nm") ?? parties.value(role, "Pty", "Nm") { return StatementLines.clean(name) }
        }
        return nil
    }

    static func memo(_ detail: StatementNode) -> String? {
        let lines = detail.child("RmtInf")?.all("Ustrd").compactMap { $0.text.trimmingBankSpaces().nonEmpty } ?? []
        if !lines.isEmpty { return StatementLines.clean(lines.joined(separator: " ")) }
        return detail.value("AddtlTxInf").flatMap(StatementLines.clean)
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
