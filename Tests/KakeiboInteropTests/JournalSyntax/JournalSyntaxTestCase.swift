import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 20's features, each with a small journal in `Fixtures/journals/` whose balances are
/// compared with `hledger bal -N -O json` (skipped, with the reason printed, without hledger).
class JournalSyntaxTestCase: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-syntax-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 20, actor: "tester"))
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func importFixture(_ name: String) throws -> JournalImportReport {
        try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture(name)), into: ledger)
    }

    /// `account,CODE,amount` per account and commodity, conversion accounts left out.
    func balances() throws -> [String] {
        try ledger.balances().accounts
            .filter { !ConversionAccount.isConversion($0.account.rawValue) && !$0.amount.isZero }
            .map { HledgerJSON.normalised("\($0.account),\($0.amount.currency.code),\($0.amount.decimalString)") }
            .sorted()
    }

    /// The ledger's balances after importing `fixture` equal hledger's for the same file.
    func assertBalancesEqualHledger(_ fixture: String, hledgerArguments: [String] = [],
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let hledger = try Tools.hledger()
        let output = try Tools.run(hledger, ["-f", Tools.fixture(fixture), "bal", "-N", "-O", "json"] + hledgerArguments)
        XCTAssertEqual(output.status, 0, output.stderr, file: file, line: line)
        XCTAssertEqual(try HledgerJSON.balances(output.stdout).map(HledgerJSON.normalised), try balances(), file: file, line: line)
    }

    /// Importing the fixture again appends nothing.
    func assertReimportAppendsNothing(_ fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let head = try ledger.head()
        let again = try importFixture(fixture)
        XCTAssertEqual(again.appended, 0, file: file, line: line)
        XCTAssertEqual(try ledger.head(), head, file: file, line: line)
    }
}
