import Foundation
import PostgresNIO

/// One device as `server token list` shows it: token devices and browsers enrolled through an invite, side by side.
public struct DeviceListing: Hashable, Sendable {
    public var ledger: String
    public var deviceId: String
    public var member: String
    public var name: String
    public var scope: String
    /// `token` (a device syncing with a `kkb_…` token) or `browser` (signed in through an invite).
    public var kind: String
    public var revoked: Bool
    public var lastUsed: Date?
}

extension ServerStore {
    /// Every device of `ledger` (all ledgers when nil), oldest first; administration, as the URL's user. The parameter
    /// is cast in `IS NULL`: untyped there, a nil ledger was refused by PostgreSQL (42P18, `server token list` alone).
    public func deviceListing(ledger: String?) async throws -> [DeviceListing] {
        if let ledger, try await client.query("SELECT 1 FROM kakeibo_ledgers WHERE name = \(ledger)", logger: logger).collect().isEmpty {
            throw ServerError.noLedger(ledger)
        }
        return try await client.query("""
            SELECT l.name, d.device_id, d.member, d.name, d.scope, d.kind, d.revoked_at IS NOT NULL,
                   greatest(d.last_used_at, (SELECT max(s.created_at) FROM kakeibo_sessions s WHERE s.device_id = d.device_id))
            FROM kakeibo_devices d JOIN kakeibo_ledgers l USING (ledger_id)
            WHERE \(ledger)::text IS NULL OR l.name = \(ledger) ORDER BY l.name, d.created_at, d.device_id
            """, logger: logger).collect().map { row in
            let r = row.makeRandomAccess()
            return DeviceListing(ledger: try r[0].decode(String.self), deviceId: try r[1].decode(String.self), member: try r[2].decode(String.self),
                                 name: try r[3].decode(String.self), scope: try r[4].decode(String.self), kind: try r[5].decode(String.self),
                                 revoked: try r[6].decode(Bool.self), lastUsed: try r[7].decode(Date?.self))
        }
    }
}
