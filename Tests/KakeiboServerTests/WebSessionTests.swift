import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// Signing a browser in (issue 31): one-time invites, sessions as browser devices, CSRF.
final class WebSessionTests: ServerTestCase {
    func testAnInviteSignsInOnceAndIsRefusedTheSecondTime() async throws {
        try await withServer { h in
            let invite = try await h.store.createInvite(ledger: h.ledger, member: "alice", scope: .write)
            XCTAssertEqual(invite.code.count, 55)
            XCTAssertEqual(invite.expires.timeIntervalSinceNow, 15 * 60, accuracy: 30, "15 minutes")
            let signedIn = try await h.store.redeemInvite(code: invite.code, userAgent: "Mozilla/5.0 (Linux; Android 14)")
            XCTAssertEqual(signedIn.caller.member, "alice")
            XCTAssertEqual(signedIn.caller.ledger, h.ledger)
            XCTAssertEqual(signedIn.caller.scope, .write)
            XCTAssertGreaterThan(signedIn.expires, Date().addingTimeInterval(24 * 3600))
            await assertRefused(410, "invite-used", try await h.store.redeemInvite(code: invite.code, userAgent: nil))
            // Only the secret's hash is stored: the code itself appears nowhere in the table.
            let stored = try await h.sql("SELECT invite_id || secret_sha256 FROM kakeibo_invites WHERE invite_id = '\(invite.code.prefix(12))'")
            XCTAssertEqual(stored.count, 1)
            XCTAssertFalse(stored[0][0]!.contains(invite.code.dropFirst(12)))
            // The session resolves to the browser device, listed beside the tokens as a browser.
            let caller = try await h.store.webCaller(sessionCookie: signedIn.sessionCookieValue)
            XCTAssertEqual(caller, signedIn.caller)
            let listed = try await h.store.deviceListing(ledger: h.ledger)
            XCTAssertEqual(listed.map(\.kind), ["browser"])
            XCTAssertEqual(listed.first?.deviceId, signedIn.caller.deviceId)
            XCTAssertEqual(listed.first?.member, "alice")
        }
    }

    /// `GET /join/CODE` shows `previewInvite`: a link preview bot may fetch it any number of times
    /// and the member's own tap still signs in.
    func testPreviewingAnInviteDoesNotSpendIt() async throws {
        try await withServer { h in
            let invite = try await h.store.createInvite(ledger: h.ledger, member: "alice", scope: .read)
            for _ in 0..<3 {
                let preview = try await h.store.previewInvite(code: invite.code)
                XCTAssertEqual([preview.ledger, preview.member, preview.scope.rawValue], [h.ledger, "alice", "read"])
            }
            let devices = try await h.store.deviceListing(ledger: h.ledger)
            XCTAssertEqual(devices, [], "previews enrol nothing")
            _ = try await h.store.redeemInvite(code: invite.code, userAgent: nil)
            await assertRefused(410, "invite-used", try await h.store.previewInvite(code: invite.code))
            let forged = String(invite.code.prefix(12)) + String(repeating: "B", count: 43)
            await assertRefused(401, "invite-invalid", try await h.store.previewInvite(code: forged))
        }
    }

    func testAnExpiredForgedOrMalformedInviteIsRefused() async throws {
        try await withServer { h in
            let invite = try await h.store.createInvite(ledger: h.ledger, member: "bob", scope: .read)
            // Same id, another secret of the same length: the stored digest does not match.
            let forged = String(invite.code.prefix(12)) + String(repeating: "A", count: 43)
            await assertRefused(401, "invite-invalid", try await h.store.redeemInvite(code: forged, userAgent: nil))
            await assertRefused(401, "invite-invalid", try await h.store.redeemInvite(code: "not-a-code", userAgent: nil))
            _ = try await h.sql("UPDATE kakeibo_invites SET expires_at = now() - interval '1 second' WHERE invite_id = '\(invite.code.prefix(12))'")
            await assertRefused(410, "invite-expired", try await h.store.redeemInvite(code: invite.code, userAgent: nil))
            // Neither refusal enrolled a device.
            let devices = try await h.store.deviceListing(ledger: h.ledger)
            XCTAssertEqual(devices, [])
            await assertRefused(404, "no-ledger", try await h.store.createInvite(ledger: "nosuchledger", member: "bob", scope: .read))
            await assertRefused(400, "malformed", try await h.store.createInvite(ledger: h.ledger, member: "bob", scope: .admin))
        }
    }

