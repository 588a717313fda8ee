import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

/// Turns a bank's CSV statement into transactions between the bank account (`account1`) and the
/// account the rules pick (`account2`), recorded in one batch: all or nothing.
///
/// Each row is keyed by a fingerprint of its cells and the bank account, plus its occurrence among
/// identical rows in the file, and the key is stored in the log. Rows whose key is already there are
/// left out, so an overlapping statement appends only the rows not seen before — even after the
/// rules changed — and two genuinely identical coffees on one day both stay.
public enum CSVImporter {
    /// `encoding`: the file's text encoding when named; else as `StatementEncoding` detects it (a
    /// BOM, else UTF-8 when the bytes are valid UTF-8, else Windows-1252).
    public static func importStatement(path: String, rules: CSVRules, encoding: StatementEncoding? = nil,
                                       into ledger: Ledger) throws -> CSVImportReport {
        try ConcurrentImport.retrying { try importOnce(path: path, rules: rules, encoding: encoding, into: ledger) }
    }

    private static func importOnce(path: String, rules: CSVRules, encoding: StatementEncoding?, into ledger: Ledger) throws -> CSVImportReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError.unreadable(path: path, reason: FileManager.default.fileExists(atPath: path)
                                         ? "permission denied or not a file" : "no such file", includedFrom: nil)
        }
        guard let text = StatementEncoding.decode([UInt8](data), override: encoding) else {
            throw ImportError.unreadable(path: path, reason: "it is not \(encoding?.rawValue ?? "UTF-8") text; name the encoding it is in, such as windows-1252",
                                         includedFrom: nil)
        }
        let table = try CSVTable(text: text, separator: rules.separator, file: path)
        let baseCurrency = try ledger.settings().baseCurrency
        let rows = try table.records.dropFirst(rules.skip).map { record throws(ImportError) in
            try CSVRow(record, file: path, rules: rules, currency: rules.currency ?? baseCurrency)
        }

        // Fingerprints, told apart by occurrence; rows already in the log are left out.
        var occurrences: [String: Int] = [:]
        let keys = rows.map { row in
            let digest = fingerprint(row.cells, account: rules.account1!)
            let occurrence = occurrences[digest, default: 0]
            occurrences[digest] = occurrence + 1
            return "csv:\(digest):\(occurrence)"
        }
        let recorded = try ledger.recordedIdempotencyKeys(keys)
        let fresh = zip(rows, keys).filter { !recorded.contains($0.1) }

        var entries: [(command: LedgerCommand, options: CommandOptions, location: SourceLocation)] = []
        var opened: [JournalImportReport.OpenedAccount] = []
        let existing = Dictionary(try ledger.accounts().map { ($0.account.name, $0.account) }, uniquingKeysWith: { a, _ in a })
        var currencies: [AccountName: Currency] = existing.mapValues(\.currency)
        for (row, _) in fresh {
            for (account, amount) in [(rules.account1!, row.amount), (row.account2, row.amount)] {
                if let currency = currencies[account] {
                    guard currency == amount.currency else {
                        throw ImportError.currencyMismatch(row.location, account: account.rawValue, accountCurrency: currency.code,
                                                           found: amount.currency.code)
                    }
                    continue
                }
                guard let type = AccountType(inferredFrom: account) else {
                    throw ImportError.unknownAccountType(row.location, account: account.rawValue)
                }
                currencies[account] = amount.currency
                opened.append(.init(name: account, type: type, currency: amount.currency))
                entries.append((.openAccount(name: account.rawValue, type: type, currency: amount.currency),
                                CommandOptions(source: .csvImport, provenance: row.location.fileAndLine), row.location))
            }
        }
        for (row, key) in fresh {
            let negated: Money
            do { negated = try row.amount.negated() } catch { throw ImportError.invalidAmount(row.location, text: row.amount.description, reason: error.description) }
            let postings = [
                LedgerCommand.PostingInput(account: rules.account1!.rawValue, amount: row.amount.decimalString, currency: row.amount.currency),
                LedgerCommand.PostingInput(account: row.account2.rawValue, amount: negated.decimalString, currency: negated.currency),
            ]
            var input = LedgerCommand.TransactionInput(date: row.date, payee: row.payee, memo: row.memo, postings: postings)
            // A spending row no rule categorised: the ledger's suggestion may file it (posting 1).
            if row.uncategorised && row.amount.isNegative { input.suggestCategoryFor = 1 }
            entries.append((.recordTransaction(input),
                            CommandOptions(source: .csvImport, provenance: row.location.fileAndLine, idempotencyKey: key,
                                           fingerprint: key), row.location))
        }
        do {
            try ledger.record(entries: entries.map { ($0.command, $0.options) })
        } catch let failure as BatchEntryError {
            if ConcurrentImport.isAccountOpenedMeanwhile(failure) { throw failure }
            throw ImportError.refused(entries[failure.index].location, reason: String(describing: failure.underlying))
        }
        return CSVImportReport(file: path, rows: rows.count, appended: fresh.count, alreadyRecorded: rows.count - fresh.count,
                               accountsOpened: opened, position: try ledger.head().position)
    }

    /// SHA-256 over the bank account and the row's trimmed cells (first 32 hex digits).
    static func fingerprint(_ cells: [String], account: AccountName) -> String {
        let text = "v1\u{1E}\(account.rawValue)\u{1E}" + cells.joined(separator: "\u{1F}")
        return sha256Hex(Array(text.utf8), prefix: 16)
    }
}
