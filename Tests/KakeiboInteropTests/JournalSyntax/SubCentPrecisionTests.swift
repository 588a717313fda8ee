import Foundation
import XCTest

/// Amounts with more decimals than their commodity's stored precision (issue 36): `$1.0049`,
/// `203.890 ACME @ $16.02` whose elided side is $-3266.3178. They are kept exactly — the ledger
/// records `CommodityPrecisionGrown` and stores USD at 4 decimals from then on, rescaling what it
/// held — never rounded. Every step is `kakeibo` as typed.
final class SubCentPrecisionTests: XCTestCase {
    var directory: URL!
    var kakeibo: URL!

    override func setUpWithError() throws {
        kakeibo = try Tools.kakeiboBinary()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-subcent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try run("init", "--currency", "USD", "--timezone", "UTC")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func run(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> Tools.Output {
        let output = try Tools.run(kakeibo, ["--db", directory.appendingPathComponent("ledger.sqlite").path] + arguments, in: directory)
        XCTAssertEqual(output.status, status, "kakeibo \(arguments.joined(separator: " ")): \(output.stderr)", file: file, line: line)
        return output
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `kakeibo balance --format csv` as `account,CODE,amount`, conversion accounts and zeros left out.
    func balances() throws -> [String] {
        try run("balance", "--format", "csv").stdout.split(separator: "\n").dropFirst()
            .filter { !$0.hasPrefix("equity:conversion:") }
            .map { HledgerJSON.normalised(String($0)) }
            .filter { !$0.hasSuffix(",0") }
            .sorted()
    }

    func hledgerBalances(_ path: String) throws -> [String] {
        let output = try Tools.run(try Tools.hledger(), ["-f", path, "bal", "-N", "-O", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        return try HledgerJSON.balances(output.stdout).map(HledgerJSON.normalised).filter { !$0.hasPrefix("equity:conversion:") }
    }

    static let journal = """
        2026-01-05 * ACME fund
            assets:investment    203.890 ACME @ $16.02
            equity:opening balances

        2026-01-06 points
            assets:points    1 PT @ $1.0049
            assets:cash

        """

    func testSubCentAmountsAreKeptExactlyAndTheExportReimportsToNothing() throws {
        let path = try write("subcent.journal", Self.journal)
        let imported = try run("import", "journal", path)
        XCTAssertTrue(imported.stdout.contains("2 transactions appended"), imported.stdout)
        let ours = try balances()
        XCTAssertTrue(ours.contains("equity:opening balances,USD,-3266.3178"), "\(ours)")
        XCTAssertTrue(ours.contains("assets:cash,USD,-1.0049"), "\(ours)")
        XCTAssertEqual(ours, try hledgerBalances(path))
        // The growth is an event like any other: in the log, and replay rebuilds the same rows.
        let log = try run("log").stdout
        XCTAssertTrue(log.contains("CommodityPrecisionGrown"), log)
        XCTAssertEqual(try run("replay", "--check").status, 0)
        XCTAssertTrue(try run("import", "journal", path).stdout.contains("0 transactions appended"))
        // The export writes every decimal; hledger reads it to the same balances; it re-imports to nothing.
        let exported = try run("export", "journal").stdout
        XCTAssertTrue(exported.contains("-3266.3178"), exported)
        let again = try write("export.journal", exported)
        XCTAssertEqual(try hledgerBalances(again), ours)
        XCTAssertTrue(try run("import", "journal", again).stdout.contains("0 transactions appended"))
    }

    /// Amounts stored at 2 decimals before the growth are multiplied, not reread: $12.34 stays $12.34.
    /// A typed amount with too many decimals is refused in one line until USD grew, then kept.
    func testAmountsStoredBeforeTheGrowthKeepTheirValueAndTypedDecimalsFollowIt() throws {
        try run("account", "open", "assets:cash", "--type", "asset")
        try run("category", "add", "food")
        let before = try run("log", "--format", "json").stdout
        let refused = try run("expense", "0.001", "--from", "assets:cash", "--category", "food", status: 1)
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("0.001"), refused.stderr)
        XCTAssertEqual(try run("log", "--format", "json").stdout, before)
        try run("expense", "12.34", "--from", "assets:cash", "--category", "food")
        try run("import", "journal", try write("subcent.journal", Self.journal))
        try run("expense", "0.001", "--from", "assets:cash", "--category", "food")
        let ours = try balances()
        XCTAssertTrue(ours.contains("expenses:food,USD,12.341"), "\(ours)")
        XCTAssertTrue(ours.contains("assets:cash,USD,-13.3459"), "\(ours)")
        XCTAssertEqual(try run("replay", "--check").status, 0)
    }
}
