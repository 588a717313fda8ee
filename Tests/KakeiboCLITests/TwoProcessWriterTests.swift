import Foundation
import XCTest

/// Two `kakeibo` processes importing into the same ledger at once: SQLite's lock makes one
/// wait for the other (busy timeout), both imports land whole, and the log stays gapless.
final class TwoProcessWriterTests: XCTestCase {
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
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        for (process, errors) in processes {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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
