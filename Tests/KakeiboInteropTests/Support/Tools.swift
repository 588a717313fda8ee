import Foundation
import KakeiboTestSupport
import XCTest

/// Runs the built `kakeibo` and peer tools (hledger) for the agreement tests.
enum Tools {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The repository's `Fixtures/journals` folder.
    static let fixtures: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/journals")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// `kakeibo` next to the test bundle (or `$KAKEIBO_BIN`), found by `KakeiboBinary`.
    static func kakeiboBinary() throws -> URL {
        do { return try KakeiboBinary.locate() } catch {
            throw XCTSkip("the kakeibo executable was not found next to the test bundle; run swift build --build-tests")
        }
    }

    /// The first of `names` on PATH, or nil.
    static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// hledger, or a skip that says why (printed, so a skipped agreement test is visible).
    static func hledger() throws -> URL {
        guard let url = which("hledger") else {
            print("skipping: hledger is not installed (make test installs the Debian package)")
            throw XCTSkip("hledger is not installed (make test installs the Debian package)")
        }
        return url
    }

    /// bean-check, or a skip that says why.
    static func beanCheck() throws -> URL {
        guard let url = which("bean-check") else {
            print("skipping: bean-check is not installed (make test installs beancount from PyPI)")
            throw XCTSkip("bean-check is not installed (make test installs beancount from PyPI)")
        }
        return url
    }

    /// Runs a tool. `kakeibo` gets a small fixed environment (clock, actor, no `KAKEIBO_DB`); peers
    /// (hledger, python) inherit ours, since some find their installation through `HOME`.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
                    environment extra: [String: String] = [:]) throws -> Output {
        var environment: [String: String]?
        if executable.lastPathComponent == "kakeibo" {
            environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC",
                           "LANG": "C.UTF-8", "KAKEIBO_NOW": "2026-11-21", "KAKEIBO_ACTOR": "tester",
                           "HOME": NSTemporaryDirectory()].merging(SanitizerOptions.inherited) { $1 }.merging(extra) { $1 }
        }
        let output = try ChildProcess.run(executable, arguments, environment: environment, stdin: stdin, in: directory)
        return Output(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }
}
