@testable import KakeiboDashboard
import XCTest

/// `HTML.escape` hands back a string with nothing to escape as it is (its fast path), and escapes the
/// same characters as before wherever they sit, also beside multi-byte text.
final class HTMLEscapeTests: XCTestCase {
    func testTextWithNothingToEscapeComesBackAsItIs() {
        for text in ["", "12.50", "expenses:groceries", "Café Müller", "日本の店", "🧾 receipts", "tab\tand\nnewline"] {
            XCTAssertEqual(HTML.escape(text), text)
        }
    }

    func testEveryEscapedCharacterAnywhereInTheText() {
        XCTAssertEqual(HTML.escape("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)&gt;")
        XCTAssertEqual(HTML.escape("Tom & Jerry's \"diner\""), "Tom &amp; Jerry&#39;s &quot;diner&quot;")
        XCTAssertEqual(HTML.escape("café<"), "café&lt;")
        XCTAssertEqual(HTML.escape("日本&"), "日本&amp;")
        XCTAssertEqual(HTML.escape("a\u{0}b\u{8}c\u{B}d\r\u{1F}e\u{7F}"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}\u{FFFD}e\u{FFFD}")
    }
}
