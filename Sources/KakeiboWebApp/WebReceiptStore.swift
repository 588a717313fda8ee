import KakeiboLedger
import KakeiboServer

/// Where the receipt page meets the store's receipt half of the seam (WEB-CORE's
/// `ServerStore.recordReceipt`, which checks, reads and records the photo and keeps it, and
/// `ServerStore.attachment`).
enum WebReceiptStore {
    static func record(_ store: ServerStore, image: [UInt8], filename: String?, ledger: String, caller: WebCaller,
                       idempotencyKey: String, account: String?) async throws -> RecordResult {
        try await store.recordReceipt(image: image, filename: filename, ledger: ledger, caller: caller, idempotencyKey: idempotencyKey,
                                      account: account ?? "assets:cash").result
    }

    static func attachment(_ store: ServerStore, ledger: String, sha256: String) async throws -> [UInt8]? {
        try await store.attachment(ledger: ledger, sha256: sha256)
    }
}
