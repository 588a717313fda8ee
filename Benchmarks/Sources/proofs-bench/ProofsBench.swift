import Foundation
import KakeiboChain
import KakeiboDomain
import KakeiboLedger

/// Issue 34's proof figures in one process (Benchmarks/proofs.sh runs it): opens the ledger once,
/// then for each transaction id given produces its inclusion proof as `kakeibo prove --format json`
/// does (`Ledger.inclusionProof` and the same pretty JSON), and checks it as `kakeibo proof check
/// --root` does (parse, every chain hash and audit path, against the head). Whole-process timings
/// were dominated by process start (prove 153 ms and check 120 ms at 100k, where a bare
/// `kakeibo --version` took 121 ms at the same load), so they say nothing of the proofs themselves.
///
///   proofs-bench --db LEDGER --ids FILE [--out DIR]
///
/// `--ids` holds one transaction id a line; `--out` keeps each proof as DIR/N.json. Prints p50, p90,
/// p99 and max wall time of producing and of checking (each a `ContinuousClock` reading around one
/// proof), the same in the thread's CPU time (on the shared 2-core machine, a 0.02 ms check once
/// measured 19 ms of wall time: a preemption, which CPU time leaves out), the process CPU time of all of them, and each proof's size against 32·log2(n) per event
/// plus the event's bytes.
@main
struct ProofsBench {
    static func main() throws {
        var arguments = CommandLine.arguments.dropFirst()
        var db: String?, idsFile: String?, out: String?
        while let argument = arguments.popFirst() {
            switch argument {
            case "--db": db = arguments.popFirst()
            case "--ids": idsFile = arguments.popFirst()
            case "--out": out = arguments.popFirst()
            default: fail("unknown argument \(argument); usage: proofs-bench --db LEDGER --ids FILE [--out DIR]")
            }
        }
        guard let db, let idsFile else { fail("usage: proofs-bench --db LEDGER --ids FILE [--out DIR]") }
        guard let idsText = try? String(contentsOfFile: idsFile, encoding: .utf8) else { fail("cannot read \(idsFile)") }
        let ids = idsText.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        guard !ids.isEmpty else { fail("\(idsFile) holds no transaction id") }
        if let out { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }

        let clock = ContinuousClock()
        let (ledger, openTime) = try timed(clock) { try Ledger.open(at: db) }
        let head = try ledger.checkpoint()
        print("ledger \(db): \(head.size) events, root \(head.root.hex), opened in \(format(openTime))")

        var produce: [Duration] = [], check: [Duration] = [], produceCPU: [Duration] = [], checkCPU: [Duration] = []
        var events = 0, pathHashes = 0, binaryBytes = 0, jsonBytes = 0
        let cpuStart = processCPU()
        for (number, id) in ids.enumerated() {
            let cpu0 = threadCPU()
            let (bytes, made) = try timed(clock) { Array(try ledger.inclusionProof(of: id).json.prettyString().utf8) }
            let cpu1 = threadCPU()
            let (document, checked) = try timed(clock) { () throws -> ProofDocument in
                let document = try ProofDocument(parsing: bytes)
                try document.check(expecting: (head.size, head.root))
                return document
            }
            let cpu2 = threadCPU()
            produce.append(made); check.append(checked)
            produceCPU.append(cpu1 - cpu0); checkCPU.append(cpu2 - cpu1)
            guard case .inclusion(let proof) = document else { fail("\(id): not an inclusion proof") }
            for event in proof.events {
                events += 1; pathHashes += event.path.count
                binaryBytes += 32 * event.path.count + 64 + event.envelope.utf8.count + event.payload.utf8.count
            }
            jsonBytes += bytes.count
            if let out { FileManager.default.createFile(atPath: "\(out)/\(number + 1).json", contents: Data(bytes)) }
        }
        let cpu = processCPU() - cpuStart

        print("\(ids.count) proofs (\(events) events) of the tree of \(head.size), in one process:")
        print("  produce (inclusionProof + JSON): \(summary(produce))   first (cold) \(format(produce[0]))")
        print("  check (parse + hashes + paths):  \(summary(check))")
        print("  the same, thread CPU time (what the proof itself cost, without time lost to other processes):")
        print("  produce CPU: \(summary(produceCPU))")
        print("  check CPU:   \(summary(checkCPU))")
        print("  process CPU for all: \(format(cpu)) (\(format(cpu / ids.count)) a proof, both halves)")
        let log2n = log2(Double(head.size))
        print(String(format: "  size: path %.1f hashes (log2 n = %.1f); binary %.0f B/event = 32·%.1f + 64 + event bytes %.0f; JSON %.0f B/event",
                     Double(pathHashes) / Double(events), log2n, Double(binaryBytes) / Double(events),
                     Double(pathHashes) / Double(events), Double(binaryBytes - 32 * pathHashes - 64 * events) / Double(events),
                     Double(jsonBytes) / Double(events)))
    }

    static func timed<T>(_ clock: ContinuousClock, _ body: () throws -> T) rethrows -> (T, Duration) {
        var result: T?
        let elapsed = try clock.measure { result = try body() }
        return (result!, elapsed)
    }

    static func processCPU() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// This thread's CPU time: a proof's own cost, which a loaded machine's preemption does not add to.
    static func threadCPU() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    static func summary(_ values: [Duration]) -> String {
        let sorted = values.sorted()
        func at(_ p: Int) -> Duration { sorted[min(sorted.count - 1, (sorted.count * p + 99) / 100 - 1)] }
        return "p50 \(format(at(50)))  p90 \(format(at(90)))  p99 \(format(at(99)))  max \(format(sorted.last!))"
    }

    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f ms", (Double(seconds) + Double(attoseconds) / 1e18) * 1000)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("proofs-bench: \(message)\n".utf8))
        exit(2)
    }
}
