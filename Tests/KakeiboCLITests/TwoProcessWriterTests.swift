import Foundation
import KakeiboLedger
import Synchronization
import XCTest

/// Two `kakeibo` processes writing the same ledger at once: SQLite's lock makes one wait for the
/// other (busy timeout), everything lands exactly once, and the log stays gapless.
///
/// `KAKEIBO_WRITER_APPENDS=10000` runs the full size of the two-batch test (appends per process).
final class TwoProcessWriterTests: XCTestCase {
    /// Two `kakeibo batch` processes, each recording its expenses one transaction per line, so every
    /// append competes for the write lock; a reader in this process checks the books meanwhile.
    func testTwoBatchWritersAppendEveryExpenseExactlyOnce() throws {
        let perWriter = Int(ProcessInfo.processInfo.environment["KAKEIBO_WRITER_APPENDS"] ?? "") ?? 250
        let sandbox = try KakeiboSandbox(binary: try KakeiboSandbox.locateBinary())
        defer { sandbox.remove() }
        for arguments in [["init", "--currency", "USD"], ["account", "open", "assets:checking", "--type", "asset"],
                          ["category", "add", "groceries"]] {
            let result = try sandbox.run(arguments)
            XCTAssertEqual(result.exitCode, 0, "\(result)")
        }
        let ledger = try Ledger.open(at: sandbox.db)
        let before = try ledger.head().position
        var expectedCents: Int64 = 0
        let batches = try (0..<2).map { writer in
            let path = sandbox.path("writer-\(writer).batch")
            var lines = ["# writer \(writer)"]
            for index in 0..<perWriter {
                let cents = Int64(writer + 1) * 100 + Int64(index % 100)
                expectedCents += cents
                lines.append("expense \(cents / 100).\(String(format: "%02d", cents % 100)) --from assets:checking "
                             + "--category groceries --payee \"writer \(writer) #\(index)\"")
            }
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        let started = ContinuousClock.now
        let writers = try batches.enumerated().map { writer, batch in
            let process = Process()
            process.executableURL = sandbox.binary
            process.arguments = ["--db", sandbox.db, "batch", batch]
            process.environment = sandbox.environment
            let out = sandbox.path("writer-\(writer).out"), err = sandbox.path("writer-\(writer).err")
            for file in [out, err] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            try process.run()
            return (process, out, err)
        }
        // The reader: every snapshot it reads, mid-write or not, must balance.
        var snapshots = 0
        var lastSeen = before
        while writers.contains(where: { $0.0.isRunning }) {
            let totals = try ledger.balances().totals
            XCTAssertTrue(totals.allSatisfy(\.isZero), "a reader saw unbalanced books: \(totals)")
            let head = try ledger.head().position
            XCTAssertGreaterThanOrEqual(head, lastSeen, "the log went backwards")
            lastSeen = head
            snapshots += 1
            Thread.sleep(forTimeInterval: 0.002) // leave the cores to the writers
        }
        let elapsed = ContinuousClock.now - started

        var ids: [String] = []
        var writerOfStream: [String: Int] = [:]
        for (writer, (process, out, err)) in writers.enumerated() {
            process.waitUntilExit()
            let stderr = try String(contentsOfFile: err, encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 0, stderr)
            XCTAssertEqual(stderr, "")
            let printed = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
            ids += printed
            for id in printed { writerOfStream["txn-" + id] = writer }
        }
        XCTAssertEqual(ids.count, 2 * perWriter, "one id per line")
        XCTAssertEqual(Set(ids).count, 2 * perWriter, "ids must differ")

        // Every expense exactly once, positions gapless, the chain intact, projections equal a replay.
        let events = try ledger.events(from: before + 1)
        XCTAssertEqual(events.map(\.position), Array((before + 1)...(before + Int64(2 * perWriter))))
        XCTAssertEqual(Set(events.map(\.stream)), Set(ids.map { "txn-" + $0 }), "each printed id is one event's stream")
        // How often the log switches from one writer to the other: a measure of how interleaved the
        // appends were (1 would mean one process ran entirely before the other).
        let order = events.compactMap { writerOfStream[$0.stream] }
        let switches = zip(order, order.dropFirst()).filter { $0 != $1 }.count
        let payees = try ledger.register(account: "expenses:groceries").entries.compactMap(\.posted.payee)
        XCTAssertEqual(payees.count, 2 * perWriter)
        XCTAssertEqual(Set(payees), Set((0..<2).flatMap { writer in (0..<perWriter).map { "writer \(writer) #\($0)" } }))
        let groceries = try ledger.balances().lines.first { $0.name == "expenses:groceries" }
        XCTAssertEqual(groceries?.own?.minorUnits, expectedCents)
        let report = try ledger.verify()
        XCTAssertTrue(report.isValid, "\(report.problems)")
        XCTAssertEqual(try ledger.replayDifferences(), [])
        print("two batch writers: \(2 * perWriter) appends in \(elapsed), \(switches) switches between writers in the log, "
              + "\(snapshots) reader snapshots, all balanced")
    }

    func testConcurrentImportsBothLandExactlyOnce() throws {
        let sandbox = try KakeiboSandbox(binary: try KakeiboSandbox.locateBinary())
        defer { sandbox.remove() }
        XCTAssertEqual(try sandbox.run(["init", "--currency", "USD"]).exitCode, 0)
        let before = try eventCount(sandbox)
        let journals = try (0..<2).map { writer in
            let path = sandbox.path("writer-\(writer).journal")
            let text = CrashSafetyTests.journal(transactions: 1_500).replacingOccurrences(of: "Grocer #", with: "Grocer \(writer)-")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        let processes = try journals.map { journal in
            let process = Process()
            process.executableURL = sandbox.binary
            process.arguments = ["--db", sandbox.db, "import", "journal", journal]
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            // A file, not a pipe: the import could block on a full pipe while nobody reads it.
            let errors = URL(fileURLWithPath: journal + ".stderr")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            return (process, errors)
        }
        for (process, errors) in processes {
            process.waitUntilExit()
            let message = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 0, message)
        }

        // Both files share their salary, rent and card lines, so the second import of those is
        // "already recorded"; every grocer line is distinct. Importing each again appends nothing.
        let afterBoth = try eventCount(sandbox)
        XCTAssertGreaterThan(afterBoth, before + 1_500)
        for journal in journals {
            XCTAssertEqual(try sandbox.run(["import", "journal", journal]).exitCode, 0)
        }
        XCTAssertEqual(try eventCount(sandbox), afterBoth, "an event landed twice or was lost")
        XCTAssertEqual(try sandbox.run(["verify"]).exitCode, 0)
    }

    private func eventCount(_ sandbox: KakeiboSandbox) throws -> Int {
        Int(try sandbox.run(["verify", "--digest"]).out.split(separator: ":").first ?? "") ?? -1
    }
}
