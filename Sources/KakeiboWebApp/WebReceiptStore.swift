import KakeiboLedger
import KakeiboServer

/// Where the receipt page meets the store's receipt half of the seam (`ServerStore.recordReceipt`
/// and `ServerStore.attachment`, WEB-CORE's). Until those land in KakeiboServer, a receipt upload is
/// answered 501 and no photo is served; this is the one place to switch over.
enum WebReceiptStore {
    static func record(_ store: ServerStore, image: [UInt8], filename: String?, ledger: String, caller: WebCaller,
                       idempotencyKey: String) async throws -> RecordResult {
        throw ServerError(501, "not-implemented", "this server cannot read receipts yet")
    }

    static func attachment(_ store: ServerStore, ledger: String, sha256: String) async throws -> [UInt8]? {
        nil
    }
}
