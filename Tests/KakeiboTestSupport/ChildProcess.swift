import Foundation

/// Runs a program to completion for a test, its output captured in files, not pipes: a child
/// that fills a pipe on one stream while the other is being read would never finish.
public enum ChildProcess {
    public struct Output: Sendable {
        public var status: Int32
        /// True when the process died from a signal (a crash or the watchdog), not by exiting.
        public var crashed: Bool
        public var stdout: String
        public var stderr: String
    }

    /// - Parameters:
    ///   - environment: the child's whole environment; nil inherits the test's.
    ///   - stdin: text for standard input; nil gives it `/dev/null`.
    ///   - timeout: a watchdog, not a sleep: a hung child is terminated so the suite still finishes.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           stdin: String? = nil, in directory: URL? = nil, timeout: TimeInterval? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = scratch.appendingPathComponent("in")
            try Data(stdin.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }

        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog) }
        process.waitUntilExit()
        watchdog.cancel()
        try out.close()
        try err.close()
        return Output(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
