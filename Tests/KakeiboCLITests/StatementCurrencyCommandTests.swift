import Foundation
import XCTest

/// A statement in a currency the ISO table lacks (the Deutsche Mark of old German MT940 files),
/// typed as a person types it (issue 32): refused in one line naming the code and how to declare
/// it, with nothing appended; once the commodity is declared the file imports and every report,
/// the export and replay read it back.
final class StatementCurrencyCommandTests: KakeiboCLITestCase {
    func testADeclaredCurrencyImportsAndAnUndeclaredOneIsRefused() throws {
        try ok("init", "--currency", "EUR")
        let path = sandbox.path("dem.sta")
        try ":20:X\n:25:1\n:60F:C011231DEM100,00\n:61:0201020102D1,50NMSCNONREF//K1\n:86:Bäckerei\n:62F:C020102DEM98,50\n-\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let head = try ok("verify", "--digest").out
        let refused = try kakeibo("import", "statement", path, "--account", "assets:konto")
        XCTAssertEqual(refused.exitCode, 1, "\(refused)")
        let first = try XCTUnwrap(refused.stderr.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(first.contains("dem.sta:1") && first.contains("the statement is in DEM")
                      && first.contains("commodity declare DEM"), refused.stderr)
        XCTAssertEqual(try ok("verify", "--digest").out, head, "a refused import appended something")

        try ok("commodity", "declare", "DEM", "--precision", "2")
        let imported = try ok("import", "statement", path, "--account", "assets:konto")
        XCTAssertTrue(imported.out.contains("(mt940): 1 transaction appended"), imported.out)
        XCTAssertTrue(imported.out.contains("closing balance 98.50 DEM on 2002-01-02, but the ledger has -1.50 DEM"), imported.out)
        let balance = try ok("balance", "assets:konto", "--format", "csv").out
        XCTAssertTrue(balance.contains("assets:konto,DEM,-1.50"), balance)
        XCTAssertTrue(try ok("register", "assets:konto").out.contains("-1.50 DEM"))
        try ok("balancesheet")
        XCTAssertTrue(try ok("export", "journal").out.contains("assets:konto  -1.50 DEM"))
        try ok("export", "beancount")
        try ok("reconcile", "assets:konto", "--balance", "-1.50", "--as-of", "2002-01-02")
        XCTAssertTrue(try ok("replay", "--check").out.contains("projections match"))
    }
}
