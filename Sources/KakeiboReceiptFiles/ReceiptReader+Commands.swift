import Foundation
import KakeiboDomain
import KakeiboReceipts

/// One file on its way to the ledger, as `import receipt` sees it: the command its receipt became, or why it is skipped.
public struct ReceiptFileCommand: Sendable {
    public var path: String
    public var input: Result<LedgerCommand.ReceiptInput, any Error>
}

extension ReceiptReader {
    /// The reader `import receipt` uses: dates like 03/04 read as `locale` reads them (nil: as the currency's country
    /// does), `defaultCurrency` where a receipt prints none, and, unless the user gave that currency, one the
    /// receipt's address or tax id names over it.
    public init(locale: String?, defaultCurrency: String, currencyGiven: Bool) {
        self.init(parser: ReceiptParser(options: ReceiptParserOptions(dayFirst: locale.map { !ReceiptParserOptions.isMonthFirst(locale: $0) },
                                                                      defaultCurrency: defaultCurrency, infersCurrency: !currencyGiven)))
    }

    /// `import receipt FILE|DIR…`: the images among `files` (a folder's, sorted) checked, read on every core and
    /// parsed, each receipt made the command that books it from `account`; in the order of the files, a bad one an
    /// error in its slot. Nil when `files` hold no image: `makeEngine` is asked for only once there are images, so a
    /// mistyped folder starts no OCR worker. Files to commands in one call, here rather than in the CLI, so the walk of
    /// one import crosses into this module once (`Documentation/ImportingAReceipt.md`).
    public func commands(images files: [String], account: String,
                         makeEngine: () throws -> @Sendable () throws -> any OCREngine,
                         progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> [ReceiptFileCommand]? {
        let paths = ReceiptFile.expand(files)
        guard !paths.isEmpty else { return nil }
        return read(images: paths, makeEngine: try makeEngine(), progress: progress).map { command($0, account: account) }
    }

    /// `import receipt --observations FILE.json`: observations another engine wrote, made the command that books
    /// the receipt from `account`.
    public func command(observationsAt path: String, account: String) -> ReceiptFileCommand {
        command(read(observationsAt: path), account: account)
    }

    private func command(_ scanned: ScannedFile, account: String) -> ReceiptFileCommand {
        ReceiptFileCommand(path: scanned.path, input: scanned.scan.map { $0.command(account: account, defaultCurrency: parser.options.defaultCurrency) })
    }
}
