import Crypto

extension Digest32 {
    /// The SHA-256 of `bytes`. For a module that needs a file's digest and nothing of the event store: the receipt
    /// reader's idempotency key (`ReceiptFile.sha256Hex`), so `KakeiboReceiptFiles` links this GRDB-free base
    /// rather than the store (issue 35). Spelled by `hex`, it is the store's `sha256Hex(_:)` of the same bytes.
    public init(sha256 bytes: [UInt8]) {
        self.bytes = Array(SHA256.hash(data: bytes))
    }
}
