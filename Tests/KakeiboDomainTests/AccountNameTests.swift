import KakeiboDomain
import KakeiboTestSupport
import XCTest

final class AccountNameTests: XCTestCase {
    func testValidNamesKeepTheirParts() throws {
        let name = try AccountName("assets:bank:checking")
        XCTAssertEqual(name.components, ["assets", "bank", "checking"])
        XCTAssertEqual(name.depth, 3)
        XCTAssertEqual(name.ancestors, ["assets", "assets:bank"])
        XCTAssertEqual(try AccountName("expenses:café au lait").components.last, "café au lait")
    }

    func testEachProblemIsNamed() {
        let cases: [(String, String)] = [
            ("", "1 to 200"), (String(repeating: "a", count: 201), "1 to 200"),
            ("assets::cash", "empty part"), (":assets", "empty part"), ("assets:", "empty part"),
            ("assets: cash", "space"), ("assets :cash", "space"), (" assets", "space"), ("assets ", "space"),
            ("assets:ca\u{7}sh", "control"), ("assets:\u{7F}", "control"), ("assets\n:cash", "control"),
        ]
        for (text, problem) in cases {
            XCTAssertThrowsError(try AccountName(text), text.debugDescription) { error in
                XCTAssertTrue("\(error)".contains(problem), "\(text.debugDescription): \(error)")
            }
        }
    }

    /// The byte scan accepts exactly what a per-part check over Unicode scalars accepts.
    func testAgreesWithAPerPartCheck() {
        func acceptedByParts(_ text: String) -> Bool {
            guard !text.isEmpty, text.utf8.count <= 200 else { return false }
            return text.split(separator: ":", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.first != " " && part.last != " "
                    && !part.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            }
        }
        var random = SplitMix64(seed: 11)
        let alphabet: [Character] = ["a", "b", ":", " ", "\t", "é", "\u{7F}", "日", "\u{1}", "-"]
        for _ in 0..<5_000 {
            let length = Int(random.next() % 8)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            XCTAssertEqual((try? AccountName(text)) != nil, acceptedByParts(text), text.debugDescription)
        }
    }
}
