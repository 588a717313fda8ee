import Foundation
import KakeiboServer
import KakeiboSync
import XCTest

/// The issue's "must show" 8, through the real routes: who may read, push and not.
final class ServerAuthTests: ServerTestCase {
    func testNoTokenIsUnauthenticated() async throws {
        try await withServer { server in
            let reply = try await server.request(.get, "head", token: nil)
            XCTAssertEqual(reply.status, 401)
            XCTAssertEqual(reply.json["error"] as? String, "unauthenticated")
            XCTAssertNotNil(reply.json["detail"] as? String)
        }
    }

    func testForgedTokenIsUnauthenticated() async throws {
        try await withServer { server in
            let real = try await server.token(.admin)
            // Same id, another secret: the id finds the row, the secret's hash does not match.
            let forged = DeviceToken(id: DeviceToken(real)!.id, secret: DeviceToken.generate().secret).description
            let reply = try await server.request(.get, "head", token: forged)
            XCTAssertEqual(reply.status, 401)
            let unknown = try await server.request(.get, "head", token: DeviceToken.generate().description)
            XCTAssertEqual(unknown.status, 401)
            let awaited1 = try await server.request(.get, "head", token: real).status
            XCTAssertEqual(awaited1, 200)
        }
    }

    func testReadTokenCannotPush() async throws {
        try await withServer { server in
            let reader = try await server.token(.read)
            let awaited2 = try await server.request(.get, "events?after=0", token: reader).status
            XCTAssertEqual(awaited2, 200)
            let body = try JSONEncoder().encode(PushRequest(deviceId: DeviceToken(reader)!.id, events: []))
            let reply = try await server.request(.post, "events", token: reader, body: body)
            XCTAssertEqual(reply.status, 403)
            XCTAssertEqual(reply.json["error"] as? String, "forbidden")
        }
    }

    func testAnotherLedgersTokenIsForbidden() async throws {
        let other = ledgerName! + "x"
        try await withServer { server in
            try await server.store.initialise(ledger: other)
            let foreign = try await server.store.issueToken(ledger: other, member: "carol", device: "laptop", scope: .admin).description
            let reply = try await server.request(.get, "head", token: foreign)
            XCTAssertEqual(reply.status, 403)
        }
    }

    func testRevokedTokenIsUnauthenticated() async throws {
        try await withServer { server in
            let token = try await server.token(.write)
            let awaited3 = try await server.request(.get, "head", token: token).status
            XCTAssertEqual(awaited3, 200)
            let revoked = try await server.store.revoke(device: DeviceToken(token)!.id)
            XCTAssertTrue(revoked)
            let reply = try await server.request(.get, "head", token: token)
            XCTAssertEqual(reply.status, 401)
            XCTAssertTrue((reply.json["detail"] as? String ?? "").contains("revoked"))
        }
    }

    func testPushForAnotherDeviceIsForbidden() async throws {
        try await withServer { server in
            let token = try await server.token(.write)
            let body = try JSONEncoder().encode(PushRequest(deviceId: "someoneelse1", events: []))
            let awaited4 = try await server.request(.post, "events", token: token, body: body).status
            XCTAssertEqual(awaited4, 403)
        }
    }

    func testDatabaseHoldsNoTokenPlaintext() async throws {
        try await withServer { server in
            let token = try await server.token(.admin)
            let secret = DeviceToken(token)!.secret
            let rows = try await server.sql("SELECT row_to_json(d)::text FROM kakeibo_devices d")
            XCTAssertFalse(rows.isEmpty)
            for row in rows {
                XCTAssertFalse((row[0] ?? "").contains(secret), "a token's secret is stored in plain text")
                XCTAssertFalse((row[0] ?? "").contains(token))
            }
            let stored = try await server.sql("SELECT secret_sha256 FROM kakeibo_devices WHERE device_id = '\(DeviceToken(token)!.id)'")
            XCTAssertEqual(stored.first?.first ?? nil, DeviceToken(token)!.secretSHA256)
        }
    }

    func testProtocolMismatchIs426() async throws {
        try await withServer { server in
            let token = try await server.token(.read)
            let reply = try await server.request(.get, "head", token: token, protocolVersion: "2")
            XCTAssertEqual(reply.status, 426)
            XCTAssertEqual(reply.json["error"] as? String, "protocol")
        }
    }

    func testInfoNeedsNoToken() async throws {
        try await withServer { server in
            let response = try await server.client.executeRequest(uri: "/v1/info", method: .get, headers: [:], body: nil)
            XCTAssertEqual(response.status.code, 200)
            let info = try JSONDecoder().decode(ServerInfo.self, from: Data(response.body.readableBytesView))
            XCTAssertEqual(info.protocol, 1)
        }
    }
}

/// The admin endpoints: enrol, list and revoke devices; only an admin token may.
final class DeviceAdminTests: ServerTestCase {
    func testAdminEnrolsListsAndRevokesDevices() async throws {
        try await withServer { server in
            let admin = try await server.token(.admin)
            let writer = try await server.token(.write, member: "bob", device: "phone")
            let request = try JSONEncoder().encode(["member": "kid", "name": "tablet", "scope": "read"])
            let refused = try await server.request(.post, "devices", token: writer, body: request)
            XCTAssertEqual(refused.status, 403)
            let enrolled = try await server.request(.post, "devices", token: admin, body: request)
            XCTAssertEqual(enrolled.status, 200)
            let token = try XCTUnwrap(enrolled.json["token"] as? String)
            let id = try XCTUnwrap(DeviceToken(token)).id
            XCTAssertEqual(enrolled.json["deviceId"] as? String, id)
            let headWithNewToken = try await server.request(.get, "head", token: token)
            XCTAssertEqual(headWithNewToken.status, 200)
            let listed = try await server.request(.get, "devices", token: admin)
            let devices = try XCTUnwrap(listed.json["devices"] as? [[String: Any]])
            XCTAssertEqual(devices.count, 3)
            XCTAssertFalse(String(describing: listed.json).contains(DeviceToken(token)!.secret))
            let revoked = try await server.request(.delete, "devices/\(id)", token: admin)
            XCTAssertEqual(revoked.status, 200)
            let afterRevoke = try await server.request(.get, "head", token: token)
            XCTAssertEqual(afterRevoke.status, 401)
            let unknown = try await server.request(.delete, "devices/nosuchdevice", token: admin)
            XCTAssertEqual(unknown.status, 404)
        }
    }
}
