import Foundation
import KakeiboTestSupport
import XCTest

/// `balance --value X` with `-b`/`-e`/`-p` (N2): the period's change valued at the prices of its last
/// day, as hledger's `bal -X` does, never the all-time balance under the period's label.
extension MultiCurrencyCommandTests {
    static let journals = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/journals")

    /// The February trip of `travel-trip.journal`, figures from hledger 1.25
    /// (`bal -N -X '$' -b 2026-02-01 -e 2026-03-01 --infer-equity`): needs no hledger.
    func testValueHonoursThePeriodAndValuesAtItsLastDay() throws {
        try importJournal("travel-trip.journal")
        let february = """
            account,currency,amount,price_date
            assets:bank:checking,USD,2256.72,
            assets:cash:jpy,USD,265.06,2026-02-20
            assets:wise:eur,USD,187.55,2026-02-01
            equity:conversion:EUR-USD:EUR,USD,-330.00,2026-02-01
            equity:conversion:EUR-USD:USD,USD,330.00,
            equity:conversion:GBP-USD:GBP,USD,-10.67,2026-02-25
            equity:conversion:GBP-USD:USD,USD,10.58,
            equity:conversion:JPY-USD:JPY,USD,-594.00,2026-02-20
            equity:conversion:JPY-USD:USD,USD,599.70,
            expenses:dining,USD,56.96,2026-02-01
            expenses:fees,USD,3.00,
            expenses:lodging,USD,277.20,2026-02-20
            expenses:transport,USD,147.91,2026-02-01
            income:salary,USD,-3200.00,
            """
        XCTAssertEqual(try ok("balance", "--value", "USD", "-b", "2026-02-01", "-e", "2026-03-01", "--format", "csv").out, february)
        XCTAssertEqual(try ok("balance", "--value", "USD", "-p", "2026-02", "--format", "csv").out, february)
        // JSON names the valuation date: the period's last day, not today.
        XCTAssertEqual(try ok("balance", "--value", "USD", "-p", "2026-02", "--format", "json").jsonObject()["date"] as? String,
                       "2026-02-28")
        // An open end values on today (2026-11-21 here): the March EUR price applies.
        XCTAssertTrue(try ok("balance", "--value", "USD", "-b", "2026-03-01", "--format", "csv").out
            .contains("income:salary,USD,-3200.00,"))
        // `then,` keeps only the period's postings, each at its own date's price.
        let then = try ok("balance", "--value", "then,USD", "-p", "2026-02", "--format", "csv").out
        XCTAssertTrue(then.contains("income:salary,USD,-3200.00,"), then)
        XCTAssertTrue(then.contains("expenses:lodging,USD,281.40,2026-01-01"), then)
        // Without a period: the whole balance, as before.
        XCTAssertTrue(try ok("balance", "--value", "USD", "--format", "csv").out.contains("income:salary,USD,-9600.00,"))
    }

    /// The same reports against hledger itself, account by account, on both travel journals.
    func testValueOverAPeriodEqualsHledgerX() throws {
        guard let hledger = Self.which("hledger") else {
            print("skipping testValueOverAPeriodEqualsHledgerX: hledger is not installed (make test installs the Debian package)")
            throw XCTSkip("hledger is not installed")
        }
        let cases: [(journal: String, period: [String])] = [
            ("travel.journal", ["-b", "2026-02-01", "-e", "2026-03-01"]),
            ("travel.journal", ["-b", "2026-01-01", "-e", "2026-02-01"]),
            ("travel-trip.journal", ["-b", "2026-02-01", "-e", "2026-03-01"]),
            ("travel-trip.journal", ["-b", "2026-02-10", "-e", "2026-02-21"]),
            ("travel-trip.journal", ["-e", "2026-02-15"]),
            ("travel-trip.journal", ["-p", "2026-03"]),
        ]
        for journal in Set(cases.map(\.journal)) {
            let db = sandbox.path(journal + ".sqlite")
            XCTAssertEqual(try sandbox.run(["init", "--currency", "USD"], db: db).exitCode, 0)
            XCTAssertEqual(try sandbox.run(["import", "journal", Self.journals.appendingPathComponent(journal).path], db: db).exitCode, 0)
        }
        for (journal, period) in cases {
            let ours = try sandbox.run(["balance", "--value", "USD", "--format", "csv"] + period, db: sandbox.path(journal + ".sqlite"))
            XCTAssertEqual(ours.exitCode, 0, "\(ours)")
            var mine: [String: String] = [:]
            for line in ours.stdoutLines.dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                mine[fields[0] + " " + fields[1]] = Self.cents(fields[2])
            }
            let output = try ChildProcess.run(hledger, ["-f", Self.journals.appendingPathComponent(journal).path, "bal", "-N",
                                                        "-X", "$", "--infer-equity", "-O", "csv"] + period,
                                              environment: nil, in: nil)
            XCTAssertEqual(output.status, 0, output.stderr)
            var theirs: [String: String] = [:]
            for line in output.stdout.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                let (currency, amount) = Self.hledgerAmount(fields[1])
                theirs[Self.kakeiboName(fields[0]) + " " + currency] = Self.cents(amount)
            }
            XCTAssertEqual(mine, theirs, "\(journal) \(period.joined(separator: " "))")
        }
    }

    // MARK: - Helpers

    func importJournal(_ name: String) throws {
        try ok("init", "--currency", "USD")
        let result = try sandbox.run(["import", "journal", Self.journals.appendingPathComponent(name).path])
        XCTAssertEqual(result.exitCode, 0, "\(result)")
    }

    static func which(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// hledger's `$2256.72`, `$-10.67`, `BTC 0.01000000` as (currency, amount).
    static func hledgerAmount(_ text: String) -> (String, String) {
        let symbols = ["$": "USD", "¥": "JPY", "£": "GBP", "€": "EUR"]
        if let first = text.first, let code = symbols[String(first)] { return (code, String(text.dropFirst())) }
        let parts = text.split(separator: " ")
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("?", text)
    }

    /// hledger's `equity:conversion:$-EUR:EUR` is kakeibo's `equity:conversion:EUR-USD:EUR` (codes, sorted).
    static func kakeiboName(_ account: String) -> String {
        let parts = account.split(separator: ":").map(String.init)
        guard parts.count == 4, parts[0] == "equity", parts[1] == "conversion" else { return account }
        let code = { (symbol: String) in ["$": "USD", "¥": "JPY", "£": "GBP", "€": "EUR"][symbol] ?? symbol }
        let pair = parts[2].split(separator: "-").map { code(String($0)) }.sorted()
        return "equity:conversion:\(pair.joined(separator: "-")):\(code(parts[3]))"
    }

    /// `599.7000` and `599.70` compare equal: hledger shows a conversion at its cost's precision. Cents,
    /// rounded half-even in decimal text (not Double), or the text itself beyond two places of real digits.
    static func cents(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return text + ".00" }
        var fraction = String(text[text.index(after: dot)...])
        while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
        if fraction.count < 2 { fraction += String(repeating: "0", count: 2 - fraction.count) }
        return String(text[..<dot]) + "." + fraction
    }
}
