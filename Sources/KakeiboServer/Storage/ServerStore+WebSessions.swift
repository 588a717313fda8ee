import Foundation
import KakeiboEventStore
import KakeiboSync
import PostgresNIO

/// Who a browser request is: the member and browser device its session cookie belongs to, in
/// which ledger, with what scope, and the session's CSRF token every form must carry back.
/// Set on the context as `context.web` by `SessionMiddleware`; nil when not signed in.
public struct WebCaller: Sendable, Hashable {
    public var ledger: String
    public var member: String
    public var deviceId: String
    public var scope: Scope
    public var csrfToken: String

    public init(ledger: String, member: String, deviceId: String, scope: Scope, csrfToken: String) {
        self.ledger = ledger
        self.member = member
        self.deviceId = deviceId
        self.scope = scope
        self.csrfToken = csrfToken
    }
}

extension ServerStore {
    /// How long a browser stays signed in without a new invite.
    public static let sessionLifetime: Duration = .seconds(30 * 24 * 3600)

    /// A new session on browser device `deviceId`: the cookie value (`<id>.<secret>`, only the
    /// secret's SHA-256 stored), its CSRF token and expiry.
    func openSession(deviceId: String, userAgent: String?, on connection: PostgresConnection) async throws
        -> (cookieValue: String, csrf: String, expires: Date) {
        let session = DeviceToken.generate()
        let csrf = DeviceToken.generate().secret
        let seconds = Int64(Self.sessionLifetime.components.seconds)
        let row = try await connection.query("""
            INSERT INTO kakeibo_sessions (session_id, device_id, secret_sha256, csrf_token, user_agent, expires_at)
            VALUES (\(session.id), \(deviceId), \(session.secretSHA256), \(csrf), \(userAgent.map { String($0.prefix(200)) }),
                    now() + make_interval(secs => \(seconds)))
            RETURNING expires_at
            """, logger: logger).collect()[0].makeRandomAccess()
        return ("\(session.id).\(session.secret)", csrf, try row[0].decode(Date.self))
    }

    /// The caller a session cookie belongs to; nil when it is no session, has expired, or its
    /// browser device was revoked (so revoking signs the browser out at its next request).
    public func webCaller(sessionCookie value: String?) async throws -> WebCaller? {
        guard let value, let dot = value.firstIndex(of: "."),
              let token = DeviceToken("kkb_" + value[..<dot] + "_" + value[value.index(after: dot)...]) else { return nil }
        let rows = try await client.query("""
            SELECT s.secret_sha256, s.csrf_token, s.expires_at > now(), d.revoked_at IS NOT NULL, d.member, d.scope, l.name, d.device_id
            FROM kakeibo_sessions s JOIN kakeibo_devices d USING (device_id) JOIN kakeibo_ledgers l USING (ledger_id)
            WHERE s.session_id = \(token.id)
            """, logger: logger).collect()
        guard let row = rows.first?.makeRandomAccess(), token.matches(storedSHA256: try row[0].decode(String.self)),
              try row[2].decode(Bool.self), try !row[3].decode(Bool.self) else { return nil }
        return WebCaller(ledger: try row[6].decode(String.self), member: try row[4].decode(String.self),
                         deviceId: try row[7].decode(String.self), scope: Scope(rawValue: try row[5].decode(String.self)) ?? .read,
                         csrfToken: try row[1].decode(String.self))
    }

    /// Every state-changing browser request carries the session's CSRF token (a form field or a
    /// header); anything else is 403 `csrf`. Compared without stopping at the first difference.
    public func checkCSRF(_ token: String?, caller: WebCaller) throws {
        let sent = Array((token ?? "").utf8), expected = Array(caller.csrfToken.utf8)
        var difference = UInt8(sent.count == expected.count ? 0 : 1)
        for index in expected.indices { difference |= expected[index] ^ (index < sent.count ? sent[index] : 0) }
        guard difference == 0, !expected.isEmpty else {
            throw ServerError(403, "csrf", "this form is out of date or was not sent by this app; reload the page and try again")
        }
    }

    /// The browser device of `caller`, if still active, with its ledger's id and current scope: asked
    /// again inside a write's own transaction, so a revocation or a scope change that commits first wins.
    func authenticate(_ caller: WebCaller, needed: Scope, on connection: PostgresConnection) async throws -> Caller {
        let rows = try await connection.query("""
            SELECT d.scope, d.revoked_at IS NOT NULL, l.name, d.ledger_id, d.member
            FROM kakeibo_devices d JOIN kakeibo_ledgers l USING (ledger_id) WHERE d.device_id = \(caller.deviceId) AND d.kind = 'browser'
            """, logger: logger).collect()
        guard let row = rows.first?.makeRandomAccess() else { throw ServerError.unauthenticated("this browser is not signed in") }
        guard try !row[1].decode(Bool.self) else { throw ServerError.unauthenticated("this browser was signed out (its device was revoked)") }
        guard try row[2].decode(String.self) == caller.ledger else { throw ServerError.forbidden("this browser is signed in to another ledger") }
        let scope = Scope(rawValue: try row[0].decode(String.self)) ?? .read
        guard scope >= needed else {
            throw ServerError.forbidden("\(try row[4].decode(String.self)) may only read this ledger (scope \(scope.rawValue)); recording needs \(needed.rawValue)")
        }
        return Caller(deviceId: caller.deviceId, ledgerId: try row[3].decode(Int64.self), scope: scope, member: try row[4].decode(String.self))
    }
}
