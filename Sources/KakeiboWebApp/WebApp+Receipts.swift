import Foundation
import Hummingbird
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// Receipt: a photo is validated (the CLI's checks and messages), read by the default engine and
/// recorded as `ReceiptScanned` + the expense by the store, which keeps the photo as an attachment
/// addressed by the SHA-256 the scan carries. The result page draws the rows each field was read
/// from over the photo, from the scan event itself (boxes in ten-thousandths of the image).
extension WebApp {
    static func receiptForm(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let choices = try await store.withReplica(ledger: ledger) { try captureChoices($0) }
        return receiptFormPage(ledger: ledger, caller: caller, choices: choices, account: rememberedAccount(request))
    }

    static func receiptFormPage(ledger: String, caller: WebCaller, choices: CaptureChoices, account: String?, error: String? = nil,
                                status: HTTPResponse.Status = .ok) -> Response {
        var values: [String: Any] = ["csrf": caller.csrfToken, "idem": WebPage.newKey(), "readOnly": caller.scope < .write,
                                     "accounts": choices.accounts, "account": account ?? choices.accounts.first ?? ""]
        if let error { values["error"] = error }
        return WebPage.render("receipt-new", title: "Receipt", ledger: ledger, current: "/receipts/new", values: values, status: status)
    }

    static func receipt(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let upload = try await WebForm.upload(request)
        try checkWrite(caller, csrf: upload.csrf, store: store)
        guard let image = upload.photo, !image.isEmpty else { throw WebFormError(message: "photo: choose a photo of the receipt") }
        guard let key = upload.idem, !key.isEmpty, key.count <= 200 else { throw WebFormError(message: "the form has no idempotency key; reload the page") }
        guard image.count <= WebForm.maxPhotoBytes else {
            throw WebFormError(message: "photo: \(image.count) bytes is more than 20 MB", status: .contentTooLarge)
        }
        let recorded: RecordResult
        do {
            recorded = try await WebReceiptStore.record(store, image: image, filename: upload.filename, ledger: ledger, caller: caller,
                                                        idempotencyKey: key, account: WebForm.value(upload.fields, "account"))
        } catch let error as ServerError where error.status.code == 422 || error.status.code == 400 || error.status.code == 413 {
            // A hostile or unreadable image: the CLI's one-line message, on the form again.
            let choices = try await store.withReplica(ledger: ledger) { try captureChoices($0) }
            return receiptFormPage(ledger: ledger, caller: caller, choices: choices, account: upload.account, error: error.body.detail,
                                   status: error.status)
        }
        guard let txn = recorded.transactionID else { throw ServerError(500, "internal", "the receipt recorded no expense") }
        return try await receiptResultPage(ledger: ledger, txn: txn, again: recorded.alreadyRecorded, store: store)
    }

    static func receiptResultPage(ledger: String, txn: String, again: Bool, store: ServerStore) async throws -> Response {
        let record = try await store.withReplica(ledger: ledger) { try $0.receipt(matching: txn) }
        let base = WebPage.base(ledger)
        var values: [String: Any] = ["txn": txn, "short": String(txn.suffix(8)), "again": again,
                                     "link": base + "/txn/" + WebPage.percentEncoded(txn), "needsReview": record.needsReview]
        let amount = record.transaction?.amount.map { "\($0)" } ?? ""
        values["summary"] = ["expense", amount, record.transaction?.payee ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
        values["fields"] = receiptFields(record.scan)
        values["photo"] = base + "/attachments/" + record.scan.imageSHA256
        values["width"] = 10_000
        values["height"] = 10_000
        values["boxes"] = receiptBoxes(record.scan)
        return WebPage.render("receipt-result", title: "Receipt read", ledger: ledger, current: "/receipts/new", values: values)
    }

    static func receiptFields(_ scan: LedgerEvent.ReceiptScanned) -> [[String: String]] {
        scan.fields.keys.sorted().map { name in
            let field = scan.fields[name]!
            let value: String
            switch field.value {
            case .text(let text): value = text
            case .minorUnits(let units): value = "\(units / 100).\(String(format: "%02d", abs(units % 100)))"
            }
            return ["name": name, "value": value, "confidence": "\(field.confidenceBasisPoints / 100) %"]
        }
    }

    /// One outline per (field, row): the row's box, in the SVG's 10,000 × 10,000 view of the photo.
    static func receiptBoxes(_ scan: LedgerEvent.ReceiptScanned) -> [[String: String]] {
        let rows = Dictionary(scan.rows.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        var boxes: [[String: String]] = []
        for name in scan.fields.keys.sorted() {
            for index in scan.fields[name]!.rows {
                guard let row = rows[index], row.box.count == 4 else { continue }
                boxes.append(["field": name, "x": "\(row.box[0])", "y": "\(row.box[1])", "w": "\(row.box[2])", "h": "\(row.box[3])"])
            }
        }
        return boxes
    }

    /// `attachments/:sha`: a kept photo, to members of its ledger only.
    static func attachment(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, _) = try caller(context)
        let sha = try context.parameters.require("sha").lowercased()
        guard sha.count == 64, sha.allSatisfy(\.isHexDigit) else { throw ServerError.notFound("no such attachment") }
        guard let bytes = try await WebReceiptStore.attachment(store, ledger: ledger, sha256: sha) else { throw ServerError.notFound("no such attachment") }
        return WebPage.bytes(bytes, contentType: imageType(bytes), cache: "private, max-age=31536000, immutable")
    }

    /// The image type from the first bytes (the store kept only what its checks passed).
    static func imageType(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count > 12, bytes[8..<12].elementsEqual("WEBP".utf8) { return "image/webp" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        return "application/octet-stream"
    }
}
