import Dispatch

/// Runs `work` on inputs one at a time, in the order submitted, on one background thread, while
/// the submitting thread goes on: a two-stage pipeline with a bounded queue between the stages.
///
/// The submitting thread owns the instance (it is not for sharing between threads). At most
/// `depth` outputs are in flight or waiting, so memory stays flat however long the stream is:
/// `submit` hands back the oldest output once the queue is full, and `next` drains it at the end.
/// `work` runs serially, so state it captures needs no lock.
public final class OrderedBackgroundWork<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private final class Slot: @unchecked Sendable {
        var output: Output?
        let ready = DispatchSemaphore(value: 0)
    }

    private let queue = DispatchQueue(label: "kakeibo.ordered-background-work")
    private let work: @Sendable (Input) -> Output
    private let depth: Int
    private var pending: [Slot] = []

    public init(depth: Int = 2, _ work: @escaping @Sendable (Input) -> Output) {
        self.depth = max(1, depth)
        self.work = work
    }

    /// Queues `input`; returns the oldest finished output when `depth` are already queued.
    public func submit(_ input: Input) -> Output? {
        let slot = Slot()
        let work = self.work
        queue.async {
            slot.output = work(input)
            slot.ready.signal()
        }
        pending.append(slot)
        return pending.count > depth ? next() : nil
    }

    /// The oldest output, waiting for it if need be; nil when nothing is queued.
    public func next() -> Output? {
        guard !pending.isEmpty else { return nil }
        let slot = pending.removeFirst()
        slot.ready.wait()
        return slot.output
    }

    /// Whether anything is queued.
    public var isIdle: Bool { pending.isEmpty }
}
