import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Journals and statements built to hurt: a 1 MB line, amounts beyond Int64, an include of a
/// device, invalid UTF-8. Each is refused naming where, with a short message (no megabyte echoed
/// back), and the log keeps its event count and chain head.
final class HostileImportTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 7, actor: "tester"))
        _ = try JournalImporter.importJournal(try JournalReader.read(path: try write(JournalImportTests.month, to: "first.journal")),
                                              into: ledger)
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Imports `text`; asserts it is refused at `place` with a report under 1,000 characters and an unchanged log.
    private func assertRefused(_ text: String, at place: String, in reported: String = "hostile.journal", mentioning mention: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let head = try ledger.head()
        let path = try write(text, to: "hostile.journal")
        XCTAssertThrowsError(try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger),
                             file: file, line: line) { error in
            guard let error = error as? ImportError else { return XCTFail("\(error)", file: file, line: line) }
            let reportedPath = directory.appendingPathComponent(reported).path
            XCTAssertTrue(error.description.hasPrefix("\(reportedPath):\(place)"), error.description, file: file, line: line)
            XCTAssertTrue(error.description.contains(mention), error.description, file: file, line: line)
            XCTAssertLessThan(error.report.count, 1_000, "the report echoes the input back", file: file, line: line)
            XCTAssertEqual(error.description.split(separator: "\n").count, 1, file: file, line: line)
        }
        XCTAssertEqual(try ledger.head(), head, "the log changed", file: file, line: line)
    }

    private let megabyte = String(repeating: "x", count: 1_000_000)

    func testMegabyteLinesAreRefusedWithShortErrors() throws {
        try assertRefused("2026-11-05 \(megabyte)\n    assets:checking  $1\n    income:salary\n",
                          at: "1:12", mentioning: "text longer than")
        try assertRefused("2026-11-05 Shop\n    expenses:\(megabyte)  $1\n    assets:checking\n",
                          at: "2:5", mentioning: "invalid account name")
        try assertRefused("2026-11-05 Shop\n    expenses:dining  $1\(String(repeating: "0", count: 1_000_000))\n    assets:checking\n",
                          at: "2:22", mentioning: "invalid amount")
    }

    func testMegabyteCommentIsReadLikeAnyComment() throws {
        let path = try write("; \(megabyte)\n2026-11-05 Shop\n    expenses:dining  $1\n    assets:checking\n", to: "comment.journal")
        let report = try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger)
        XCTAssertEqual(report.appended, 1)
    }

    func testAmountsBeyondInt64AreRefused() throws {
        // One minor unit past Int64.max, as a posting.
        try assertRefused("2026-11-05 Big\n    assets:checking  $92233720368547758.08\n    income:salary\n",
                          at: "2:22", mentioning: "too large")
        // Each posting fits; their sum, the elided amount, does not.
        try assertRefused("""
            2026-11-05 Big
                assets:checking  $50000000000000000.00
                assets:checking  $50000000000000000.00
                income:salary

            """, at: "", mentioning: "too large")
        // A balance assertion beyond Int64.
        try assertRefused("2026-11-05 Big\n    assets:checking  $1 = $99999999999999999999\n    income:salary\n",
                          at: "2:", mentioning: "invalid amount")
    }

    func testIncludeOfADeviceOrADirectoryIsRefused() throws {
        try assertRefused("include /dev/zero\n", at: "1:9", mentioning: "cannot read")
        try assertRefused("include \(directory.path)\n", at: "1:9", mentioning: "cannot read")
    }

    func testIncludeCycleThroughTwoFilesIsRefused() throws {
        _ = try write("include hostile.journal\n", to: "other.journal")
        try assertRefused("include other.journal\n", at: "1:9", in: "other.journal", mentioning: "include cycle")
    }

    /// Issue 32 changed the rule: a statement that is not UTF-8 is read as Windows-1252 (what banks'
    /// "Latin-1" exports are), so the refusal this test pinned now needs `--encoding utf-8` named.
    func testStatementThatIsNotUTF8IsRefused() throws {
        let head = try ledger.head()
        let path = directory.appendingPathComponent("latin1.csv").path
        try Data("Date,Description,Amount,Balance\n2026-11-01,Caf\u{E9},-3.00,1\n".data(using: .isoLatin1)!).write(to: URL(fileURLWithPath: path))
        let rules = try CSVRules.read(path: CSVImportTests.csv("bank-a.rules"))
        XCTAssertThrowsError(try CSVImporter.importStatement(path: path, rules: rules, encoding: .utf8, into: ledger)) { error in
            XCTAssertEqual("\(error)", "cannot read \"\(path)\": it is not utf-8 text; name the encoding it is in, such as windows-1252")
        }
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try CSVImporter.importStatement(path: path, rules: rules, into: ledger).appended, 1)
        XCTAssertTrue(try ledger.transactions().contains { $0.payee == "Caf\u{E9}" })
    }

    func testFormulaCellsStayTextAndAMegabyteCellIsRefused() throws {
        let rules = try CSVRules.read(path: CSVImportTests.csv("bank-a.rules"))
        let formulas = try write("Date,Description,Amount,Balance\n2026-11-01,=cmd|' /C calc'!A0,-3.00,1\n2026-11-02,@SUM(1+1),-4.00,1\n",
                                 to: "formulas.csv")
        XCTAssertEqual(try CSVImporter.importStatement(path: formulas, rules: rules, into: ledger).appended, 2)
        let payees = try ledger.register(account: "assets:bank:a").entries.compactMap(\.posted.payee)
        XCTAssertEqual(payees, ["=cmd|' /C calc'!A0", "@SUM(1+1)"], "kept as the characters they are, never evaluated")

        let head = try ledger.head()
        let long = try write("Date,Description,Amount,Balance\n2026-11-03,\(megabyte),-3.00,1\n", to: "long.csv")
        XCTAssertThrowsError(try CSVImporter.importStatement(path: long, rules: rules, into: ledger)) { error in
            XCTAssertTrue("\(error)".contains("text longer than"), "\(error)")
            XCTAssertLessThan((error as? ImportError)?.report.count ?? .max, 1_000)
        }
        XCTAssertEqual(try ledger.head(), head)
    }
}
