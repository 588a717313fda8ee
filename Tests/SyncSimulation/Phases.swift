import Foundation

/// Where a run's time goes (summed over seeds and the tasks running them), printed after the seeds: what to trim
/// when the 500-seed slot of `make test` grows past its three minutes.
enum Phases {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var totals: [String: Duration] = [:]

    static func add(_ phase: String, _ duration: Duration) {
        lock.withLock { totals[phase, default: .zero] += duration }
    }

    static func time<T>(_ phase: String, _ body: () async throws -> T) async rethrows -> T {
        let started = ContinuousClock.now
        defer { add(phase, ContinuousClock.now - started) }
        return try await body()
    }

    static func summary() -> String {
        lock.withLock {
            totals.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", Double($0.value.components.seconds) + Double($0.value.components.attoseconds) / 1e18)) s" }
                .joined(separator: ", ")
        }
    }
}
