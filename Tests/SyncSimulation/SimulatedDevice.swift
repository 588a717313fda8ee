import Foundation
import KakeiboDomain
import KakeiboLedger

/// A device's own clock: the simulation's time plus this device's skew, ticking one millisecond per reading so two
/// readings never tie. Skew moves during a run (a phone whose clock is set by hand); dates a command leaves out come
/// from it, so two devices may disagree about what "today" is.
final class DeviceClock: @unchecked Sendable {
    private let lock = NSLock()
    private var simulated: Int64
    private var ticks: Int64 = 0
    var skew: Int64 {
        get { lock.withLock { _skew } }
        set { lock.withLock { _skew = newValue } }
    }
    private var _skew: Int64 = 0

    init(startingAt milliseconds: Int64) { simulated = milliseconds }

    func advance(to milliseconds: Int64) { lock.withLock { simulated = max(simulated, milliseconds) } }

    func read() -> Int64 {
        lock.withLock {
            ticks += 1
            return simulated + _skew + ticks
        }
    }
}

/// One simulated device: a real ledger file, its token, whether it is online, its clock.
struct SimulatedDevice {
    let index: Int
    let name: String
    let path: String
    var token: String
    var online = true
    let clock: DeviceClock
    /// Kept for the whole run and shared by every opening of the file, so ids continue one seeded sequence.
    let environment: LedgerEnvironment

    init(index: Int, path: String, token: String, seed: UInt64, startingAt milliseconds: Int64) {
        self.index = index
        name = "d\(index)"
        self.path = path
        self.token = token
        let clock = DeviceClock(startingAt: milliseconds)
        self.clock = clock
        // Seeded ids (the deterministic environment's sequence, one per device and seed), the device's skewed clock.
        var environment = LedgerEnvironment.deterministic(startingAt: milliseconds, seed: seed &* 0x9E37_79B9 &+ UInt64(index) &+ 1,
                                                          actor: "d\(index)")
        environment.now = { clock.read() }
        self.environment = environment
    }

    func open() throws -> Ledger { try Ledger.open(at: path, environment: environment) }
}
