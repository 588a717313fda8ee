import Foundation
import KakeiboReceipts
import Synchronization

/// One long-lived `ppocr_worker.py` process: the models load once, then each image is one JSON line out and
/// one JSON line back. Not thread-safe (one pipe pair): one per batch worker, like a Tesseract handle.
///
/// Why a process and not ONNX Runtime in process: Debian 12 has no onnxruntime package and the PyPI wheel
/// ships the library without headers, so a C module would build against headers nobody installs; the
/// `rapidocr-onnxruntime` wheel carries the detection, classification and recognition models and their
/// pre- and post-processing. Measured here: 2.9 s a receipt on one core for the models, about 0.5 s to start.
final class PPOCRWorker {
    struct Hello: Decodable {
        var engine: String
        var version: String
        var models: [String: String]
    }

    let hello: Hello
    /// The worker's stderr (Python's traceback, ONNX Runtime's complaints), kept in a file of its own so an error
    /// can quote its last line: a pipe nobody drains would block the worker once 64 KiB of warnings pile up, and
    /// the null device lost the one line that said why a worker died.
    let logPath: String
    private let process: Process
    private let input: FileHandle
    private let reader: LineReader

    init(python: String, script: String, model: PPOCRModel = .v4) throws(PPOCRError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", script, "--model", model.workerArgument]
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_NUM_THREADS"] = "1"
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        let logPath = Self.newLogPath()
        let log = FileManager.default.createFile(atPath: logPath, contents: nil) ? FileHandle(forWritingAtPath: logPath) : nil
        process.standardError = log ?? FileHandle.nullDevice
        // A worker that dies leaves its stdin pipe without a reader: the next write would raise SIGPIPE and end this
        // process without a word. Ignored, the write fails with EPIPE and the image is reported as `workerDied`.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch { throw .unavailable(reason: "cannot start \(python): \(error.localizedDescription)") }
        try? log?.close()
        self.logPath = logPath
        self.process = process
        self.input = stdin.fileHandleForWriting
        let reader = LineReader(descriptor: stdout.fileHandleForReading.fileDescriptor)
        self.reader = reader
        guard let line = try? reader.readLine(timeout: 60), let data = line.data(using: .utf8) else {
            process.terminate()
            process.waitUntilExit()
            throw .unavailable(reason: Self.lastLine(ofLogAt: logPath).map { "the worker did not start: \($0)" } ?? "the worker did not start")
        }
        guard let hello = try? JSONDecoder().decode(Hello.self, from: data) else {
            process.terminate()
            let reason = (try? JSONDecoder().decode([String: String].self, from: data))?["error"] ?? "unexpected first line"
            throw .unavailable(reason: reason)
        }
        self.hello = hello
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: logPath)
    }

    private static let logCounter = Mutex(0)

    /// One log per worker, in the temporary folder, named by process and worker so parallel workers never share one.
    private static func newLogPath() -> String {
        let number = logCounter.withLock { count in count += 1; return count }
        return FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-ppocr-\(getpid())-\(number).log").path
    }

    /// The last non-empty line the worker wrote to stderr (the exception of a traceback), at most 300 characters.
    static func lastLine(ofLogAt path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let line = String(decoding: data.suffix(16_384), as: UTF8.self).split(whereSeparator: \.isNewline)
            .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return line.map { String($0.trimmingCharacters(in: .whitespaces).prefix(300)) }
    }

    private func died(_ path: String, status: Int32) -> PPOCRError {
        .workerDied(path: path, status: status, log: Self.lastLine(ofLogAt: logPath))
    }

    var isRunning: Bool { process.isRunning }

    func stop() {
        guard process.isRunning else { return }
        try? input.close()
        process.terminate()
        process.waitUntilExit()
    }

    struct Answer: Decodable {
        var width: Int?
        var height: Int?
        var observations: [WorkerObservation]?
        var error: String?
    }

    struct WorkerObservation: Decodable {
        var text: String
        var x, y, width, height, confidence: Double
    }

    /// Sends one image's pixels (a JSON line with their size, then the bytes) and waits up to `timeout` seconds for
    /// its answer. The path goes along to name the image; the worker does not open it.
    func read(_ image: ReceiptPixels, path: String, timeout: Int) throws(PPOCRError) -> Answer {
        guard process.isRunning else { throw died(path, status: process.terminationStatus) }
        let header: [String: Any] = ["path": URL(fileURLWithPath: path).standardizedFileURL.path, "width": image.width,
                                     "height": image.height, "channels": 3, "bytes": image.bgr.count]
        guard let request = try? JSONSerialization.data(withJSONObject: header, options: .sortedKeys) else { throw .badAnswer(path: path) }
        do { try input.write(contentsOf: request + Data([0x0A]) + Data(image.bgr)) } catch {
            if process.isRunning { stop() } else { process.waitUntilExit() }
            throw died(path, status: process.terminationStatus)
        }
        let line: String
        do {
            guard let read = try reader.readLine(timeout: timeout) else {
                process.waitUntilExit()
                throw died(path, status: process.terminationStatus)
            }
            line = read
        } catch let error as PPOCRError {
            throw error
        } catch {
            stop()
            throw .timedOut(path: path, seconds: timeout)
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(line.utf8)) else { throw .badAnswer(path: path) }
        return answer
    }

}

/// Lines from a pipe, with a deadline (poll), so a hung worker cannot hang the batch.
private final class LineReader {
    struct Timeout: Error {}
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line; nil at end of file; throws `Timeout` when nothing arrives in time.
    func readLine(timeout: Int) throws -> String? {
        let deadline = Date().addingTimeInterval(Double(timeout))
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Timeout() }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1000)))
            if ready < 0 && errno != EINTR { return nil }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer += chunk[..<count]
        }
    }
}
