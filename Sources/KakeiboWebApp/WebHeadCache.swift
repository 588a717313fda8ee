import Foundation

/// What a page computed from a ledger's replica, kept until the ledger's head moves: Home reads every
/// receipt scan to count what needs review (about 100 ms on a 100,000-event ledger, release), and a
/// page viewed again at the same head need not do that again. Any new event changes the head.
final class WebHeadCache<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (position: Int64, hash: [UInt8], value: Value)] = [:]

    func value(ledger: String, position: Int64, hash: [UInt8], compute: () throws -> Value) rethrows -> Value {
        lock.lock()
        if let entry = entries[ledger], entry.position == position, entry.hash == hash {
            lock.unlock()
            return entry.value
        }
        lock.unlock()
        let value = try compute()
        lock.lock()
        entries[ledger] = (position, hash, value)
        lock.unlock()
        return value
    }
}
