import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboPPOCR
import KakeiboReceiptFiles
import KakeiboReceipts
import KakeiboTesseract
import Synchronization

/// What the server read from an uploaded receipt photo: the scan (rows, each field with its
/// confidence and the rows it came from, the engine) and what recording it did.
public struct WebReceiptReading: Sendable {
    public var scan: ReceiptScan
    public var receiptID: String?
    public var needsReview: Bool
    /// Why it needs review (`date 73 %`), as the CLI prints them.
    public var reviewReasons: [String]
}

extension ServerStore {
    /// The largest photo the web app takes: a phone's camera writes 3-8 MB; more is refused before anything reads it.
    public static let maximumReceiptBytes = 20 * 1_048_576

    /// Records an uploaded receipt photo for a signed-in browser, as `kakeibo import receipt` would.
    ///
    /// The bytes are checked first with the CLI's checks and messages (size, then magic bytes; an image
    /// the engine refuses from its header, such as a decompression bomb, is refused by the engine with
    /// its own message), then read with the default engine (PP-OCR when it starts, else Tesseract), and
    /// `ReceiptScanned` + `ExpenseCaptured` are recorded through `record`'s path (the replica, the ledger's
    /// row lock, PostgreSQL). The photo is kept, in the same transaction, under the SHA-256 the scan
    /// carries. A refusal is a `ServerError` (413 `too-large`, 422 `unreadable-receipt`) whose detail is
    /// the CLI's one line with the uploaded file's name; the ledger's own refusals come out as `LedgerError`.
    ///
    /// `idempotencyKey` is accepted for the seam's shape; the photo's digest is the key the ledger uses
    /// (`Ledger.importReceipt`), so the same photo sent twice, from any form, records once.
    public func recordReceipt(image: [UInt8], filename: String?, ledger: String, caller: WebCaller, idempotencyKey: String,
                              account: String = "assets:cash") async throws -> (result: RecordResult, reading: WebReceiptReading) {
        guard caller.scope >= .write else {
            throw ServerError.forbidden("\(caller.member) may only read this ledger (scope \(caller.scope.rawValue)); recording needs write")
        }
        let name = Self.displayName(filename)
        guard image.count <= Self.maximumReceiptBytes else {
            throw ServerError(413, "too-large", ReceiptFileError.tooLarge(path: name, bytes: image.count, limit: Self.maximumReceiptBytes).description)
        }
        let currency = try await withReplica(ledger: ledger) { ledger -> String in
            guard let paidFrom = try ledger.account(named: account) else { throw LedgerError.unknownAccount(account) }
            return paidFrom.currency.code
        }
        let scan = try Self.read(image, name: name, currency: currency)
        let input = scan.command(account: account, defaultCurrency: currency)
        let imported = try await decide(ledger: ledger, caller: caller, body: { ledger in
            try ledger.importReceipt(input, provenance: name)
        }, afterwards: { connection, who in
            try await keepAttachment(image, sha256: scan.imageSHA256, ledgerId: who.ledgerId, on: connection)
        })
        var result = RecordResult(transactionID: imported.transactionID, positions: imported.positions, alreadyRecorded: imported.alreadyRecorded)
        result.events = imported.events
        return (result, WebReceiptReading(scan: scan, receiptID: imported.receiptID, needsReview: imported.needsReview,
                                          reviewReasons: input.reviewReasons))
    }

    /// The uploaded file's own name, without folders, for messages and provenance.
    static func displayName(_ filename: String?) -> String {
        let base = (filename.map { ($0 as NSString).lastPathComponent } ?? "").filter { !$0.isNewline && $0 != "/" && $0 != "\\" }
        return base.isEmpty ? "receipt" : String(base.prefix(100))
    }

    /// Checks and reads the photo in a private temporary folder (the checks and engines take paths), naming it `name` in refusals.
    static func read(_ image: [UInt8], name: String, currency: String) throws -> ReceiptScan {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-receipt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The checks go by extension: a name without a known one is given the one its first bytes claim, else refused as the CLI would.
        var fileName = name
        if !ReceiptFile.extensions.contains((name as NSString).pathExtension.lowercased()) {
            fileName += image.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? ".png" : image.starts(with: [0x49, 0x49]) || image.starts(with: [0x4D, 0x4D]) ? ".tif" : ".jpg"
        }
        let path = folder.appendingPathComponent(fileName).path
        guard FileManager.default.createFile(atPath: path, contents: Data(image)) else { throw ServerError.internal }
        let reader = ReceiptReader(parser: ReceiptParser(options: ReceiptParserOptions(defaultCurrency: currency, infersCurrency: true)))
        let scanned = reader.read(images: [path], workers: 1, makeEngine: ReceiptEngine.make)[0]
        do {
            return try scanned.scan.get()
        } catch {
            let line = String(describing: error).replacingOccurrences(of: path, with: name)
                .replacingOccurrences(of: "\n", with: " ")
            throw ServerError(422, "unreadable-receipt", line)
        }
    }
}

/// The default engine, by the library's one policy (`DefaultOCREngine`), as the CLI picks it: the default model
/// when its worker starts, else the next that does, from then on.
enum ReceiptEngine {
    private static let factory = DefaultEngineFactory()

    @Sendable static func make() throws -> any OCREngine {
        try factory.make()
    }
}
