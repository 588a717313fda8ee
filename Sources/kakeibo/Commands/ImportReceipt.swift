import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboReceiptFiles
import KakeiboReceipts
import KakeiboReports

/// `kakeibo import receipt FILE|DIR... | --observations FILE.json`: receipts in as `ReceiptScanned` + `ExpenseCaptured`.
struct ImportReceipt: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt",
        abstract: "Import receipt images (JPEG, PNG, TIFF) or OCR observations as expenses.",
        discussion: """
            Each receipt becomes a ReceiptScanned event (rows, fields, confidences) and the ExpenseCaptured \
            it produced, in one transaction. OCR runs on every core; appends happen one receipt at a time. \
            The same image imported again appends nothing. A file that cannot be read, or whose total \
            cannot be found, is reported on one line and skipped (nothing is recorded for it); the exit \
            status is 1 if any file failed. The payee is the merchant; a missing date becomes today and, like \
            any uncertain total, date or merchant, marks the expense `needs review`. The category is the \
            suggester's when it is confident, else expenses:unknown. Fix fields with `kakeibo edit`; accept a receipt \
            read right with `kakeibo receipt accept TXN`. A currency the receipt does not print is inferred from its \
            address or tax id, else --currency or the account's is assumed; either way it is a reason to review \
            unless the address agrees with the currency expected.
            """)
    @OptionGroup var common: CommonOptions
    @OptionGroup var engineOptions: EngineOptions
    @Argument(help: ArgumentHelp("Receipt images, or folders of them.", valueName: "file-or-dir")) var files: [String] = []
    @Option(help: "Text observations JSON from another OCR engine instead of images.") var observations: String?
    @Option(help: "The asset or liability account paid from.") var account = "assets:cash"
    @Option(help: "Currency when the receipt shows none (default: the account's).") var currency: String?
    @Flag(help: "Print what would be appended and append nothing.") var dryRun = false
    @Flag(help: "Import a receipt even when one with the same merchant, date, total and time was imported already.")
    var allowDuplicate = false
    @Option(help: "How dates like 03/04 read: en_US month-first, any other locale day-first (default: from the currency).")
    var locale: String?

    func run() throws {
        guard files.isEmpty != (observations == nil) else {
            throw ValidationError("give receipt images or folders, or --observations FILE.json")
        }
        let ledger = try global.openLedger()
        guard let paidFrom = try ledger.account(named: account) else { throw LedgerError.unknownAccount(account) }
        let defaultCurrency = try currency.map { try Currency(code: $0.uppercased()) } ?? paidFrom.currency
        // A currency given for receipts that print none stands over one inferred from their address.
        let reader = ReceiptReader(locale: locale, defaultCurrency: defaultCurrency.code, currencyGiven: currency != nil)
        let commands: [ReceiptFileCommand]
        if let observations {
            commands = [reader.command(observationsAt: observations, account: account)]
        } else {
            let read = try Terminal.silencingLibraryOutput { stderr in
                let bar = Terminal.progress("reading receipts", unit: "images", to: stderr)
                // A bar for one image would only add a line.
                return try reader.commands(images: files, account: account, makeEngine: { try engineOptions.factory() }) { done, total in
                    if total > 1 { bar(Int64(done), Int64(total)) }
                }
            }
            guard let read else { throw CommandFailure("no .jpg, .jpeg, .png, .tif or .tiff files in \(files.joined(separator: ", "))") }
            commands = read
        }
        var failures = 0
        var reports: [JSONValue] = []
        for command in commands {
            // A file OCR could not read is skipped with its error; one that was read is recorded, or refused.
            let reasons = (try? command.input.get())?.reviewReasons ?? []
            var result: ReceiptImport?
            var failure: (any Error)?
            do {
                result = try ledger.importReceipt(try command.input.get(), provenance: (command.path as NSString).lastPathComponent,
                                                  dryRun: dryRun, allowDuplicate: allowDuplicate)
            } catch {
                failure = error
                failures += 1
                Terminal.printError(Self.message(error, file: command.path, reasons: reasons))
            }
            switch output.format {
            case .json:
                reports.append(ReceiptImport.json(file: command.path, result, error: failure.map { Self.message($0, file: command.path) }, dryRun: dryRun))
            case .table, .csv: if let result { print(try result.line(file: command.path, reasons: reasons, dryRun: dryRun, ledger: ledger)) }
            }
        }
        if output.format == .json { Printer.json(.array(reports)) }
        if failures > 0 {
            if commands.count > 1 { Terminal.printNote("\(failures) of \(commands.count) \(commands.count == 1 ? "file" : "files") failed; nothing was recorded for \(failures == 1 ? "it" : "them")") }
            throw CommandFailure.reported()
        }
    }

    /// `ErrorMessage`'s line, naming the file whether or not the error's own message already does: one receipt's
    /// failure is reported and the others go on.
    static func message(_ error: any Error, file: String, reasons: [String] = []) -> String {
        var text = ErrorMessage(error).line
        // A currency the receipt does not print but its address or tax id names: say so, and how to book it anyway.
        if case LedgerError.currencyMismatch(_, let accountCurrency, let amountCurrency)? = error as? LedgerError,
           reasons.contains("currency not printed, \(amountCurrency) inferred") {
            text += " (the receipt prints no currency; \(amountCurrency) is inferred from its address or tax id: "
                + "give --currency \(accountCurrency) to book it in \(accountCurrency))"
        }
        return text.hasPrefix(file) ? text : "\(file): \(text)"
    }
}
