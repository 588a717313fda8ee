import Foundation
@testable import kakeibo
import KakeiboReports
import KakeiboTestSupport
import XCTest

/// B23: CJK, full-width, emoji and combining characters in `bal` and `register` columns, typed as a person types
/// them. A column is measured in terminal columns (`displayWidth`: East Asian Wide/Fullwidth 2, combining marks 0),
/// and hledger 1.25 lines the same names up by the same widths.
extension TypedTextCommandTests {
    static let wideNames: [(category: String, payee: String, amount: String)] = [
        ("食費", "食堂 さくら", "12.50"), ("ｆｕｌｌ", "Cafe\u{0301} au lait", "3"), ("café", "👍 ok", "1000"),
    ]

    func testBalanceAndRegisterLineUpWideCharacters() throws {
        try ok("init", "--currency", "USD")
        try ok("account", "open", "assets:cash")
        for (category, payee, amount) in Self.wideNames {
            try ok("category", "add", category)
            try record("expense", amount, "--from", "assets:cash", "--category", category, "--payee", payee)
        }
        // `bal`: every row's balance ends in one terminal column; `register`: every amount and running balance.
        let balance = try ok("bal").out.split(separator: "\n").map(String.init)
        XCTAssertTrue(balance.contains { $0.hasPrefix("  食費") }, balance.joined(separator: "\n"))
        XCTAssertEqual(Set(balance.filter { $0.hasSuffix(" USD") }.map { Self.columnsBefore([" USD"], in: $0) }).count, 1,
                       balance.joined(separator: "\n"))
        let register = try ok("register").out.split(separator: "\n").map(String.init)
        XCTAssertEqual(register.count, 2 + 2 * Self.wideNames.count, register.joined(separator: "\n"))
        XCTAssertEqual(Set(register.dropFirst(2).map { Self.columnsBefore(["expenses:", "assets:"], in: $0) }).count, 1,
                       "the account column starts in one column:\n" + register.joined(separator: "\n"))
        XCTAssertEqual(Set(register.dropFirst(2).map { $0.displayWidth }).count, 1, register.joined(separator: "\n"))
    }

    /// hledger's own alignment of the same names, measured with the same widths: if its columns and ours
    /// disagreed on a character's width, its rows would end in different columns here.
    func testHledgerLinesUpTheSameNamesByTheSameWidths() throws {
        guard let hledger = MultiCurrencyCommandTests.which("hledger") else {
            print("skipping testHledgerLinesUpTheSameNamesByTheSameWidths: hledger is not installed")
            throw XCTSkip("hledger is not installed")
        }
        let journal = sandbox.path("wide.journal")
        try Self.wideNames.map { "2026-11-21 \($0.payee)\n    expenses:\($0.category)    $\($0.amount)\n    assets:cash\n" }
            .joined().write(toFile: journal, atomically: true, encoding: .utf8)
        let register = try ChildProcess.run(hledger, ["-f", journal, "reg", "-w", "100"], environment: nil, in: nil)
        XCTAssertEqual(register.status, 0, register.stderr)
        let lines = register.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2 * Self.wideNames.count, register.stdout)
        XCTAssertEqual(Set(lines.map(\.displayWidth)).count, 1, "hledger's rows end in one column:\n" + register.stdout)
        let balance = try ChildProcess.run(hledger, ["-f", journal, "bal", "-N"], environment: nil, in: nil)
        XCTAssertEqual(Set(balance.stdout.split(separator: "\n").map { Self.columnsBefore(["expenses:", "assets:"], in: String($0)) })
                        .count, 1, balance.stdout)
        XCTAssertEqual(Set(lines.map { Self.columnsBefore(["expenses:", "assets:"], in: $0) }).count, 1, register.stdout)
    }

    /// Terminal columns before the first of `markers` in `line`.
    static func columnsBefore(_ markers: [String], in line: String) -> Int {
        var width = 0
        var index = line.startIndex
        while index < line.endIndex {
            if markers.contains(where: { line[index...].hasPrefix($0) }) { return width }
            width += line[index].displayWidth
            index = line.index(after: index)
        }
        return width
    }
}
