import Foundation
import XCTest

/// `widgets export`: every document validates against its published JSON Schema (a real
/// draft 2020-12 validator, python3 `jsonschema`), and the bytes depend only on the log and --as-of.
final class WidgetCommandTests: KakeiboCLITestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let files = ["accounts.json", "budgets.json", "expenses.json", "forecast.json", "income.json", "index.json", "transfers.json", "trend.json"]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try standardLedger()
        try ok("category", "add", "expenses:food:dining", "--hue", "20", "--icon", "fork.knife")
        try ok("budget", "set", "groceries", "400", "--rollover", "positive", "--from", "2026-10-01")
        try ok("budget", "set", "expenses:food:dining", "60", "--period", "weekly", "--from", "2026-11-01")
        try ok("goal", "set", "1500", "--period", "weekly", "--from", "2026-11-01")
        try record("expense", "45.10", "--from", "liabilities:visa", "--category", "expenses:food:dining", "--date", "2026-11-18",
                   "--payee", "Café Ünï")
        try record("expense", "-5", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-19")
        try record("income", "900", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-17")
        try record("transfer", "50", "--from", "assets:checking", "--to", "liabilities:visa", "--date", "2026-11-20", "--memo", "card")
        try record("expense", "70", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-25")
    }

    func export(_ name: String, _ extra: String...) throws -> [String: Data] {
        let directory = sandbox.path(name)
        try succeed(["widgets", "export", "--out", directory] + extra)
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[file] = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file))
        }
        XCTAssertEqual(files.keys.sorted(), Self.files)
        return files
    }

    func succeed(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try sandbox.run(arguments)
        XCTAssertEqual(result.exitCode, 0, "\(result)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "\(result)", file: file, line: line)
    }

    func testEveryDocumentValidatesAgainstItsSchema() throws {
        _ = try export("widgets", "--as-of", "2026-11-21")
        let python = try Python.locate()
        let result = try Python.run(python, [Self.repository.appendingPathComponent("Schemas/validate_widgets.py").path,
                                             Self.repository.appendingPathComponent("Schemas/widgets").path, sandbox.path("widgets")])
        XCTAssertNotEqual(result.status, 3, "python3 has no jsonschema; run `make test` or `pip install jsonschema`: \(result.output)")
        XCTAssertEqual(result.status, 0, "schema validation failed:\n\(result.output)")
    }

    func testTheSameLogAndAsOfGiveTheSameBytesAcrossRunsClocksAndReplay() throws {
        let first = try export("a", "--as-of", "2026-11-21")
        XCTAssertEqual(try export("b", "--as-of", "2026-11-21"), first)
        let later = try sandbox.runRaw(["--db", db, "widgets", "export", "--out", sandbox.path("c"), "--as-of", "2026-11-21"],
                                       extraEnvironment: ["KAKEIBO_NOW": "2027-03-01"])
        XCTAssertEqual(later.exitCode, 0, "\(later)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sandbox.path("c/budgets.json"))), first["budgets.json"],
                       "the clock only picks the default as-of date")
        let replay = try sandbox.run(["replay"])
        XCTAssertEqual(replay.exitCode, 0, "\(replay)")
        XCTAssertEqual(try export("d", "--as-of", "2026-11-21"), first, "projections rebuilt from the log give the same bytes")
        XCTAssertEqual(try export("e"), first, "as-of defaults to today (KAKEIBO_NOW=2026-11-21)")
        XCTAssertNotEqual(try export("f", "--as-of", "2026-11-25")["expenses.json"], first["expenses.json"])
    }

    func testWhatTheWidgetsSay() throws {
        let files = try export("w", "--as-of", "2026-11-21")
        func object(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: files[name]!) as? [String: Any])
        }
        let income = try object("income.json")
        XCTAssertEqual(income["logPosition"] as? Int, 19)
        XCTAssertEqual(income["asOf"] as? String, "2026-11-21")
        let week = try XCTUnwrap(income["thisWeek"] as? [String: Any])
        XCTAssertEqual(week["period"] as? String, "2026-W47")
        XCTAssertEqual(week["earned"] as? String, "900.00")
        XCTAssertEqual(week["goal"] as? String, "1500.00")
        XCTAssertEqual(week["ratioBasisPoints"] as? Int, 6000)
        let month = try XCTUnwrap(income["month"] as? [String: Any])
        XCTAssertEqual(month["earned"] as? String, "3400.00")
        XCTAssertEqual((month["weeks"] as? [[String: Any]])?.map { $0["earned"] as? String },
                       ["2500.00", "0.00", "0.00", "900.00", "0.00", "0.00"], "W44 holds 2026-11-01 only")

        let budgets = try XCTUnwrap(try object("budgets.json")["month"] as? [String: Any])
        let total = try XCTUnwrap(budgets["total"] as? [String: Any])
        XCTAssertEqual(total["budgeted"] as? String, "400.00")
        XCTAssertEqual(total["spent"] as? String, "7.50", "12.50 − 5 refund; the 70 on 11-25 is after the as-of date")
        XCTAssertEqual(total["carriedIn"] as? String, "400.00", "October was unspent")
        let weekly = try XCTUnwrap((try object("budgets.json")["week"] as? [String: Any])?["categories"] as? [[String: Any]])
        XCTAssertEqual(weekly.first { $0["account"] as? String == "expenses:food:dining" }?["band"] as? Int, 2, "45.10 of 60 is 75.16 %")
        XCTAssertEqual(weekly.first { $0["account"] as? String == "expenses:food:dining" }?["icon"] as? String, "fork.knife")

        let expenses = try object("expenses.json")
        XCTAssertEqual(expenses["total"] as? String, "52.60")
        XCTAssertEqual((expenses["categories"] as? [[String: Any]])?.map { $0["account"] as? String },
                       ["expenses:food:dining", "expenses:groceries"], "largest first")

        let transfers = try object("transfers.json")
        XCTAssertEqual((transfers["month"] as? [String: Any])?["total"] as? String, "150.00")
        XCTAssertEqual((transfers["recent"] as? [[String: Any]])?.map { $0["note"] as? String }, ["card", nil] as [String?])
        let accounts = try object("accounts.json")
        XCTAssertEqual((accounts["netWorth"] as? [[String: Any]])?.first?["amount"] as? String, "3347.40",
                       "2500 − 12.50 + 5 + 900 − 50 − 100 on checking; visa 100 + 50 − 45.10")

        let index = try object("index.json")
        let listed = try XCTUnwrap(index["documents"] as? [[String: Any]])
        XCTAssertEqual(listed.map { $0["file"] as? String }, ["income.json", "budgets.json", "expenses.json", "transfers.json",
                                                            "accounts.json", "forecast.json", "trend.json"])
        XCTAssertEqual(listed.first?["contentHash"] as? String, income["contentHash"] as? String)
        XCTAssertFalse(files.values.contains { String(decoding: $0, as: UTF8.self).range(of: #":\s*-?[0-9]+\.[0-9]"#, options: .regularExpression) != nil },
                       "no JSON number with a fraction anywhere: amounts are strings")
    }

    func testTheTrendIsTwelveMonthsOfTheLedgersFlowsAndNetWorth() throws {
        let files = try export("t", "--as-of", "2026-11-21")
        let trend = try XCTUnwrap(try JSONSerialization.jsonObject(with: files["trend.json"]!) as? [String: Any])
        let series = try XCTUnwrap(trend["series"] as? [[String: Any]])
        XCTAssertEqual(series.map { $0["currency"] as? String }, ["USD"], "one currency in this ledger, one series")
        let months = try XCTUnwrap(series.first?["months"] as? [[String: Any]])
        XCTAssertEqual(months.map { $0["period"] as? String }.first, "2025-12")
        XCTAssertEqual(months.map { $0["period"] as? String }.last, "2026-11")
        XCTAssertEqual(months.count, 12)
        let november = try XCTUnwrap(months.last)
        XCTAssertEqual(november["income"] as? String, "3400.00", "what the income widget says the month earned")
        XCTAssertEqual(november["expenses"] as? String, "52.60", "12.50 + 45.10 − 5 refund; the 70 on 11-25 is after as-of")
        XCTAssertEqual(november["net"] as? String, "3347.40")
        XCTAssertEqual(months.dropLast().compactMap { $0["income"] as? String }, Array(repeating: "0.00", count: 11), "nothing before November")
        let accounts = try XCTUnwrap(try JSONSerialization.jsonObject(with: files["accounts.json"]!) as? [String: Any])
        XCTAssertEqual(november["netWorth"] as? String, (accounts["netWorth"] as? [[String: Any]])?.first?["amount"] as? String,
                       "the current month's net worth is the accounts widget's")
    }

    func testHTMLPagesAreWrittenBesideTheJSONAndDependOnlyOnIt() throws {
        let pages = ["accounts.html", "budgets.html", "forecast.html", "income.html", "index.html", "spending.html", "transfers.html"]
        func html(_ name: String, now: String) throws -> [String: Data] {
            let result = try sandbox.runRaw(["--db", db, "widgets", "export", "--out", sandbox.path(name), "--as-of", "2026-11-21", "--html"],
                                            extraEnvironment: ["KAKEIBO_NOW": now])
            XCTAssertEqual(result.exitCode, 0, "\(result)")
            var files: [String: Data] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: sandbox.path(name)) {
                files[file] = try Data(contentsOf: URL(fileURLWithPath: sandbox.path(name)).appendingPathComponent(file))
            }
            return files
        }
        let fresh = try html("h1", now: "2026-11-21")
        XCTAssertEqual(fresh.keys.sorted(), (Self.files + pages).sorted())
        XCTAssertEqual(try html("h2", now: "2026-11-21"), fresh, "the same log, as-of and day give the same bytes")
        let budgets = String(decoding: fresh["budgets.html"]!, as: UTF8.self)
        XCTAssertTrue(budgets.contains("data-testid=\"budget-row\" data-account=\"expenses:groceries\""), budgets)
        XCTAssertFalse(budgets.contains("data-testid=\"stale\""))
        let later = try html("h3", now: "2026-12-02")
        XCTAssertEqual(later["budgets.json"], fresh["budgets.json"], "the JSON does not depend on the day of the export")
        XCTAssertTrue(String(decoding: later["budgets.html"]!, as: UTF8.self).contains("data-testid=\"stale\""),
                      "exported after its as-of date: the pages say stale")
    }

    func testAnUnwritableDirectoryIsAOneLineError() throws {
        _ = FileManager.default.createFile(atPath: sandbox.path("file"), contents: Data())
        let result = try sandbox.run(["widgets", "export", "--out", sandbox.path("file/sub")])
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertEqual(result.stderrLines.count, 1, "\(result)")
        XCTAssertTrue(result.err.hasPrefix("kakeibo: error: cannot write widget files into "), "\(result)")
    }
}

/// Finds and runs python3 for the schema validator; skips the test only when python3 is absent.
enum Python {
    static func locate() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        print("WidgetCommandTests: python3 is not installed; skipping JSON Schema validation")
        throw XCTSkip("python3 is not installed; install it (and `pip install jsonschema`) to validate widget JSON against the schemas")
    }

    static func run(_ python: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-python-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }
}
