import KakeiboChain
import XCTest

final class CheckpointTests: XCTestCase {
    let root = Digest32(hex: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328")!

    func testNoteBodyIsOriginSizeBase64Root() {
        let checkpoint = Checkpoint(origin: "ledger-1", size: 8, root: root)
        XCTAssertEqual(checkpoint.noteBody, "ledger-1\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n")
        XCTAssertEqual(Checkpoint(noteBody: checkpoint.noteBody), checkpoint)
    }

    func testExtensionLinesRoundTrip() {
        let body = "o\n1\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\nextra line\n"
        XCTAssertEqual(Checkpoint(noteBody: body)?.noteBody, body)
    }

    func testMalformedBodiesAreRefused() {
        for body in ["o\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=",       // no final newline
                     "\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n",      // empty origin
                     "o\n08\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n",    // leading zero
                     "o\n-8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n",
                     "o\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQy=\n",       // 31 bytes
                     "o\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyh=\n",      // non-canonical padding bits
                     "o\n8\n\n"] {
            XCTAssertNil(Checkpoint(noteBody: body), body)
        }
    }

    func testDigestHex() {
        XCTAssertEqual(Digest32(hex: root.hex.uppercased()), root)
        XCTAssertNil(Digest32(hex: String(root.hex.dropLast())))
        XCTAssertNil(Digest32(hex: String(root.hex.dropLast()) + "g"))
    }

    func testBase64() {
        for n in 0..<10 {
            let bytes = (0..<n).map { UInt8($0 * 37 & 0xFF) }
            XCTAssertEqual(Base64.decode(Base64.encode(bytes)), bytes)
        }
        XCTAssertEqual(Base64.encode(Array("foobar".utf8)), "Zm9vYmFy")
        XCTAssertEqual(Base64.encode(Array("fo".utf8)), "Zm8=")
        XCTAssertNil(Base64.decode("Zm8"))
        XCTAssertNil(Base64.decode("Z=8="))
    }
}
