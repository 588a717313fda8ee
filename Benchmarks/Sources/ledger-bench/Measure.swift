import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process memory from /proc/self/status (Linux); nil elsewhere.
enum Memory {
    /// Resident set size now, in bytes.
    static var resident: Int? { status("VmRSS") }
    /// Peak resident set size ("high water mark"), in bytes.
    static var peakResident: Int? { status("VmHWM") }

    /// Resets VmHWM to the current RSS (writing 5 to /proc/self/clear_refs, Linux ≥ 4.0),
    /// so the next reading is the peak of what follows. False if the kernel refused.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        return true
    }

    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

/// Timing with the monotonic clock.
enum Timing {
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        var result: T?
        let elapsed = try clock.measure { result = try body() }
        return (result!, elapsed)
    }

    /// CPU time this process spent in `body`: unlike wall time, it holds still when other
    /// work shares the two cores, so it compares runs on a busy machine.
    static func processCPU<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        func now() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
        let start = now()
        let result = try body()
        return (result, now() - start)
    }

    static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func percentile(_ values: [Duration], _ p: Int) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, (sorted.count * p + 99) / 100 - 1)]
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
    var milliseconds: Double { seconds * 1000 }
    var microseconds: Double { seconds * 1_000_000 }
}

/// A child process's wall time and peak memory.
struct ChildRun {
    var status: Int32
    var wall: Duration
    /// ru_maxrss of the child, in bytes.
    var peakResident: Int
}

enum Spawn {
    /// Runs `arguments[0]` with `arguments`, stdout and stderr to /dev/null, and waits for it
    /// with wait4. Wall time covers spawn to exit.
    ///
    /// The child's `peakResident` is only an upper bound here: glibc's posix_spawn shares the
    /// parent's address space until exec (CLONE_VM|CLONE_VFORK), and at exec Linux folds that
    /// address space's peak into the child's ru_maxrss; a plain fork copies the peak along
    /// with the pages. Use `measured(_:)` for a child's own peak.
    static func run(_ arguments: [String]) throws -> ChildRun {
        #if os(Linux)
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (index, argument) in arguments.enumerated() { argv[index] = strdup(argument) }
        argv[arguments.count] = nil
        defer {
            for index in 0..<arguments.count { free(argv[index]) }
            argv.deallocate()
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, argv[0]!, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnError(message: "posix_spawn \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnError(message: "wait4: \(String(cString: strerror(errno)))") }
        }
        let wall = clock.now - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(status: exitStatus, wall: wall, peakResident: Int(usage.ru_maxrss) * 1024)
        #else
        throw SpawnError(message: "spawning with rusage is implemented for Linux only")
        #endif
    }

    static let helperFlag = "--measure-child"

    /// Runs the command from a fresh, small helper process (this executable again, with
    /// `--measure-child`), so the command's ru_maxrss carries at most the helper's few MB
    /// rather than this benchmark's peak. The helper writes "status wall-ns maxrss-bytes".
    static func measured(_ arguments: [String]) throws -> ChildRun {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-bench-child-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let helper = try Spawn.run(["/proc/self/exe", helperFlag, report] + arguments)
        guard helper.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8) else {
            throw SpawnError(message: "the measuring helper failed (exit \(helper.status))")
        }
        let fields = text.split(separator: " ").compactMap { Int64($0) }
        guard fields.count == 3 else { throw SpawnError(message: "the measuring helper wrote \(text)") }
        return ChildRun(status: Int32(fields[0]), wall: .nanoseconds(fields[1]), peakResident: Int(fields[2]))
    }

    /// The helper side of `measured(_:)`: `--measure-child REPORT command...`.
    static func helperMain(_ arguments: [String]) -> Never {
        guard arguments.count >= 2 else { exit(2) }
        do {
            let run = try Spawn.run(Array(arguments.dropFirst()))
            let (seconds, attoseconds) = run.wall.components
            let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            try "\(run.status) \(nanoseconds) \(run.peakResident)".write(toFile: arguments[0], atomically: true, encoding: .utf8)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("ledger-bench helper: \(error)\n".utf8))
            exit(1)
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
