import Foundation
import KakeiboServer
import KakeiboSync
import XCTest

/// N24: a request body over the limit is the client's fault: 413 with the limit in `detail`, not 500.
final class RequestSizeTests: ServerTestCase {
    func testABodyOverTheLimitIs413WithTheLimit() async throws {
        try await withServer { server in
            let token = try await server.token()
            let body = Data(repeating: UInt8(ascii: " "), count: SyncProtocol.maxBodyBytes + 1024)
            let reply = try await server.request(.post, "events", token: token, body: body)
            XCTAssertEqual(reply.status, 413)
            XCTAssertEqual(reply.json["error"] as? String, "too-large")
            XCTAssertTrue((reply.json["detail"] as? String ?? "").contains(String(SyncProtocol.maxBodyBytes)), "\(reply.json)")
        }
    }
}
