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
        func date() -> LocalDate? { random.next() % 3 == 0 ? nil : LocalDate(daysSinceEpoch: Int(random.next() % 3_000_000) - 700_000) }
        for _ in 0..<500 {
            let envelope = EventEnvelope(
                position: Int64(bitPattern: random.next()), eventID: text(), stream: text(),
                streamVersion: Int64(bitPattern: random.next() >> 1), type: text(), schemaVersion: Int64(random.next() % 4),
                occurredOn: date(), recordedAt: Int64(bitPattern: random.next()), source: EventSource(rawValue: text()),
                provenance: optionalText(), actor: text(), commandID: text(), idempotencyKey: optionalText(),
                commandHash: optionalText(), payload: .object([:]))
            XCTAssertEqual(envelope.canonicalHeaderBytes, envelope.headerObject.canonicalBytes(), "\(envelope)")
        }
    }

    func testCanonicalHeaderOfAKnownEnvelope() throws {
        let envelope = EventEnvelope(
            position: 3, eventID: "e", stream: "s", streamVersion: 1, type: "T", schemaVersion: 1, occurredOn: try LocalDate(year: 2026, month: 11, day: 2),
            recordedAt: 5, source: .manual, actor: "me", commandID: "c", idempotencyKey: nil, commandHash: nil, payload: .null)
        XCTAssertEqual(String(decoding: envelope.canonicalHeaderBytes, as: UTF8.self), """
            {"actor":"me","commandHash":null,"commandId":"c","eventId":"e","idempotencyKey":null,"occurredOn":"2026-11-02",\
            "position":3,"provenance":null,"recordedAt":5,"schemaVersion":1,"source":"manual","stream":"s","streamVersion":1,"type":"T"}
            """)
    }

    /// The chain hashes a stored date as it re-encodes, so only text that re-encodes to itself is read.
    func testAStoredDateIsReadOnlyInTheFormItIsWritten() throws {
        XCTAssertEqual(try LocalDate(stored: "2026-01-05").description, "2026-01-05")
        XCTAssertEqual(try LocalDate(iso: "2026/01/05").description, "2026-01-05", "people may type it so")
        for text in ["2026/01/05", "2026.01.05", "2026-01/05", "2026/01-05", "20", "2026-1-05", "2026-02-30", " 2026-01-05", "0000-01-01", ""] {
            XCTAssertThrowsError(try LocalDate(stored: text), text)
        }
        var random = SplitMix64(seed: 12)
        for _ in 0..<2_000 {
            let date = LocalDate(daysSinceEpoch: Int(random.next() % 3_651_000) - 719_162)
            XCTAssertEqual(try LocalDate(stored: date.description), date)
        }
    }

    /// Text this version does not know is kept as it was stored, and is the same source as the case it names.
    func testASourceKeepsTextItDoesNotKnow() {
        for source in EventSource.known {
            XCTAssertEqual(EventSource(rawValue: source.rawValue), source)
            XCTAssertFalse(source.rawValue.isEmpty)
        }
        XCTAssertEqual(EventSource(rawValue: "journal-import"), .journalImport)
        XCTAssertEqual(EventSource(rawValue: "phone-app"), .unrecognized("phone-app"))
        XCTAssertEqual(EventSource(rawValue: "phone-app").rawValue, "phone-app")
        XCTAssertEqual(EventSource.unrecognized("manual"), .manual)
        XCTAssertEqual(Set([EventSource.unrecognized("manual"), .manual]).count, 1)
    }
}
