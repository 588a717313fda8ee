import Foundation
import XCTest

/// `kakeibo import statement` typed as a person types it (issue 32): each fixture of
/// Fixtures/statements imports with its count, re-import appends nothing, an overlapping statement
/// appends only its new transactions, and a refusal is one line naming the place, exit 1, log unchanged.
final class StatementImportCommandTests: KakeiboCLITestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/statements")
    func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

    func testOFXThenAnOverlappingOFXThenTheSameAgain() throws {
        try ok("init", "--currency", "USD")
        let first = try ok("import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:checking")
        XCTAssertTrue(first.stdoutLines[0].hasSuffix("checking-2026-01.ofx (ofx): 4 transactions appended, 0 already recorded"), first.out)
        XCTAssertTrue(first.out.contains("  the bank says: warn code 2000: Some transactions older than 90 days were not included"), first.out)
        XCTAssertTrue(first.out.contains("  closing balance 1232.07 USD on 2026-01-31 agrees with the ledger"), first.out)
        let second = try ok("import", "statement", fixture("checking-2026-01-02.ofx"), "--account", "assets:checking")
        XCTAssertTrue(second.stdoutLines[0].hasSuffix("(ofx): 2 transactions appended, 1 already recorded"), second.out)
        let head = try ok("verify", "--digest").out
        let again = try ok("import", "statement", fixture("checking-2026-01.ofx"), fixture("checking-2026-01-02.ofx"),
                           "--account", "assets:checking", "--output", "json").jsonObject()
        XCTAssertEqual(again["appended"] as? Int, 0)
        XCTAssertEqual(again["alreadyRecorded"] as? Int, 7)
        XCTAssertEqual(try ok("verify", "--digest").out, head, "re-import appended something")
        let register = try ok("register", "assets:checking").out
        XCTAssertTrue(register.contains("Café Crème"), register)
        XCTAssertTrue(try ok("replay", "--check").out.count > 0)
    }

    func testEveryFormatWithRulesAndAnEncodingNamed() throws {
        try ok("init", "--currency", "EUR")
        let rules = sandbox.path("bank.rules")
        try "if Telefonica\n  account2 expenses:phone\nif Kirschbaum\n  account2 income:salary\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let runs: [(String, String, String)] = [
            ("giro-2026-04.camt053.xml", "(camt053): 5 transactions appended", "closing balance 2195.50 EUR on 2026-04-30, but the ledger has 1195.50 EUR (difference 1000.00 EUR)"),
            ("giro-2026-05-latin1.camt053.xml", "(camt053): 1 transaction appended", "closing balance 2060.50 EUR on 2026-05-31, but the ledger has 1060.50 EUR"),
            ("giro-2026-06.mt940", "(mt940): 4 transactions appended", "closing balance 3240.51 EUR on 2026-06-30, but the ledger has 2240.51 EUR"),
        ]
        for (file, appended, closing) in runs {
            let result = try ok("import", "statement", fixture(file), "--account", "assets:giro", "--rules", rules)
            XCTAssertTrue(result.out.contains(appended), result.out)
            XCTAssertTrue(result.out.contains(closing), result.out)
        }
        let phone = try ok("register", "expenses:phone").out
        XCTAssertTrue(phone.contains("Telefonica Germany GmbH"), phone)
        let salary = try ok("register", "income:salary").out
        XCTAssertTrue(salary.contains("Kirschbaum GmbH"), salary)
        let qif = try ok("import", "statement", fixture("card-2026-03-utf16.qif"), "--account", "liabilities:card",
                         "--format", "qif", "--encoding", "UTF-16")
        XCTAssertTrue(qif.out.contains("(qif): 3 transactions appended"), qif.out)
        XCTAssertTrue(try ok("register", "liabilities:card").out.contains("Bücherstube Köln"))
    }

    func testRefusalsAreOneLineAndAppendNothing() throws {
        try ok("init", "--currency", "USD")
        try ok("import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:checking")
        let head = try ok("verify", "--digest").out
        let cases: [([String], String)] = [
            (["import", "statement", fixture("truncated.ofx"), "--account", "assets:checking"],
             "truncated.ofx:17:1: expected </STMTTRN> before the end of the file (is the file cut short?), found the end of the file"),
            (["import", "statement", fixture("bad-amount.camt053.xml"), "--account", "assets:giro"],
             "bad-amount.camt053.xml:5:1: expected an amount like 12.34, found \"12.5O\" at /Document/BkToCstmrStmt/Stmt/Ntry/Amt"),
            (["import", "statement", fixture("giro-2026-06.mt940"), "--account", "assets:checking"],
             "giro-2026-06.mt940:1:1: the statement is in EUR but assets:checking holds USD; import it into an account in EUR"),
            (["import", "statement", fixture("checking-2026-03.qif"), "--account", "assets:checking", "--format", "ofx"],
             "checking-2026-03.qif:2:1: expected an OFX header line KEY:VALUE or the <OFX> tag, found \"D3/ 2'26\""),
            (["import", "statement", fixture("checking-2026-01-02.ofx"), fixture("truncated.ofx"), "--account", "assets:checking"],
             "truncated.ofx:17:1: expected </STMTTRN>"),
        ]
        for (arguments, expected) in cases {
            let result = try sandbox.run(arguments)
            XCTAssertEqual(result.exitCode, 1, "\(result)")
            XCTAssertTrue(result.stderrLines.first?.contains(expected) == true, "\(result)")
            XCTAssertEqual(try ok("verify", "--digest").out, head, "\(arguments) appended something")
        }
        let badEncoding = try sandbox.run(["import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:x", "--encoding", "ebcdic"])
        XCTAssertNotEqual(badEncoding.exitCode, 0)
        XCTAssertTrue(badEncoding.stderr.contains("unknown encoding \"ebcdic\""), "\(badEncoding)")
    }

    func testCSVReadsWindows1252AndANamedEncoding() throws {
        try ok("init", "--currency", "USD")
        let csv = sandbox.path("latin.csv"), rules = sandbox.path("latin.rules")
        try Data("Date,Description,Amount\n2026-11-01,Caf\u{E9} \u{20AC},-3.00\n".data(using: .windowsCP1250)!.map { $0 == 0x80 ? 0x80 : $0 })
            .write(to: URL(fileURLWithPath: csv))
        try "skip 1\nfields date, description, amount\ncurrency USD\naccount1 assets:cash\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let refused = try sandbox.run(["import", "csv", csv, "--rules", rules, "--encoding", "utf-8"])
        XCTAssertEqual(refused.exitCode, 1, "\(refused)")
        XCTAssertTrue(refused.stderr.contains("it is not utf-8 text"), "\(refused)")
        try ok("import", "csv", csv, "--rules", rules)
        XCTAssertTrue(try ok("register").out.contains("Café €"))
    }
}
