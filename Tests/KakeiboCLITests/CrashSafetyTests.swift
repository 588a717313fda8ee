import Foundation
import XCTest
import KakeiboTestSupport

/// Kills `kakeibo import journal` with SIGKILL at seeded random moments. After every kill the
/// chain verifies, the projections equal a replay, the import is either wholly there or not
/// at all, and running it again completes it without duplicates.
///
/// `make test` runs a handful of trials; `KAKEIBO_CRASH_TRIALS=100` runs the full set.
final class CrashSafetyTests: XCTestCase {
    var sandbox: KakeiboSandbox!

    override func setUpWithError() throws {
        sandbox = try KakeiboSandbox(binary: try KakeiboSandbox.locateBinary())
    }

    override func tearDown() {
        sandbox?.remove()
    }

    func testKilledImportsLeaveWholeActionsAndResumeWithoutDuplicates() throws {
        let trials = Int(ProcessInfo.processInfo.environment["KAKEIBO_CRASH_TRIALS"] ?? "") ?? 4
        let journal = sandbox.path("household.journal")
        try Self.journal(transactions: 2_000).write(toFile: journal, atomically: true, encoding: .utf8)

        // A clean import: the reference balances, the events it adds, and how long it takes.
        let reference = sandbox.path("reference.sqlite")
        XCTAssertEqual(try sandbox.run(["init", "--currency", "USD"], db: reference).exitCode, 0)
        let setupEvents = try eventCount(reference)
        let started = ContinuousClock.now
        let clean = try sandbox.run(["import", "journal", journal], db: reference)
        let duration = ContinuousClock.now - started
        XCTAssertEqual(clean.exitCode, 0, "\(clean)")
        let expectedBalances = try sandbox.run(["balance", "--format", "csv"], db: reference).out
        let importedEvents = try eventCount(reference) - setupEvents

        var generator = SplitMix64(seed: 20261122)
        var killedMidway = 0
        for trial in 0..<trials {
            let ledger = sandbox.path("trial-\(trial).sqlite")
            XCTAssertEqual(try sandbox.run(["init", "--currency", "USD"], db: ledger).exitCode, 0)
            let process = Process()
            process.executableURL = sandbox.binary
            process.arguments = ["--db", ledger, "import", "journal", journal]
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Anywhere from process start to a little past a clean import's duration.
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            let delay = Double(generator.next() % 1_000) / 1_000 * seconds * 1.2
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let verify = try sandbox.run(["verify"], db: ledger)
            XCTAssertEqual(verify.exitCode, 0, "trial \(trial): \(verify)")
            XCTAssertEqual(try sandbox.run(["replay", "--check"], db: ledger).exitCode, 0, "trial \(trial)")
            let events = try eventCount(ledger) - setupEvents
            XCTAssertTrue(events == 0 || events == importedEvents,
                          "trial \(trial): \(events) of \(importedEvents) events: half an import survived the kill")
            if events == 0 { killedMidway += 1 }

            let rerun = try sandbox.run(["import", "journal", journal], db: ledger)
            XCTAssertEqual(rerun.exitCode, 0, "trial \(trial): \(rerun)")
            XCTAssertEqual(try eventCount(ledger) - setupEvents, importedEvents, "trial \(trial): duplicates or losses")
            XCTAssertEqual(try sandbox.run(["balance", "--format", "csv"], db: ledger).out, expectedBalances, "trial \(trial)")
        }
        print("crash safety: \(trials) trials, \(killedMidway) killed before the import committed")
    }

    private func eventCount(_ ledger: String) throws -> Int {
        let digest = try sandbox.run(["verify", "--digest"], db: ledger).out
        return Int(digest.split(separator: ":").first ?? "") ?? -1
    }

    /// A household journal: salary, rent, groceries with elided amounts, card payments.
    static func journal(transactions: Int) -> String {
        var generator = SplitMix64(seed: 7)
        var lines: [String] = []
        for index in 0..<transactions {
            let day = 1 + index / 10
            let date = "2026-\(String(format: "%02d", 1 + (day / 28) % 12))-\(String(format: "%02d", 1 + day % 28))"
            switch index % 10 {
            case 0:
                lines += ["\(date) Employer | salary", "    assets:checking    $3,100.00", "    income:salary", ""]
            case 1:
                lines += ["\(date) * Landlord", "    expenses:rent    $1,450.00", "    assets:checking", ""]
            case 2:
                lines += ["\(date) Card payment", "    liabilities:visa    $400", "    assets:checking", ""]
            default:
                let cents = 100 + generator.next() % 9_000
                lines += ["\(date) Grocer #\(generator.next() % 40)", "    expenses:groceries    $\(cents / 100).\(String(format: "%02d", cents % 100))",
                          "    liabilities:visa", ""]
            }
        }
        return lines.joined(separator: "\n")
    }

}
