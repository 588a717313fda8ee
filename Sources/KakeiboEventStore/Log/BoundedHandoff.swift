import Foundation

/// Hands values, in order, from one producing thread to one consuming thread, with at most
/// `depth` waiting: the producer blocks when the consumer falls behind, so memory stays flat
/// however long the stream is.
///
/// Where `OrderedBackgroundWork` lends the submitting thread a second core for one stage, this
/// lets a producer that owns its own thread — a read transaction on another SQLite connection,
/// which GRDB runs on that connection's queue — feed the consumer's thread directly.
public final class BoundedHandoff<Element: Sendable>: @unchecked Sendable {
    /// What `put` throws once the consumer has given up, so the producer unwinds.
    public struct Abandoned: Error {}

    private let condition = NSCondition()
    private let depth: Int
    private var waiting: [Element] = []
    private var finished = false
    private var failure: (any Error)?
    private var abandoned = false

    public init(depth: Int = 2) {
        self.depth = max(1, depth)
    }

    // MARK: - Producer side

    /// Runs `body` on the calling thread as the producer, then ends the stream: normally, or with
    /// the error `body` threw (which the consumer's `take` rethrows).
    public func produce(_ body: () throws -> Void) {
        var error: (any Error)?
        do { try body() } catch let thrown { error = thrown }
        condition.lock()
        finished = true
        if !(error is Abandoned) { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// Queues `element`, waiting while `depth` are already queued. Throws `Abandoned` once the
    /// consumer has stopped taking.
    public func put(_ element: Element) throws {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= depth && !abandoned { condition.wait() }
        if abandoned { throw Abandoned() }
        waiting.append(element)
        condition.broadcast()
    }

    /// Runs `body` as the producer on a thread of its own (one of Dispatch's global queue) and
    /// returns at once: the consumer takes on the calling thread.
    public func produceOnAnotherThread(_ body: @escaping @Sendable () throws -> Void) {
        DispatchQueue.global().async { self.produce(body) }
    }

    // MARK: - Consumer side

    /// The next element, waiting for it; nil once the producer has finished and everything was
    /// taken. Rethrows the producer's error after the elements it queued before failing.
    public func take() throws -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        if !waiting.isEmpty {
            condition.broadcast()
            return waiting.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops taking: drops what is queued, makes the producer's next `put` throw, and waits until
    /// the producer has finished, so nothing it reads or holds outlives the consumer's call.
    public func abandon() {
        condition.lock()
        defer { condition.unlock() }
        abandoned = true
        waiting.removeAll()
        condition.broadcast()
        while !finished { condition.wait() }
    }
}