    func testARevokedBrowserIsSignedOutAtItsNextRequest() async throws {
        try await withServer { h in
            let invite = try await h.store.createInvite(ledger: h.ledger, member: "alice", scope: .write)
            let signedIn = try await h.store.redeemInvite(code: invite.code, userAgent: nil)
            let revoked = try await h.store.revoke(device: "browser-" + signedIn.caller.deviceId.prefix(6), ledger: h.ledger)
            XCTAssertEqual(revoked.map(\.id), [signedIn.caller.deviceId])
            let caller = try await h.store.webCaller(sessionCookie: signedIn.sessionCookieValue)
            XCTAssertNil(caller, "a revoked browser's cookie is no session")
            await assertRefused(401, "unauthenticated",
                                     try await h.store.record(.addCategory(.init(name: "books")), ledger: h.ledger, caller: signedIn.caller,
                                                              idempotencyKey: "k"))
            // A cookie with a forged secret, and rubbish, are no session either.
            let forged = try await h.store.webCaller(sessionCookie: String(signedIn.sessionCookieValue.prefix(13)) + String(repeating: "x", count: 43))
            XCTAssertNil(forged)
            let rubbish = try await h.store.webCaller(sessionCookie: "kkb_x")
            XCTAssertNil(rubbish)
        }
    }

    func testAForgedCSRFTokenIsRefused() async throws {
        try await withServer { h in
            let invite = try await h.store.createInvite(ledger: h.ledger, member: "alice", scope: .write)
            let caller = try await h.store.redeemInvite(code: invite.code, userAgent: nil).caller
            XCTAssertGreaterThanOrEqual(caller.csrfToken.count, 32)
            XCTAssertNoThrow(try h.store.checkCSRF(caller.csrfToken, caller: caller))
            // The last character changed to one it is not (a token ending in "A" made "…A" the real token: 1 run in 64 failed).
            let changedLast = String(caller.csrfToken.dropLast()) + (caller.csrfToken.hasSuffix("A") ? "B" : "A")
            for forged in [nil, "", String(caller.csrfToken.dropLast()), changedLast, caller.csrfToken + "A"] {
                XCTAssertThrowsError(try h.store.checkCSRF(forged, caller: caller), forged ?? "nil") { error in
                    XCTAssertEqual((error as? ServerError)?.body.error, "csrf")
                    XCTAssertEqual((error as? ServerError)?.status.code, 403)
                }
            }
        }
    }

    /// The middleware through the router: the cookie becomes `context.web`; `Set-Cookie` is HttpOnly, SameSite=Strict, with an expiry.
    func testSessionMiddlewareReadsTheCookie() async throws {
        try await withServer { h in
            let invite = try await h.store.createInvite(ledger: h.ledger, member: "alice", scope: .read)
            let signedIn = try await h.store.redeemInvite(code: invite.code, userAgent: nil)
            let router = Router(context: ServerRequestContext.self)
            router.add(middleware: SessionMiddleware(store: h.store))
            router.get("who") { _, context in context.web.map { "\($0.member) \($0.scope.rawValue)" } ?? "nobody" }
            let cookie = SessionMiddleware.cookie(value: signedIn.sessionCookieValue, expires: signedIn.expires, secure: false).description
            XCTAssertTrue(cookie.contains("HttpOnly"), cookie)
            XCTAssertTrue(cookie.contains("SameSite=Strict"), cookie)
            XCTAssertTrue(cookie.contains("Expires="), cookie)
            XCTAssertFalse(cookie.contains("Secure"), cookie)
            XCTAssertTrue(SessionMiddleware.cookie(value: "a.b", expires: Date(), secure: true).description.contains("Secure"))
            try await Application(router: router).test(.router) { client in
                let signed = try await client.executeRequest(uri: "/who", method: .get,
                                                             headers: [.cookie: "\(SessionMiddleware.cookieName)=\(signedIn.sessionCookieValue)"], body: nil)
                XCTAssertEqual(String(buffer: signed.body), "alice read")
                let anonymous = try await client.executeRequest(uri: "/who", method: .get, headers: [:], body: nil)
                XCTAssertEqual(String(buffer: anonymous.body), "nobody")
            }
        }
    }
}

/// Awaits `body` and checks it is refused with `status` and `code`, in one line.
func assertRefused<T>(_ status: Int, _ code: String, _ body: @autoclosure () async throws -> T,
                      file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await body()
        XCTFail("not refused", file: file, line: line)
    } catch let error as ServerError {
        XCTAssertEqual(Int(error.status.code), status, error.description, file: file, line: line)
        XCTAssertEqual(error.body.error, code, error.description, file: file, line: line)
        XCTAssertFalse(error.body.detail.contains("\n"), file: file, line: line)
    } catch {
        XCTFail("\(error)", file: file, line: line)
    }
}
