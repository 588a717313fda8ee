import Foundation
import KakeiboEventStore
import KakeiboSync
import PostgresNIO

/// A one-time sign-in code: a public id that finds its row and a secret of which only the SHA-256
/// is stored. `code` is both, id first (12 + 43 URL-safe characters), so it fits a `/join/<code>` path.
struct InviteCode: Sendable {
    var id: String
    var secret: String

    static func generate() -> InviteCode {
        let token = DeviceToken.generate()
        return InviteCode(id: token.id, secret: token.secret)
    }

    /// Parses a code as `generate` makes them; nil for anything else (it is then simply not an invite).
    init?(_ code: String) {
        guard let token = DeviceToken("kkb_" + code.prefix(12) + "_" + code.dropFirst(12)) else { return nil }
        self.init(id: token.id, secret: token.secret)
    }

    init(id: String, secret: String) { self.id = id; self.secret = secret }

    var code: String { id + secret }

    /// The stored digest compared without stopping at the first difference (`DeviceToken.matches`):
    /// the row is found by the public id, so nothing about the secret leaks through the lookup's timing.
    func matches(storedSHA256: String) -> Bool { DeviceToken(id: id, secret: secret).matches(storedSHA256: storedSHA256) }
    var secretSHA256: String { DeviceToken(id: id, secret: secret).secretSHA256 }
}

/// Who a sign-in link enrols, shown before it is redeemed.
public struct InvitePreview: Sendable, Hashable {
    public var ledger: String
    public var member: String
    public var scope: Scope
}

extension ServerStore {
    /// How long a sign-in link works: long enough to open on a phone handed across a table, short
    /// enough that one left in a chat history is dead by the time anyone scrolls back to it.
    public static let inviteLifetime: Duration = .seconds(15 * 60)

    /// A one-time sign-in link's code for `member` of `ledger` with `scope` (read or write), and when it
    /// expires. Only the secret's SHA-256 is stored.
    public func createInvite(ledger: String, member: String, scope: Scope) async throws -> (code: String, expires: Date) {
        guard scope == .read || scope == .write else { throw ServerError.malformed("an invite's scope is read or write, not \(scope.rawValue)") }
        guard !member.isEmpty, member.count <= 64, !member.contains(where: \.isNewline) else {
            throw ServerError.malformed("a member is 1-64 characters on one line")
        }
        let invite = InviteCode.generate()
        let seconds = Int64(Self.inviteLifetime.components.seconds)
        let rows = try await client.query("""
            INSERT INTO kakeibo_invites (invite_id, ledger_id, member, scope, secret_sha256, expires_at)
            SELECT \(invite.id), ledger_id, \(member), \(scope.rawValue), \(invite.secretSHA256), now() + make_interval(secs => \(seconds))
            FROM kakeibo_ledgers WHERE name = \(ledger) RETURNING expires_at
            """, logger: logger).collect()
        guard let row = rows.first else { throw ServerError.noLedger(ledger) }
        return (invite.code, try row.makeRandomAccess()[0].decode(Date.self))
    }

    /// Redeems a sign-in code: enrols the browser as a device of the invite's member (kind `browser`,
    /// so `server token list` shows it and revoking it signs it out) and opens a session on it. The
    /// code works once: the row is locked, checked and marked redeemed in one transaction, so two
    /// browsers opening the same link at once get one session between them.
    ///
    /// Refused: a code that is not one (401 `invite-invalid`), one already used or expired (410
    /// `invite-used`, `invite-expired`). The caller sets `sessionCookieValue` as the session cookie.
    public func redeemInvite(code: String, userAgent: String?) async throws -> (sessionCookieValue: String, caller: WebCaller, expires: Date) {
        guard let invite = InviteCode(code) else { throw ServerError.inviteInvalid }
        return try await adminTransaction { connection in
            let found = try await self.unusedInvite(invite, on: connection, lock: true)
            // A device row like a token's; its secret is random bytes nobody holds, so no bearer can ever match it.
            let device = DeviceToken.generate()
            let unusable = DeviceToken.generate()
            try await connection.query("""
                INSERT INTO kakeibo_devices (device_id, ledger_id, member, name, scope, secret_sha256, kind)
                VALUES (\(device.id), \(found.ledgerId), \(found.preview.member), \("browser-" + device.id.prefix(6)), \(found.preview.scope.rawValue), \(unusable.secretSHA256), 'browser')
                """, logger: self.logger)
            try await connection.query("""
                UPDATE kakeibo_invites SET redeemed_at = now(), device_id = \(device.id) WHERE invite_id = \(invite.id)
                """, logger: self.logger)
            let session = try await self.openSession(deviceId: device.id, userAgent: userAgent, on: connection)
            let caller = WebCaller(ledger: found.preview.ledger, member: found.preview.member, deviceId: device.id,
                                   scope: found.preview.scope, csrfToken: session.csrf)
            return (session.cookieValue, caller, session.expires)
        }
    }

    /// What a sign-in code would enrol this browser as, without redeeming it: the `/join` page asks
    /// before it signs in, because a chat app's link preview fetches the URL first and would
    /// otherwise spend the one-time code on a bot (issue 31). Refused as `redeemInvite` refuses.
    public func previewInvite(code: String) async throws -> InvitePreview {
        guard let invite = InviteCode(code) else { throw ServerError.inviteInvalid }
        return try await adminTransaction { connection in try await self.unusedInvite(invite, on: connection, lock: false).preview }
    }

    /// The invite's row, checked: its secret matches, it is neither used nor expired.
    private func unusedInvite(_ invite: InviteCode, on connection: PostgresConnection, lock: Bool) async throws
        -> (ledgerId: Int64, preview: InvitePreview) {
        let query: PostgresQuery = lock ? """
            SELECT i.secret_sha256, i.expires_at > now(), i.redeemed_at IS NOT NULL, i.ledger_id, i.member, i.scope, l.name
            FROM kakeibo_invites i JOIN kakeibo_ledgers l USING (ledger_id) WHERE i.invite_id = \(invite.id) FOR UPDATE OF i
            """ : """
            SELECT i.secret_sha256, i.expires_at > now(), i.redeemed_at IS NOT NULL, i.ledger_id, i.member, i.scope, l.name
            FROM kakeibo_invites i JOIN kakeibo_ledgers l USING (ledger_id) WHERE i.invite_id = \(invite.id)
            """
        guard let row = try await connection.query(query, logger: logger).collect().first?.makeRandomAccess(),
              invite.matches(storedSHA256: try row[0].decode(String.self)) else { throw ServerError.inviteInvalid }
        guard try !row[2].decode(Bool.self) else { throw ServerError(410, "invite-used", "this sign-in link was already used") }
        guard try row[1].decode(Bool.self) else { throw ServerError(410, "invite-expired", "this sign-in link has expired") }
        let preview = InvitePreview(ledger: try row[6].decode(String.self), member: try row[4].decode(String.self),
                                    scope: Scope(rawValue: try row[5].decode(String.self)) ?? .read)
        return (try row[3].decode(Int64.self), preview)
    }

    /// Runs `body` in a transaction as the URL's user (not `kakeibo_app`): invites and sessions are
    /// administration the request role is not granted.
    func adminTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            if let refusal = error.closureError as? ServerError, error.rollbackError == nil { throw refusal }
            throw error
        }
    }
}

extension ServerError {
    /// A `/join/<code>` whose code is no invite: one answer for a mistyped, forged or unknown one.
    public static var inviteInvalid: ServerError { ServerError(401, "invite-invalid", "this sign-in link is not valid") }
}
