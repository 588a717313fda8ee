import KakeiboDomain
@testable import KakeiboInterop
import XCTest

/// The keys a re-import reads back from the log are the keys an import wrote: every one parses
/// to what was written, and nothing else passes for a key.
final class ImportKeyTests: XCTestCase {
    typealias ImportKey = JournalImporter.ImportKey

    func testEveryWrittenKeyReadsBackAsItself() {
        var random = SplitMix64(seed: 12)
        var keys = [ImportKey(digest: .init(high: 0, low: 0), occurrence: 0),
                    ImportKey(digest: .init(high: .max, low: .max), occurrence: .max),
                    ImportKey(digest: .init(high: 0x0f, low: 1 << 63), occurrence: 10)]
        for _ in 0..<2_000 {
            keys.append(ImportKey(digest: .init(high: random.next(), low: random.next()),
                                  occurrence: UInt32(truncatingIfNeeded: random.next() >> UInt64(random.next() % 64))))
        }
        for key in keys {
            XCTAssertEqual(key.text.utf8.count, 8 + 32 + 1 + String(key.occurrence).count, key.text)
            XCTAssertEqual(ImportKey(key.text), key, key.text)
        }
        XCTAssertEqual(ImportKey("journal:0123456789abcdef0123456789abcdef:7"),
                       ImportKey(digest: .init(high: 0x0123_4567_89ab_cdef, low: 0x0123_4567_89ab_cdef), occurrence: 7))
    }

    func testAnythingElseIsNoKey() {
        let digest = "0123456789abcdef0123456789abcdef"
        for text in ["", "journal:", "journal:\(digest)", "journal:\(digest):", "journal:\(digest):x",
                     "journal:\(digest):1x", "journal:\(digest):+1", "journal:\(digest):-1", "journal:\(digest):4294967296",
                     "journal:\(digest.uppercased()):1", "journal:\(digest.dropLast()):1", "journal:\(digest)0:1",
                     "journal:\(digest.dropLast())g:1", "Journal:\(digest):1", "csv:\(digest):1", "journal:\(digest);1",
                     "journal:\(digest):1:2", "price:2026-01-01:EUR"] {
            XCTAssertNil(ImportKey(text), text)
        }
        XCTAssertEqual(ImportKey("journal:\(digest):4294967295")?.occurrence, .max)
    }
}
