import KakeiboSync
import PostgresNIO

/// A device as an admin sees it: never its secret, only the token's public id.
public struct DeviceSummary: Codable, Hashable, Sendable {
    public var deviceId: String
    public var member: String
    public var name: String
    public var scope: String
    public var revoked: Bool
    public var lastSeq: Int64
}

public struct DeviceRequest: Codable, Hashable, Sendable {
    public var member: String
    public var name: String
    public var scope: String
}

extension ServerStore {
    /// `POST …/devices` (admin): a new device token for the caller's ledger, shown once.
    public func enrol(ledger: String, bearer: String?, request: DeviceRequest) async throws -> DeviceGrant {
        guard let scope = Scope(rawValue: request.scope) else { throw ServerError.malformed("scope must be read, write or admin") }
        guard !request.member.isEmpty, !request.name.isEmpty else { throw ServerError.malformed("member and name are required") }
        _ = try await transaction { connection in
            try await authenticate(bearer, ledger: ledger, needed: .admin, on: connection)
        }
        let token = try await issueToken(ledger: ledger, member: request.member, device: request.name, scope: scope)
        return DeviceGrant(deviceId: token.id, token: token.description)
    }

    /// `GET …/devices` (admin).
    public func devices(ledger: String, bearer: String?) async throws -> [DeviceSummary] {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .admin, on: connection)
            return try await connection.query("""
                SELECT device_id, member, name, scope, revoked_at IS NOT NULL, last_seq FROM kakeibo_devices
                WHERE ledger_id = \(caller.ledgerId) ORDER BY created_at, device_id
                """, logger: logger).collect().map { row in
                let r = row.makeRandomAccess()
                return DeviceSummary(deviceId: try r[0].decode(String.self), member: try r[1].decode(String.self),
                                     name: try r[2].decode(String.self), scope: try r[3].decode(String.self),
                                     revoked: try r[4].decode(Bool.self), lastSeq: try r[5].decode(Int64.self))
            }
        }
    }

    /// `DELETE …/devices/{id}` (admin): revokes a device of the caller's ledger.
    public func revoke(ledger: String, bearer: String?, device: String) async throws {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .admin, on: connection)
            let rows = try await connection.query("""
                SELECT 1 FROM kakeibo_devices WHERE device_id = \(device) AND ledger_id = \(caller.ledgerId)
                """, logger: logger).collect()
            guard !rows.isEmpty else { throw ServerError.notFound("no device \(device) in this ledger") }
        }
        _ = try await revoke(device: device)
    }
}
