import Foundation
import KakeiboLedger

/// What a page computed from a ledger's replica, kept until the ledger's head moves or the ledger's
/// day changes: Home reads every receipt scan to count what needs review, and the dashboard builds
/// and decodes eight widget documents, which a page viewed again at the same head need not redo.
/// Any new event changes the head (position and chain hash), so a capture is seen at once; the day is
/// in the key because "this month" and the documents' as-of date move at midnight without an event.
final class WebHeadCache<Value: Sendable>: @unchecked Sendable {
    struct Key: Equatable, Sendable {
        var position: Int64
        var hash: [UInt8]
        var day: String

        /// The replica's head and today's date in the ledger's time zone.
        init(_ replica: Ledger) throws {
            let head = try replica.head()
            (position, hash, day) = (head.position, head.hash, try replica.today().description)
        }
    }

    private let lock = NSLock()
    private var entries: [String: (key: Key, value: Value)] = [:]

    /// The value kept for `ledger` at `key`, or `compute`'s (then kept; one entry per ledger).
    func value(ledger: String, key: Key, compute: () throws -> Value) rethrows -> Value {
        if let kept = lock.withLock({ entries[ledger] }), kept.key == key { return kept.value }
        let value = try compute()
        lock.withLock { entries[ledger] = (key, value) }
        return value
    }
}
