import Foundation
import KakeiboTestSupport
import XCTest

/// `balance --value then,USD` (N15): each posting valued at the price of its own date, as hledger's
/// `--value=then` does, with query terms, `--depth` and `-M`/`-Q` columns. It refused all three, and
/// printed one price date per account where an account's postings met prices of several dates.
extension MultiCurrencyCommandTests {
    /// The trip's February and March postings meet the January, February and late-February prices.
    func testValueThenTakesQueryTermsDepthAndColumns() throws {
        try importJournal("travel-trip.journal")
        let expenses = try ok("balance", "expenses", "--value", "then,USD", "--format", "csv").out
        XCTAssertEqual(expenses, """
            account,currency,amount,price_date
            expenses:dining,USD,56.99,2026-01-01..2026-02-01
            expenses:fees,USD,3.00,
            expenses:groceries,USD,120.45,
            expenses:lodging,USD,281.40,2026-01-01
            expenses:rent,USD,1450.00,
            expenses:transport,USD,148.49,2026-01-01..2026-02-01
            """)
        XCTAssertEqual(try ok("bal", "-M", "expenses", "--value", "then,USD", "--format", "csv").out, """
            account,currency,2026-01,2026-02,2026-03
            expenses:dining,USD,0.00,56.99,0.00
            expenses:fees,USD,0.00,3.00,0.00
            expenses:groceries,USD,0.00,0.00,120.45
            expenses:lodging,USD,0.00,281.40,0.00
            expenses:rent,USD,1450.00,0.00,0.00
            expenses:transport,USD,0.00,148.49,0.00
            """)
        // `then,` against the default end valuation on the same February: lodging's yen are valued at the
        // January price in the one and at the 2026-02-20 price in the other.
        XCTAssertTrue(try ok("bal", "expenses:lodging", "-p", "2026-02", "--value", "then,USD", "--format", "csv").out
            .contains("expenses:lodging,USD,281.40,2026-01-01"))
        XCTAssertTrue(try ok("bal", "expenses:lodging", "-p", "2026-02", "--value", "USD", "--format", "csv").out
            .contains("expenses:lodging,USD,277.20,2026-02-20"))
        let table = try ok("bal", "--depth", "1", "-X", "then,USD").out
        XCTAssertTrue(table.contains("not valued (no USD price on or before its date): assets 0.01000000 BTC"), table)
    }

    /// Account by account and column by column against hledger 1.25 `--value=then,'$' --infer-equity`.
    func testValueThenEqualsHledger() throws {
        guard let hledger = Self.which("hledger") else {
            print("skipping testValueThenEqualsHledger: hledger is not installed (make test installs the Debian package)")
            throw XCTSkip("hledger is not installed")
        }
        let cases: [(journal: String, words: [String])] = [
            ("travel.journal", []),
            ("travel.journal", ["expenses", "assets"]),
            ("travel.journal", ["--depth", "1"]),
            ("travel-trip.journal", []),
            ("travel-trip.journal", ["-p", "2026-02"]),
            ("travel-trip.journal", ["expenses", "-b", "2026-02-10"]),
            ("travel-trip.journal", ["--depth", "2", "-e", "2026-03-01"]),
            ("travel-trip.journal", ["-M"]),
            ("travel-trip.journal", ["-Q", "expenses", "assets"]),
        ]
        for journal in Set(cases.map(\.journal)) {
            let db = sandbox.path(journal + ".sqlite")
            XCTAssertEqual(try sandbox.run(["init", "--currency", "USD"], db: db).exitCode, 0)
            XCTAssertEqual(try sandbox.run(["import", "journal", Self.journals.appendingPathComponent(journal).path], db: db).exitCode, 0)
        }
        for (journal, words) in cases {
            let ours = try sandbox.run(["balance", "--value", "then,USD", "--format", "csv"] + words, db: sandbox.path(journal + ".sqlite"))
            XCTAssertEqual(ours.exitCode, 0, "\(ours)")
            let columns = words.contains("-M") || words.contains("-Q")
            // account currency column -> cents; zero cells left out (hledger prints 0 for them).
            var mine: [String: String] = [:]
            let header = ours.stdoutLines.first?.split(separator: ",").map(String.init) ?? []
            for line in ours.stdoutLines.dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields[0] != "total" else { continue }
                if columns {
                    for index in 2..<fields.count where Double(fields[index]) != 0 {
                        mine[fields[0] + " " + fields[1] + " " + header[index]] = Self.cents(fields[index])
                    }
                } else {
                    mine[fields[0] + " " + fields[1] + " amount"] = Self.cents(fields[2])
                }
            }
            let output = try ChildProcess.run(hledger, ["-f", Self.journals.appendingPathComponent(journal).path, "bal", "-N",
                                                        "--value=then,$", "--infer-equity", "-O", "csv"] + words,
                                              environment: nil, in: nil)
            XCTAssertEqual(output.status, 0, output.stderr)
            var theirs: [String: String] = [:]
            let lines = output.stdout.split(separator: "\n")
            let names = lines.first?.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? []
            for line in lines.dropFirst() {
                let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                for index in 1..<fields.count where fields[index] != "0" {
                    let (currency, amount) = Self.hledgerAmount(fields[index])
                    // hledger names -M columns Jan, Feb (or 2026-01 in its csv); kakeibo 2026-01.
                    let column = columns ? Self.kakeiboColumn(names[index]) : "amount"
                    // hledger shows a sum of $599.7000 and $-183.116 as $416.584; kakeibo keeps cents.
                    theirs[Self.kakeiboName(fields[0]) + " " + currency + " " + column] = Self.cents(Self.roundedToCents(amount, currency))
                }
            }
            XCTAssertEqual(mine, theirs, "\(journal) \(words.joined(separator: " "))")
        }
    }

    /// `416.584` as `416.58` for a two-decimal currency (half to even, as hledger displays); others as written.
    static func roundedToCents(_ amount: String, _ currency: String) -> String {
        guard ["USD", "EUR", "GBP"].contains(currency), let dot = amount.firstIndex(of: "."),
              amount.distance(from: dot, to: amount.endIndex) > 3, let value = Decimal(string: amount) else { return amount }
        var exact = value, rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 2, .bankers)
        return "\(rounded)"
    }

    /// hledger's csv column names for `-M` (`2026-01`) and `-Q` (`2026q1`) as kakeibo prints them (`2026-01`, `2026-Q1`).
    static func kakeiboColumn(_ name: String) -> String {
        name.lowercased().contains("q") ? name.uppercased().replacingOccurrences(of: "Q", with: "-Q") : name
    }
}
