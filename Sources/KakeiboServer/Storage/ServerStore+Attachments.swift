import Foundation
import KakeiboEventStore
import NIOCore
import PostgresNIO

/// Receipt photos kept by the server (issue 31), content-addressed by the SHA-256 `ReceiptScanned`
/// carries: the same photo uploaded twice is one row, and any device that has the event can ask
/// for the bytes and check them against the digest it already holds.
extension ServerStore {
    /// Keeps `bytes` for `ledgerId` under their SHA-256, in the caller's transaction; a photo already kept is left as it is.
    func keepAttachment(_ bytes: [UInt8], sha256: String, ledgerId: Int64, on connection: PostgresConnection) async throws {
        try await connection.query("""
            INSERT INTO kakeibo_attachments (ledger_id, sha256, bytes) VALUES (\(ledgerId), \(sha256), \(ByteBuffer(bytes: bytes)))
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    /// The photo of `ledger` whose SHA-256 is `sha256`, or nil; for the web app's pages (the caller checked the session).
    public func attachment(ledger: String, sha256: String) async throws -> [UInt8]? {
        guard Self.isDigest(sha256) else { return nil }
        return try await transaction { connection in
            let ledgerId = try await ledgerId(named: ledger, on: connection)
            return try await attachment(ledgerId: ledgerId, sha256: sha256, on: connection)
        }
    }

    /// `GET v1/ledgers/:ledger/attachments/:sha256` with a device token (read scope): the bytes, or 404.
    public func attachment(ledger: String, bearer: String?, sha256: String) async throws -> [UInt8] {
        guard Self.isDigest(sha256) else { throw ServerError.malformed("an attachment is named by its SHA-256: 64 lower-case hex digits") }
        return try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
            guard let bytes = try await attachment(ledgerId: caller.ledgerId, sha256: sha256, on: connection) else {
                throw ServerError.notFound("this ledger keeps no attachment \(sha256)")
            }
            return bytes
        }
    }

    private func attachment(ledgerId: Int64, sha256: String, on connection: PostgresConnection) async throws -> [UInt8]? {
        guard let row = try await connection.query("""
            SELECT bytes FROM kakeibo_attachments WHERE ledger_id = \(ledgerId) AND sha256 = \(sha256)
            """, logger: logger).collect().first else { return nil }
        var buffer = try row.makeRandomAccess()[0].decode(ByteBuffer.self)
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
