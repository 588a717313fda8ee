import Foundation
import XCTest

/// Issue 36's must-show on Fixtures/journals/brokerage.journal: Kakeibo's balances equal
/// `hledger bal -N -O json` on the fixture (every account hledger shows) and on Kakeibo's export
/// (every account, the realised gains included); `holdings --value USD` equals hledger's `bal -V`;
/// the beancount export passes bean-check and beancount's realised gains equal `gains`, sale by
/// sale; re-importing the export (or the fixture into a ledger built from the export) appends
/// nothing, and the export reads back to the same lots and gains.
final class BrokerageFixtureTests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("ledger.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-brokerage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    private func kakeibo(_ arguments: String..., db: String? = nil) throws -> String {
        let result = try Tools.run(try Tools.kakeiboBinary(), ["--db", db ?? self.db] + arguments)
        XCTAssertEqual(result.status, 0, "kakeibo \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// `account,commodity,amount` per account and commodity from `hledger bal -N -O json`, each
    /// amount summed exactly from its decimal mantissa (hledger lists a commodity once per price).
    private func hledger(_ file: String, _ extra: [String] = []) throws -> [String] {
        let result = try Tools.run(try Tools.hledger(), ["-f", file, "bal", "-N", "-O", "json"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])
        let rows = try XCTUnwrap(report.first as? [[Any]])
        var lines: [String] = []
        for row in rows {
            let account = try XCTUnwrap(row[0] as? String)
            var sums: [String: (mantissa: Int, places: Int)] = [:]
            for amount in try XCTUnwrap(row[3] as? [[String: Any]]) {
                let commodity = try XCTUnwrap(amount["acommodity"] as? String)
                let quantity = try XCTUnwrap(amount["aquantity"] as? [String: Any])
                var mantissa = try XCTUnwrap(quantity["decimalMantissa"] as? Int), places = try XCTUnwrap(quantity["decimalPlaces"] as? Int)
                var sum = sums[commodity] ?? (0, places)
                while sum.places < places { sum = (sum.mantissa * 10, sum.places + 1) }
                while places < sum.places { mantissa *= 10; places += 1 }
                sums[commodity] = (sum.mantissa + mantissa, places)
            }
            for (commodity, sum) in sums where sum.mantissa != 0 {
                lines.append("\(account),\(commodity == "$" ? "USD" : commodity),\(Self.decimal(sum.mantissa, sum.places))")
            }
        }
        return lines.sorted()
    }

    /// `mantissa × 10^-places` written without trailing zeros (`-591.5`, `30`).
    private static func decimal(_ mantissa: Int, _ places: Int) -> String {
        var (mantissa, places) = (mantissa, places)
        while places > 0, mantissa % 10 == 0 { mantissa /= 10; places -= 1 }
        guard places > 0 else { return String(mantissa) }
        let digits = String(mantissa.magnitude)
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return (mantissa < 0 ? "-" : "") + padded.dropLast(places) + "." + padded.suffix(places)
    }

    /// Kakeibo's `balance --format csv`, amounts written as `decimal` does, the generated
    /// conversion accounts left out (hledger infers its conversions and shows none).
    private func kakeiboBalances(excludingGains: Bool, db: String? = nil) throws -> [String] {
        try kakeibo("balance", "--format", "csv", db: db).split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !fields[0].hasPrefix("equity:conversion"), !(excludingGains && fields[0].hasPrefix("income:capital-gains")) else { return nil }
            let number = fields[2].split(separator: ".", omittingEmptySubsequences: false)
            let places = number.count == 2 ? number[1].count : 0
            return "\(fields[0]),\(fields[1]),\(Self.decimal(Int(number.joined())!, places))"
        }.sorted()
    }

    private func eventCount(_ db: String? = nil) throws -> String {
        try kakeibo("log", "--format", "csv", db: db).split(separator: "\n").count.description
    }

    /// `gains` rows without the ids a ledger mints: account, label, dates, units, basis, proceeds, gain.
    private func gainsByLot(_ db: String? = nil) throws -> [String] {
        try kakeibo("gains", "-p", "2026", "--format", "csv", db: db).split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return [f[1], f[3], f[4], f[5], f[6], f[9], f[10], f[11], f[12], f[13]].joined(separator: ",")
        }
    }

    func testBalancesHoldingsAndGainsAgreeWithHledgerAndBeancount() throws {
        let fixture = Tools.fixture("brokerage.journal")
        try kakeibo("init", "--currency", "USD")
        try kakeibo("import", "journal", fixture)
        // hledger 1.25 ignores the braces, so it has no gains account: every other account agrees.
        XCTAssertEqual(try kakeiboBalances(excludingGains: true), try hledger(fixture))
        // The export writes the gains out; hledger reads it to the same balances, gains included.
        let exported = directory.appendingPathComponent("export.journal").path
        try kakeibo("export", "journal").write(toFile: exported, atomically: true, encoding: .utf8)
        let all = try kakeiboBalances(excludingGains: false)
        XCTAssertTrue(all.contains("income:capital-gains,USD,-591.5"), "\(all)")
        XCTAssertEqual(all, try hledger(exported))

        // Market value: hledger's bal -V per commodity on the latest prices.
        let holdings = try kakeibo("holdings", "--value", "USD", "--as-of", "2026-12-31", "--format", "csv")
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(holdings.map { $0[1] }, ["VTI", "VXUS"])
        for row in holdings {
            let valued = try hledger(fixture, ["-V", "-e", "2027-01-01", "assets:brokerage", "cur:\(row[1])"])
            let number = row[5].split(separator: ".").map(String.init)
            XCTAssertEqual(valued, ["assets:brokerage,USD,\(Self.decimal(Int(number.joined())!, number.count == 2 ? number[1].count : 0))"], "\(row)")
        }

        // beancount: bean-check passes, and its realised gains (the gains account's postings) equal
        // `gains`, sale by sale.
        let beanCheck = try Tools.beanCheck()
        let beancount = directory.appendingPathComponent("export.beancount").path
        try kakeibo("export", "beancount").write(toFile: beancount, atomically: true, encoding: .utf8)
        let check = try Tools.run(beanCheck, [beancount])
        XCTAssertEqual(check.status, 0, "bean-check: \(check.stdout)\(check.stderr)")
        let python = beanCheck.deletingLastPathComponent().appendingPathComponent("python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            print("skipping the beancount gains check: no python3 beside bean-check")
            return
        }
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, _ = loader.load_file(sys.argv[1])
            assert not errors, errors
            for e in entries:
                if isinstance(e, data.Transaction):
                    gain = sum(p.units.number for p in e.postings if p.account.startswith("Income:Capital-gains"))
                    if gain: print(f"{e.date},{-gain:.2f}")
            """
        let realised = try Tools.run(python, ["-c", script, beancount])
        XCTAssertEqual(realised.status, 0, realised.stderr)
        var bySale: [String: Decimal] = [:]
        for row in try gainsByLot() {
            let f = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            bySale[f[3], default: 0] += Decimal(string: f[8])!
        }
        XCTAssertEqual(realised.stdout.split(separator: "\n").map(String.init),
                       bySale.keys.sorted().map { "\($0),\(String(format: "%.2f", NSDecimalNumber(decimal: bySale[$0]!).doubleValue))" })
        XCTAssertEqual(realised.stdout.split(separator: "\n"), ["2026-04-15,550.00", "2026-05-10,60.00", "2026-05-20,-18.50"])
    }

    /// A journal's sale beyond the holding, beyond its named lot, or naming no lot is refused at
    /// its transaction (file:line), and the import appends nothing, not even its good transactions.
    func testAJournalSaleTheLotsCannotCoverIsRefusedAtItsLineAndAppendsNothing() throws {
        try kakeibo("init", "--currency", "USD")
        try kakeibo("import", "journal", Tools.fixture("brokerage.journal"))
        let events = try eventCount()
        let cases = [
            ("-14 VTI @ $250.00", "$3500.00", "the sale of 14 VTI from assets:brokerage exceeds the holding of 13 VTI"),
            ("-8 VTI {$240.00} @ $250.00", "$2000.00", "exceeds lot 240.00 USD, which holds 7 VTI"),
            ("-1 VTI {\"lot-z\"} @ $250.00", "$250.00", "no open lot of VTI in assets:brokerage is labelled \"lot-z\""),
        ]
        for (index, (sale, proceeds, reason)) in cases.enumerated() {
            let file = directory.appendingPathComponent("sale-\(index).journal").path
            try """
                2026-07-01 * A good buy first
                    assets:brokerage  1 VTI {$255.00}
                    assets:checking  $-255.00

                2026-07-02 * Sell
                    assets:brokerage  \(sale)
                    assets:checking  \(proceeds)

                """.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try Tools.run(try Tools.kakeiboBinary(), ["--db", db, "import", "journal", file])
            XCTAssertNotEqual(result.status, 0, result.stdout)
            XCTAssertTrue(result.stderr.hasPrefix("kakeibo: error: \(file):5:1: "), result.stderr)
            XCTAssertTrue(result.stderr.contains(reason), result.stderr)
            XCTAssertEqual(try eventCount(), events)
        }
    }

    /// Re-importing the export appends nothing (it used to sell every lot a second time), and so
    /// does re-importing the fixture. A ledger built from the export holds the same lots, gains
    /// per lot and balances, its own export is the same file, and the fixture appends nothing to it.
    func testTheExportReimportsToNothingAndReadsBackToTheSameLots() throws {
        let fixture = Tools.fixture("brokerage.journal")
        try kakeibo("init", "--currency", "USD")
        try kakeibo("import", "journal", fixture)
        let exported = directory.appendingPathComponent("export.journal").path
        let export = try kakeibo("export", "journal")
        try export.write(toFile: exported, atomically: true, encoding: .utf8)
        let events = try eventCount(), gains = try gainsByLot(), balances = try kakeiboBalances(excludingGains: false)

        XCTAssertTrue(try kakeibo("import", "journal", exported).contains("0 transactions appended, 8 already recorded"))
        XCTAssertTrue(try kakeibo("import", "journal", fixture).contains("0 transactions appended, 8 already recorded"))
        XCTAssertEqual(try eventCount(), events)
        XCTAssertEqual(try gainsByLot(), gains)

        let copy = directory.appendingPathComponent("copy.sqlite").path
        try kakeibo("init", "--currency", "USD", db: copy)
        XCTAssertTrue(try kakeibo("import", "journal", exported, db: copy).contains("8 transactions appended"))
        XCTAssertEqual(try gainsByLot(copy), gains)
        XCTAssertEqual(gains.map { $0.split(separator: ",", omittingEmptySubsequences: false)[8] }, ["400.00", "150.00", "60.00", "-18.50"])
        XCTAssertEqual(try kakeiboBalances(excludingGains: false, db: copy), balances)
        let copyEvents = try eventCount(copy)
        XCTAssertTrue(try kakeibo("import", "journal", fixture, db: copy).contains("0 transactions appended, 8 already recorded"))
        XCTAssertTrue(try kakeibo("import", "journal", exported, db: copy).contains("0 transactions appended, 8 already recorded"))
        XCTAssertEqual(try eventCount(copy), copyEvents)
        // The same file but for its first line, which names the log position it was taken at.
        XCTAssertEqual(try kakeibo("export", "journal", db: copy).split(separator: "\n").dropFirst(),
                       export.split(separator: "\n").dropFirst())
    }
}
