import Foundation

/// Phase timings of a sync on standard error when `KAKEIBO_SYNC_TRACE` is set (to anything): each line is
/// the phase, its wall milliseconds on a monotonic clock, and the milliseconds since the sync began. Used to
/// find where a sync's time goes (issue 30's speed figures), on the client and in `server run` alike; off, it costs
/// one environment lookup a process.
public struct SyncTrace: Sendable {
    public static let enabled = ProcessInfo.processInfo.environment["KAKEIBO_SYNC_TRACE"] != nil
    private static let origin = ContinuousClock.now

    /// Runs `body`, and when tracing, prints how long it took.
    @inline(__always)
    public static func time<T>(_ phase: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = ContinuousClock.now
        defer { report(phase(), since: start) }
        return try body()
    }

    @inline(__always)
    public static func time<T>(_ phase: @autoclosure () -> String, _ body: () async throws -> T) async rethrows -> T {
        guard enabled else { return try await body() }
        let start = ContinuousClock.now
        defer { report(phase(), since: start) }
        return try await body()
    }

    /// The start of a phase timed by `end` (nil when not tracing): for code a closure would only make harder to type-check.
    public static func begin() -> ContinuousClock.Instant? { enabled ? ContinuousClock.now : nil }

    public static func end(_ start: ContinuousClock.Instant?, _ phase: @autoclosure () -> String) {
        if let start { report(phase(), since: start) }
    }

    private static func report(_ phase: String, since start: ContinuousClock.Instant) {
        let now = ContinuousClock.now
        func ms(_ d: Duration) -> String { String(format: "%8.1f", Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15) }
        FileHandle.standardError.write(Data("trace \(ms(now - start)) ms  at \(ms(now - origin)) ms  \(phase)\n".utf8))
    }
}
