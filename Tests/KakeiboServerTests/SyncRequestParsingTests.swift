import Foundation
import KakeiboServer
import KakeiboSync
import XCTest

/// Push and adopt bodies are read with the ledger's own JSON parser (`PushRequest(wire:)`, `AdoptRequest(wire:)`):
/// what it reads equals what `JSONDecoder` reads, and a body it cannot read still gets `JSONDecoder`'s 400.
final class SyncRequestParsingTests: ServerTestCase {
    private static let hash = String(repeating: "ab", count: 32)

    private static func pending(_ index: Int64, optionalsSet: Bool) -> PendingEvent {
        var event = try! JSONDecoder().decode(PendingEvent.self, from: Data("""
            {"eventId":"e\(index)","deviceSeq":\(index),"devicePrevHash":"\(hash)","originHash":"\(hash)","stream":"txn-\(index)",
             "type":"ExpenseCaptured","schemaVersion":1,"recordedAt":1795262400000,"source":"cli","actor":"alice",
             "commandId":"c\(index)","payload":"{\\"amount\\":\\"1.00\\",\\"note\\":\\"tab\\\\tand \\\\u00e9\\"}"}
            """.utf8))
        if optionalsSet {
            event.parentEventId = "p\(index)"; event.occurredOn = "2026-11-02"; event.provenance = "journal:1"
            event.idempotencyKey = "k\(index)"; event.commandHash = hash
        }
        return event
    }

    func testPushAndAdoptBodiesReadTheSameAsJSONDecoder() throws {
        let push = PushRequest(deviceId: "phone", events: (1...4).map { Self.pending($0, optionalsSet: $0 % 2 == 0) }, basedOn: 7)
        let pushBytes = Array(try JSONEncoder().encode(push))
        XCTAssertEqual(PushRequest(wire: pushBytes), try JSONDecoder().decode(PushRequest.self, from: Data(pushBytes)))
        XCTAssertEqual(PushRequest(wire: pushBytes), push)
        let noBase = Array(try JSONEncoder().encode(PushRequest(deviceId: "phone", events: [Self.pending(1, optionalsSet: false)])))
        XCTAssertEqual(PushRequest(wire: noBase)?.basedOn, nil)
        XCTAssertEqual(PushRequest(wire: noBase), try JSONDecoder().decode(PushRequest.self, from: Data(noBase)))

        let canonical = try JSONDecoder().decode(CanonicalEvent.self, from: Data("""
            {"position":1,"eventId":"e1","stream":"txn-1","streamVersion":1,"type":"ExpenseCaptured","schemaVersion":1,
             "occurredOn":null,"recordedAt":1795262400000,"source":"cli","actor":"alice","commandId":"c1",
             "payload":"{}","previousHash":"\(Self.hash)","hash":"\(Self.hash)"}
            """.utf8))
        let adopt = AdoptRequest(deviceId: "laptop", events: [canonical, canonical])
        let adoptBytes = Array(try JSONEncoder().encode(adopt))
        XCTAssertEqual(AdoptRequest(wire: adoptBytes), try JSONDecoder().decode(AdoptRequest.self, from: Data(adoptBytes)))
    }

    func testABodyTheParserCannotReadIsLeftToJSONDecoder() throws {
        // A number where a string belongs, a missing field, basedOn as text, and not JSON at all.
        for body in [#"{"deviceId":1,"events":[]}"#, #"{"events":[]}"#, #"{"deviceId":"d","events":[{"eventId":"e"}]}"#, "{"] {
            XCTAssertNil(PushRequest(wire: Array(body.utf8)), body)
            XCTAssertNil(AdoptRequest(wire: Array(body.utf8)), body)
        }
        XCTAssertNil(PushRequest(wire: Array(#"{"deviceId":"d","events":[],"basedOn":"7"}"#.utf8)))
        // An adopt has no basedOn: like JSONDecoder, the parser ignores a key the type does not have.
        XCTAssertEqual(AdoptRequest(wire: Array(#"{"deviceId":"d","events":[],"basedOn":"7"}"#.utf8))?.deviceId, "d")
    }

    func testAMalformedPushIsStill400NamingTheType() async throws {
        try await withServer { server in
            let token = try await server.token()
            let reply = try await server.request(.post, "events", token: token, body: Data(#"{"deviceId":"phone","events":[{"eventId":1}]}"#.utf8))
            XCTAssertEqual(reply.status, 400)
            XCTAssertEqual(reply.json["error"] as? String, "malformed")
            XCTAssertTrue((reply.json["detail"] as? String ?? "").contains("PushRequest"), "\(reply.json)")
        }
    }
}
