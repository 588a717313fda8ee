import KakeiboDomain
import KakeiboTestSupport
import XCTest

final class EventEnvelopeTests: XCTestCase {
    /// The header is written member by member for speed; the chain depends on it matching
    /// the sorted-dictionary encoding byte for byte.
    func testCanonicalHeaderMatchesDictionaryEncoding() {
        var random = SplitMix64(seed: 7)
        let texts = ["", "a", "manual", "quote \" and \\ slash", "tab\there", "ünïcødé", "line\nbreak", "\u{7F}del", "x:1,y:2"]
        func text() -> String { texts[Int(random.next() % UInt64(texts.count))] }
        func optionalText() -> String? { random.next() % 3 == 0 ? nil : text() }
        for _ in 0..<500 {
            let envelope = EventEnvelope(
                position: Int64(bitPattern: random.next()), eventID: text(), stream: text(),
                streamVersion: Int64(bitPattern: random.next() >> 1), type: text(), schemaVersion: Int64(random.next() % 4),
                occurredOn: optionalText(), recordedAt: Int64(bitPattern: random.next()), source: text(),
                provenance: optionalText(), actor: text(), commandID: text(), idempotencyKey: optionalText(),
                commandHash: optionalText(), payload: .object([:]))
            XCTAssertEqual(envelope.canonicalHeaderBytes, envelope.headerObject.canonicalBytes(), "\(envelope)")
        }
    }

    func testCanonicalHeaderOfAKnownEnvelope() {
        let envelope = EventEnvelope(
            position: 3, eventID: "e", stream: "s", streamVersion: 1, type: "T", schemaVersion: 1, occurredOn: "2026-11-02",
            recordedAt: 5, source: "manual", actor: "me", commandID: "c", idempotencyKey: nil, commandHash: nil, payload: .null)
        XCTAssertEqual(String(decoding: envelope.canonicalHeaderBytes, as: UTF8.self), """
            {"actor":"me","commandHash":null,"commandId":"c","eventId":"e","idempotencyKey":null,"occurredOn":"2026-11-02",\
            "position":3,"provenance":null,"recordedAt":5,"schemaVersion":1,"source":"manual","stream":"s","streamVersion":1,"type":"T"}
            """)
    }
}
