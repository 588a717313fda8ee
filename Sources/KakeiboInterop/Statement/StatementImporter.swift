import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

/// Turns bank statement files into transactions between the bank account and the account the CSV
/// rules pick (payee rewrite, category by match), else the suggester's, else `expenses:unknown` /
/// `income:unknown`; every file of one import in one batch: all or nothing.
///
/// Each transaction is keyed by the account and the bank's id (FITID, AcctSvcrRef; an id the file
/// repeats, with its ordinal); an MT940 reference, which banks repeat, with the line's date, amount
/// and ordinal; without an id, by its date, amount, payee and its ordinal among the file's
/// transactions with the same three, so a second coffee on one day stays and a statement that
/// overlaps an earlier one appends only what is new. The key is an idempotency key in the log,
/// read back with `recordedIdempotencyKeys` as `import csv` does.
public enum StatementImporter {
    public struct Options: Sendable {
        public var account: String
        public var rules: CSVRules?
        public var format: StatementFormat?
        public var encoding: StatementEncoding?
        public init(account: String, rules: CSVRules? = nil, format: StatementFormat? = nil, encoding: StatementEncoding? = nil) {
            self.account = account; self.rules = rules; self.format = format; self.encoding = encoding
        }
    }

    public static func importStatements(paths: [String], options: Options, into ledger: Ledger) throws -> StatementImportReport {
        let statements = try paths.map { path throws(ImportError) in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ImportError.unreadable(path: path, reason: FileManager.default.fileExists(atPath: path)
                                             ? "permission denied or not a file" : "no such file", includedFrom: nil)
            }
            return (path, try StatementReader.read(bytes: [UInt8](data), file: path, format: options.format, encoding: options.encoding))
        }
        return try ConcurrentImport.retrying { try importOnce(statements, options: options, into: ledger) }
    }

    private static func importOnce(_ read: [(path: String, statement: Statement)], options: Options,
                                   into ledger: Ledger) throws -> StatementImportReport {
        // A currency the ISO table lacks (DEM) is taken at the precision this ledger declared it with, or refused.
        var statements = read
        for index in statements.indices {
            guard let found = statements[index].statement.currency, !found.isISO else { continue }
            guard let declared = try ledger.commodity(symbol: found.code) else {
                throw ImportError.undeclaredCurrency(SourceLocation(file: statements[index].path, line: 1), found.code)
            }
            statements[index].statement.currency = declared
        }
        let commandLine = SourceLocation(file: statements.first?.path ?? "", line: 1)
        let account: AccountName
        do { account = try AccountName(options.account) } catch { throw ImportError.invalidAccount(commandLine, reason: error.description) }
        let existing = Dictionary(try ledger.accounts().map { ($0.account.name, $0.account) }, uniquingKeysWith: { a, _ in a })
        let baseCurrency = try ledger.settings().baseCurrency
        let currency = existing[account]?.currency ?? statements.lazy.compactMap(\.statement.currency).first ?? baseCurrency
        var currencies: [AccountName: Currency] = existing.mapValues(\.currency)
        var entries: [(command: LedgerCommand, options: CommandOptions, location: SourceLocation)] = []
        var opened: [JournalImportReport.OpenedAccount] = []
        func open(_ name: AccountName, at location: SourceLocation) throws(ImportError) {
            if let held = currencies[name] {
                guard held == currency else {
                    throw .currencyMismatch(location, account: name.rawValue, accountCurrency: held.code, found: currency.code)
                }
                return
            }
            guard let type = AccountType(inferredFrom: name) else { throw .unknownAccountType(location, account: name.rawValue) }
            currencies[name] = currency
            opened.append(.init(name: name, type: type, currency: currency))
            entries.append((.openAccount(name: name.rawValue, type: type, currency: currency),
                            CommandOptions(source: .statementImport, provenance: location.fileAndLine), location))
        }
        try open(account, at: commandLine)

        var files: [StatementImportReport.File] = []
        var keysThisImport: Set<String> = []
        var planned: [(transaction: StatementTransaction, money: Money, key: String, file: Int)] = []
        for (index, (path, statement)) in statements.enumerated() {
            if let found = statement.currency, found != currency {
                throw ImportError.refused(SourceLocation(file: path, line: 1),
                                          reason: "the statement is in \(found.code) but \(account.rawValue) holds \(currency.code); "
                                              + "import it into an account in \(found.code)")
            }
            var ordinals: [String: Int] = [:]
            var keys: [String] = []
            for transaction in statement.transactions {
                let money = try self.money(transaction.amount, currency: currency, at: transaction.location)
                let identity: String
                if let id = transaction.bankID, statement.format == .mt940 {
                    // MT940's reference is the account owner's (or the bank's) free text, not an id of the line:
                    // sberbank writes `X` on every line, SNS the counterparty's account, Rabobank `EREF` (the corpus,
                    // Tests/Statements/corpus-check.sh). It keys a line together with its date and amount.
                    let same = "\(id)\u{1F}\(transaction.date)\u{1F}\(money.decimalString)"
                    let ordinal = ordinals["ref\u{1F}" + same, default: 0]
                    ordinals["ref\u{1F}" + same] = ordinal + 1
                    identity = "ref\u{1F}\(same)\u{1F}\(ordinal)"
                } else if let id = transaction.bankID {
                    // An id the file repeats is two lines all the same (ofx_br's duplicated FITID): the file lists both,
                    // so both are kept; the first keeps the plain key, so an overlapping file still finds it.
                    let ordinal = ordinals["id\u{1F}" + id, default: 0]
                    ordinals["id\u{1F}" + id] = ordinal + 1
                    identity = "id\u{1F}\(id)" + (ordinal == 0 ? "" : "\u{1F}\(ordinal)")
                } else {
                    let same = "\(transaction.date)\u{1F}\(money.decimalString)\u{1F}\(transaction.payee ?? "")"
                    let ordinal = ordinals[same, default: 0]
                    ordinals[same] = ordinal + 1
                    identity = "day\u{1F}\(same)\u{1F}\(ordinal)"
                }
                let text = "v1\u{1E}\(account.rawValue)\u{1E}\(identity)"
                keys.append("statement:" + sha256Hex(Array(text.utf8), prefix: 16))
                planned.append((transaction, money, keys.last!, index))
            }
            files.append(.init(path: path, format: statement.format, transactions: statement.transactions.count, appended: 0,
                               alreadyRecorded: 0, warnings: statement.warnings, skipped: statement.skipped))
        }
        let recorded = try ledger.recordedIdempotencyKeys(planned.map(\.key))
        // The second side of a payment already imported from another account (issue 32): the card's credit of
        // what checking paid is recorded once, as a transfer, and the first side is voided (`TransferMatcher`).
        let matcher = TransferMatcher()
        let dates = planned.map(\.transaction.date)
        var sides = try dates.min().map { first in
            try ledger.transferSides(from: first.adding(days: -matcher.days), through: dates.max()!.adding(days: matcher.days))
        } ?? []
        let accountID = existing[account]?.id ?? ""
        let bankAccount = [AccountType.asset, .liability].contains(existing[account]?.type ?? AccountType(inferredFrom: account))
        for (transaction, money, key, file) in planned {
            guard !recorded.contains(key), keysThisImport.insert(key).inserted else {
                files[file].alreadyRecorded += 1
                continue
            }
            files[file].appended += 1
            let rules = options.rules
            var payee = transaction.payee
            let matched = rules?.matching([transaction.payee, transaction.memo].compactMap { $0 }.joined(separator: " "))
            if let description = matched?.description { payee = description }
            let provenance = transaction.location.fileAndLine + (transaction.bankID.map { " id \($0)" } ?? "")
            if bankAccount, matched?.account2 == nil, let side = matcher.counterpart(accountID: accountID, date: transaction.date, amount: money, among: sides) {
                sides.removeAll { $0.transactionID == side.transactionID }
                let mine = TransferSide(transactionID: "", date: transaction.date, accountID: accountID, account: account, amount: money,
                                        payee: payee, counterAccount: side.account)
                let commands = Ledger.transferCommands(money.isNegative ? TransferPair(outgoing: mine, incoming: side)
                                                                        : TransferPair(outgoing: side, incoming: mine))
                entries.append((commands[0], CommandOptions(source: .statementImport, provenance: provenance, idempotencyKey: key, fingerprint: key),
                                transaction.location))
                for command in commands.dropFirst() {
                    entries.append((command, CommandOptions(source: .statementImport, provenance: provenance), transaction.location))
                }
                continue
            }
            var fallback = rules?.account2 ?? (try? AccountName(money.isNegative ? "expenses:unknown" : "income:unknown"))!
            // `expenses:unknown` already in the ledger's currency: a statement in another gets `expenses:unknown:EUR`.
            if rules?.account2 == nil, let held = currencies[fallback], held != currency {
                fallback = (try? AccountName(fallback.rawValue + ":" + currency.code)) ?? fallback
            }
            let other = matched?.account2 ?? fallback
            try open(other, at: transaction.location)
            for value in [payee, transaction.memo] {
                if let value, !FreeText.fitsLength(value) {
                    throw ImportError.invalidText(transaction.location, reason: "text longer than \(FreeText.maximumBytes) bytes")
                }
            }
            let negated: Money
            do { negated = try money.negated() } catch { throw ImportError.invalidAmount(transaction.location, text: money.decimalString, reason: error.description) }
            var input = LedgerCommand.TransactionInput(date: transaction.date, payee: payee, memo: transaction.memo, postings: [
                LedgerCommand.PostingInput(account: account.rawValue, amount: money.decimalString, currency: currency),
                LedgerCommand.PostingInput(account: other.rawValue, amount: negated.decimalString, currency: currency),
            ])
            if matched?.account2 == nil && other.components.last == "unknown" && money.isNegative { input.suggestCategoryFor = 1 }
            entries.append((.recordTransaction(input), CommandOptions(source: .statementImport, provenance: provenance,
                                                                      idempotencyKey: key, fingerprint: key), transaction.location))
        }
        // Each closing balance as a BalanceAsserted, keyed by account, date and amount: a statement imported again
        // (or one overlapping it that states the same day) asserts nothing new; a bank's restated balance does.
        var assertionKeys: [(key: String, file: Int, input: LedgerCommand.BalanceAssertionInput, location: SourceLocation)] = []
        for (index, (_, statement)) in statements.enumerated() {
            guard let closing = statement.closingBalance else { continue }
            let stated = try money(closing.amount, currency: currency, at: closing.location)
            assertionKeys.append((StatementBalanceKey.key(account: account, date: closing.date, amount: stated), index,
                                  .init(account: account.rawValue, date: closing.date, amount: stated.decimalString, currency: currency,
                                        statement: closing.location.fileAndLine), closing.location))
        }
        let assertedBefore = try ledger.recordedIdempotencyKeys(assertionKeys.map(\.key))
        for (key, file, input, location) in assertionKeys where !assertedBefore.contains(key) && keysThisImport.insert(key).inserted {
            files[file].assertionRecorded = true
            entries.append((.assertBalance(input), CommandOptions(source: .statementImport, provenance: location.fileAndLine,
                                                                  idempotencyKey: key, fingerprint: key), location))
        }
        do {
            try ledger.record(entries: entries.map { ($0.command, $0.options) })
        } catch let failure as BatchEntryError {
            if ConcurrentImport.isAccountOpenedMeanwhile(failure) { throw failure }
            throw ImportError.refused(entries[failure.index].location, reason: String(describing: failure.underlying))
        }
        // The closing balances, against the ledger as it now is.
        for (index, (_, statement)) in statements.enumerated() {
            guard let closing = statement.closingBalance else { continue }
            let stated = try money(closing.amount, currency: currency, at: closing.location)
            let held = try ledger.balances(ReportScope(asOf: closing.date)).accounts
                .first { $0.account == account && $0.amount.currency == currency }?.amount ?? .zero(currency)
            files[index].closingBalance = (closing.date, stated, held)
        }
        return StatementImportReport(account: account, files: files, accountsOpened: opened, position: try ledger.head().position)
    }

    /// An exact decimal as money in `currency`: more decimals than it has are refused unless zeros.
    static func money(_ amount: ExactDecimal, currency: Currency, at location: SourceLocation) throws(ImportError) -> Money {
        guard let fitted = amount.rescaled(toAtMost: currency.minorDigits) else {
            throw .invalidAmount(location, text: amount.description, reason: "\(currency.code) has \(currency.minorDigits) decimals")
        }
        var minor = fitted.mantissa
        for _ in fitted.scale..<currency.minorDigits {
            let (next, overflow) = minor.multipliedReportingOverflow(by: 10)
            guard !overflow else { throw .invalidAmount(location, text: amount.description, reason: "it is too large") }
            minor = next
        }
        return Money(minorUnits: minor, currency: currency)
    }
}
