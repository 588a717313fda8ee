import Foundation
import Synchronization
import KakeiboDomain

/// What the ledger takes from the outside world: the time, fresh ids and who is acting.
/// Injected so tests and golden files are deterministic.
public struct LedgerEnvironment: Sendable {
    /// Unix milliseconds now.
    public var now: @Sendable () -> Int64
    public var makeID: @Sendable () -> String
    /// Recorded on every event as who made the change.
    public var actor: String

    public init(now: @escaping @Sendable () -> Int64, makeID: @escaping @Sendable () -> String, actor: String) {
        self.now = now
        self.makeID = makeID
        self.actor = actor
    }

    /// The system clock, time-ordered UUIDs and the current user.
    public static var live: LedgerEnvironment {
        let now: @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
        let ids = TimeOrderedID(now: now)
        return LedgerEnvironment(
            now: now,
            makeID: ids.next,
            actor: ProcessInfo.processInfo.environment["USER"] ?? ProcessInfo.processInfo.userName)
    }

    /// A fixed clock that ticks one millisecond per reading and time-ordered ids whose random
    /// part comes from a seeded sequence: the same calls give the same ids.
    public static func deterministic(startingAt now: Int64, seed: UInt64 = 1, actor: String = "test") -> LedgerEnvironment {
        let clock = Mutex(now)
        let tick: @Sendable () -> Int64 = { clock.withLock { value in defer { value += 1 }; return value } }
        let sequence = Mutex(SplitMix64(seed: seed))
        let ids = TimeOrderedID(now: tick) { sequence.withLock { $0.next() } }
        return LedgerEnvironment(now: tick, makeID: ids.next, actor: actor)
    }
}
