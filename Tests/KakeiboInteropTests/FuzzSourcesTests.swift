import Foundation
import KakeiboTestSupport
import XCTest

/// `Fuzz/run.sh` derives each target's sources from the folders its `// fuzz-sources:` line
/// names, keeping the files whose imports stop at Foundation, Dispatch and KakeiboDomain. A hand-kept
/// list of files broke CI twice (code review 2, §4): a reader split into a new file compiled in
/// SwiftPM and not in the fuzz build. These tests run the script's own listing (`FUZZ_LIST=1`).
final class FuzzSourcesTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func list(_ target: String, in directory: URL) throws -> [String] {
        let output = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["Fuzz/run.sh", "0", target],
                                          environment: ["FUZZ_LIST": "1", "PATH": "/usr/bin:/bin"], in: directory)
        XCTAssertEqual(output.status, 0, output.stderr)
        return output.stdout.split(separator: "\n").map(String.init)
    }

    /// A new file in a fuzzed folder is compiled in with no edit to the script; one that imports the
    /// ledger is left out by its import.
    func testANewReaderFileJoinsItsTargetWithoutAnEdit() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manager = FileManager.default
        try manager.createDirectory(at: scratch.appendingPathComponent("Fuzz"), withIntermediateDirectories: true)
        try manager.createDirectory(at: scratch.appendingPathComponent("Sources/KakeiboInterop"), withIntermediateDirectories: true)
        for file in ["Fuzz/run.sh", "Fuzz/FuzzJournalReader.swift"] {
            try manager.copyItem(at: root.appendingPathComponent(file), to: scratch.appendingPathComponent(file))
        }
        for folder in ["Common", "Journal"] {
            try manager.copyItem(at: root.appendingPathComponent("Sources/KakeiboInterop/\(folder)"),
                                 to: scratch.appendingPathComponent("Sources/KakeiboInterop/\(folder)"))
        }
        let before = try list("FuzzJournalReader", in: scratch)
        XCTAssertTrue(before.contains("Sources/KakeiboInterop/Journal/JournalReader.swift"), "\(before)")

        let journal = scratch.appendingPathComponent("Sources/KakeiboInterop/Journal")
        try "import KakeiboDomain\n\nextension JournalReader {}\n"
            .write(to: journal.appendingPathComponent("JournalReader+NewSyntax.swift"), atomically: true, encoding: .utf8)
        try "import KakeiboDomain\nimport KakeiboLedger\n\nextension Ledger {}\n"
            .write(to: journal.appendingPathComponent("JournalImporter+NewStep.swift"), atomically: true, encoding: .utf8)
        let after = try list("FuzzJournalReader", in: scratch)
        XCTAssertEqual(Set(after).subtracting(before), ["Sources/KakeiboInterop/Journal/JournalReader+NewSyntax.swift"])
    }

    /// Every target in the repository declares its sources, and none takes a file that links the
    /// event store or the ledger (those need GRDB, which the fuzz build does not have).
    func testEveryTargetDeclaresPureSources() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fuzz").path)
            .filter { $0.hasPrefix("Fuzz") && $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }
        XCTAssertGreaterThanOrEqual(targets.count, 6)
        for target in targets {
            for source in try list(target, in: root) {
                let text = try String(contentsOf: root.appendingPathComponent(source), encoding: .utf8)
                XCTAssertFalse(text.contains("import GRDB") || text.contains("import KakeiboLedger")
                               || text.contains("import KakeiboEventStore"), "\(target) takes \(source)")
            }
        }
    }
}
