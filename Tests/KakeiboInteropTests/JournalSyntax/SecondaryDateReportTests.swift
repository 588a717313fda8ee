import Foundation
import XCTest

/// `balance --date2` and `register --date2` (issue 36) on `Fixtures/journals/secondary-dates.journal`,
/// typed as a person types them, against hledger's `--date2` on the same file: a rent paid late
/// (`2026-01-30=2026-02-02`) counts in February, a refund booked back (`2026-02-03=2026-01-31`) in January.
final class SecondaryDateReportTests: XCTestCase {
    var directory: URL!
    var kakeibo: URL!

    override func setUpWithError() throws {
        kakeibo = try Tools.kakeiboBinary()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-date2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try run("init", "--currency", "USD", "--timezone", "UTC")
        try run("import", "journal", Tools.fixture("secondary-dates.journal"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func run(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try run(arguments, file: file, line: line)
    }

    func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try Tools.run(kakeibo, ["--db", directory.appendingPathComponent("ledger.sqlite").path] + arguments, in: directory)
        XCTAssertEqual(output.status, 0, "kakeibo \(arguments.joined(separator: " ")): \(output.stderr)", file: file, line: line)
        return output.stdout
    }

    /// `balance --format csv` as `account,CODE,amount` with trailing zeros off.
    func balances(_ arguments: [String]) throws -> [String] {
        try run(["balance", "--format", "csv"] + arguments).split(separator: "\n").dropFirst().map { HledgerJSON.normalised(String($0)) }
    }

    func hledgerBalances(_ arguments: [String]) throws -> [String] {
        let output = try Tools.run(try Tools.hledger(), ["-f", Tools.fixture("secondary-dates.journal"), "bal", "-N", "-O", "json"] + arguments)
        XCTAssertEqual(output.status, 0, output.stderr)
        return try HledgerJSON.balances(output.stdout).map(HledgerJSON.normalised)
    }

    func testBalanceByPrimaryAndSecondaryDatesEqualsHledgers() throws {
        XCTAssertEqual(try balances(["-p", "2026-02"]), ["assets:checking,USD,-25", "expenses:food,USD,25"])
        XCTAssertEqual(try balances(["--date2", "-p", "2026-02"]),
                       ["assets:checking,USD,-540", "expenses:food,USD,40", "expenses:rent,USD,500"])
        XCTAssertEqual(try balances(["--date2", "-p", "2026-01"]), ["assets:checking,USD,15", "expenses:food,USD,-15"])
        for arguments in [["-p", "2026-01"], ["-p", "2026-02"], ["--date2", "-p", "2026-01"], ["--date2", "-p", "2026-02"]] {
            XCTAssertEqual(try balances(arguments), try hledgerBalances(arguments), arguments.joined(separator: " "))
        }
    }

    func testRegisterOrdersAndDatesBySecondaryDates() throws {
        let csv = try run("register", "--date2", "assets:checking", "--format", "csv").split(separator: "\n").dropFirst()
        XCTAssertEqual(csv.map { $0.split(separator: ",").first.map(String.init) ?? "" }, ["2026-01-31", "2026-02-01", "2026-02-02"])
        let hledger = try Tools.run(try Tools.hledger(), ["-f", Tools.fixture("secondary-dates.journal"), "reg", "--date2",
                                                          "assets:checking", "-O", "csv"])
        XCTAssertEqual(hledger.status, 0, hledger.stderr)
        // hledger 1.25's CSV prints the primary date in --date2's order, so the order is compared by payee.
        let theirs = hledger.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[3].replacingOccurrences(of: "\"", with: "") }
        XCTAssertEqual(csv.map { String($0.split(separator: ",")[2]) }, theirs)
        // Without --date2 the primary dates, as before.
        let primary = try run("register", "assets:checking", "--format", "csv").split(separator: "\n").dropFirst()
        XCTAssertEqual(primary.map { $0.split(separator: ",").first.map(String.init) ?? "" }, ["2026-01-30", "2026-02-01", "2026-02-03"])
    }
}
