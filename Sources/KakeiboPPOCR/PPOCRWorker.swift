import Foundation

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
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw .unavailable(reason: "cannot start \(python): \(error.localizedDescription)") }
        self.process = process
        self.input = stdin.fileHandleForWriting
        let reader = LineReader(descriptor: stdout.fileHandleForReading.fileDescriptor)
        self.reader = reader
        guard let line = try? reader.readLine(timeout: 60), let data = line.data(using: .utf8) else {
            process.terminate()
            throw .unavailable(reason: "the worker did not start")
        }
        guard let hello = try? JSONDecoder().decode(Hello.self, from: data) else {
            process.terminate()
            let reason = (try? JSONDecoder().decode([String: String].self, from: data))?["error"] ?? "unexpected first line"
            throw .unavailable(reason: reason)
        }
        self.hello = hello
    }

    deinit { stop() }

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

    /// Sends one image and waits up to `timeout` seconds for its answer.
    func read(_ path: String, timeout: Int) throws(PPOCRError) -> Answer {
        guard process.isRunning else { throw .workerDied(path: path, status: process.terminationStatus) }
        guard let request = try? JSONSerialization.data(withJSONObject: ["path": path]) else { throw .badAnswer(path: path) }
        do { try input.write(contentsOf: request + Data([0x0A])) } catch {
            throw .workerDied(path: path, status: process.isRunning ? -1 : process.terminationStatus)
        }
        let line: String
        do {
            guard let read = try reader.readLine(timeout: timeout) else {
                process.waitUntilExit()
                throw PPOCRError.workerDied(path: path, status: process.terminationStatus)
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
