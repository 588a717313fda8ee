import Foundation
import XCTest

/// Libraries carry data; only the CLI speaks its own syntax (issue 30). A string literal outside `Sources/kakeibo`
/// that names a command (`kakeibo sync`) or an option (`--remote`) would reach a phone, a browser or a server's
/// HTTP reply telling its reader to type something they cannot: such hints are written in `ErrorMessage` and the
/// CLI's output code instead. The same check as
/// `grep -rn '"[^"]*\(kakeibo \|--\)[^"]*"' Sources --include=*.swift | grep -v '^Sources/kakeibo/'`.
final class LibraryLiteralTests: XCTestCase {
    /// Lines that match and are not CLI syntax, with why.
    static let allowed: [(file: String, contains: String, why: String)] = [
        ("Sources/KakeiboInterop/Export/BeancountExporter.swift", "; exported by kakeibo at log position",
         "an exported file's header names the program that wrote it, as hledger's does; it is not a command"),
        ("Sources/KakeiboInterop/Export/JournalExporter.swift", "; exported by kakeibo at log position",
         "an exported file's header names the program that wrote it, as hledger's does; it is not a command"),
        ("Sources/KakeiboPPOCR/PPOCRWorker.swift", "\"--model\", model.workerArgument",
         "the argument vector of the PP-OCR worker (ppocr_worker.py's own --model option), never shown to a person"),
    ]

    func testNoLibraryLiteralNamesACommandOrAnOption() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let literal = try NSRegularExpression(pattern: #""[^"]*(kakeibo |--)[^"]*""#)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            guard !relative.hasPrefix("Sources/kakeibo/") else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
                      literal.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil,
                      !Self.allowed.contains(where: { $0.file == relative && line.contains($0.contains) }) else { continue }
                found.append("\(relative):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertGreaterThan(try FileManager.default.contentsOfDirectory(atPath: sources.path).count, 5, "the sources were found")
        XCTAssertEqual(found, [], "library string literals naming a kakeibo command or a --option: give the error data and render the hint in the CLI")
    }
}
