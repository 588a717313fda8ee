import ArgumentParser
import Foundation
import KakeiboEventStore
import KakeiboReports
import KakeiboSync

/// `kakeibo receipt show ID` (or `receipts show`): one imported receipt, its fields and the rows they were read from.
struct ReceiptShow: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a receipt's parsed fields, their confidences and the rows they cite.",
        discussion: "Correct a field with `kakeibo edit TXN --amount … --date … --payee … --category …`; the edit is kept as a TransactionEdited event.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The transaction id or the receipt id (4+ characters of its start or end).") var id: String
    @Option(help: ArgumentHelp("Write the receipt's photo to this file: kept by the household server (a receipt captured in the web app), fetched with this file's sync token and checked against the digest the receipt carries.",
                               valueName: "file"))
    var image: String?

    func run() throws {
        let ledger = try global.openLedger()
        let record = try ledger.receipt(matching: id)
        if let image {
            let bytes = try Self.photo(sha256: record.scan.imageSHA256, ledgerAt: ledger.path)
            guard FileManager.default.createFile(atPath: image, contents: Data(bytes)) else {
                throw CommandFailure("\(image): cannot be written; check the folder exists and its permissions")
            }
            Terminal.printNote("wrote the receipt's photo (\(bytes.count) bytes, SHA-256 \(record.scan.imageSHA256.prefix(12))…) to \(image)")
            return
        }
        switch output.format {
        case .json: Printer.json(record.json)
        case .table, .csv: print(try record.text(ledger: ledger))
        }
    }

    /// The photo whose SHA-256 is `digest`, from the server this ledger file syncs with (its remembered remote and stored
    /// token), refused unless its bytes hash to the digest the receipt's `ReceiptScanned` carries.
    static func photo(sha256 digest: String, ledgerAt path: String) throws -> [UInt8] {
        guard let (remoteText, deviceId) = try SyncClient.remembered(ledgerAt: path) else {
            throw CommandFailure("this ledger has never synced, so no server keeps the receipt's photo; the photo is kept only by the household server (run kakeibo sync first)")
        }
        guard let token = TokenStore.standard().token(forDevice: deviceId) else {
            throw CommandFailure("no stored token for device \(deviceId); run kakeibo sync --remote \(remoteText) --token kkb_… once to store it")
        }
        let remote = try SyncRemote(remoteText)
        let (status, body) = try runBlocking {
            try await URLSessionTransport(base: remote.server).send(method: "GET", path: "v1/ledgers/\(remote.ledger)/attachments/\(digest)",
                                                                    query: [:], body: nil, token: token)
        }
        guard status == 200 else {
            let detail = (try? JSONDecoder().decode(WireError.self, from: body))?.detail ?? "HTTP \(status)"
            throw CommandFailure("\(remote): the receipt's photo could not be fetched: \(detail)")
        }
        let bytes = Array(body)
        guard sha256Hex(bytes) == digest else {
            throw CommandFailure("\(remote) sent a photo whose SHA-256 is not the receipt's \(digest.prefix(12))…; nothing written")
        }
        return bytes
    }
}
