import Foundation
import KakeiboSync
import KakeiboTestSupport
import XCTest

/// A `ServerTestCase` that drives the real binary: `kakeibo …` as a person types it, with its own
/// config folder and no token from the environment, and `kakeibo server run` on a free port of
/// 127.0.0.1, stopped after each test. Shared by the tests of the web app's and the witnesses' commands.
class ServerProcessTestCase: ServerTestCase {
    var server: Process?

    override func tearDownWithError() throws {
        if let server, server.isRunning { server.terminate(); server.waitUntilExit() }
        try super.tearDownWithError()
    }

    var cliEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["KAKEIBO_CONFIG"] = directory.appendingPathComponent("config").path
        environment["KAKEIBO_TOKEN"] = nil
        return environment
    }

    func kakeibo(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try ChildProcess.run(try KakeiboBinary.locate(), arguments, environment: cliEnvironment)
        return (result.status, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), result.stderr)
    }

    @discardableResult
    func ok(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try kakeibo(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// Starts `server run` on the test's PostgreSQL and returns the remote of the test's ledger once
    /// the server says where it listens (skips if it never does within 30 s).
    func startServer() throws -> SyncRemote {
        let process = Process()
        process.executableURL = try KakeiboBinary.locate()
        process.arguments = ["server", "run", "--postgres", postgresURL, "--listen", "127.0.0.1:0"]
        let output = directory.appendingPathComponent("server.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        for _ in 0..<300 {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on 127.0.0.1:") }) {
                return try SyncRemote("http://127.0.0.1:\(line.split(separator: ":").last!)/ledgers/\(ledgerName!)")
            }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw XCTSkip("kakeibo server run did not start")
    }
}
