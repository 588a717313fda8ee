import Foundation
import KakeiboDomain
import KakeiboLedger

/// Records generated commands into a ledger in large batches, resolving the placeholder ids
/// (`HouseholdGenerator.reference(to:)`) of edits and voids to the ids the ledger assigned.
///
/// A batch is committed early only when an edit or void refers to a transaction still waiting
/// in it; otherwise a batch holds `batchSize` commands.
public struct LedgerLoader {
    public let ledger: Ledger
    public var batchSize: Int
    /// How far back (in commands) a reference may reach; older ids are forgotten.
    public var window: Int
    /// The index of the next command to record: `HouseholdGenerator` numbers from 0.
    public private(set) var nextIndex: Int
    public private(set) var batches = 0
    public private(set) var eventsAppended = 0
    private var ids: [Int: String] = [:]

    public init(ledger: Ledger, batchSize: Int = 10_000, window: Int = 20_000, firstIndex: Int = 0) {
        self.ledger = ledger
        self.batchSize = batchSize
        self.window = window
        nextIndex = firstIndex
    }

    /// A ledger file created with the generator's currency and zone, and a deterministic clock
    /// and id sequence so the same seed gives the same file.
    public static func createLedger(at path: String, seed: UInt64 = 1) throws -> Ledger {
        try Ledger.create(at: path, name: HouseholdGenerator.ledgerName, currency: HouseholdGenerator.currency,
                          timeZone: HouseholdGenerator.timeZone, environment: environment(seed: seed))
    }

    /// A fixed clock from 2026-01-01 that ticks 1 ms per reading, and seeded ids.
    public static func environment(seed: UInt64 = 1) -> LedgerEnvironment {
        .deterministic(startingAt: 1_767_225_600_000, seed: seed, actor: "benchmark")
    }

    /// Records `commands`, the next ones in the generator's numbering, calling `progress`
    /// with the number recorded so far after each batch.
    public mutating func record(_ commands: [LedgerCommand], progress: (Int) -> Void = { _ in }) throws {
        var pending: [LedgerCommand] = []
        pending.reserveCapacity(min(batchSize, commands.count))
        var pendingStart = nextIndex
        var done = 0

        func flush() throws {
            guard !pending.isEmpty else { return }
            let results = try ledger.record(batch: pending, options: CommandOptions(source: .journalImport))
            for (offset, result) in results.enumerated() {
                if let id = result.transactionID { ids[pendingStart + offset] = id }
                eventsAppended += result.positions.count
            }
            done += pending.count
            pendingStart += pending.count
            pending.removeAll(keepingCapacity: true)
            batches += 1
            if ids.count > 2 * window { ids = ids.filter { $0.key >= pendingStart - window } }
            progress(done)
        }

        for command in commands {
            if let referenced = HouseholdGenerator.referencedIndex(of: command) {
                if referenced >= pendingStart { try flush() }
                guard let id = ids[referenced] else {
                    throw LoaderError.unresolvedReference(command: pendingStart + pending.count, referenced: referenced)
                }
                pending.append(Self.resolving(command, to: id))
            } else {
                pending.append(command)
            }
            if pending.count >= batchSize { try flush() }
        }
        try flush()
        nextIndex = pendingStart
    }

    static func resolving(_ command: LedgerCommand, to id: String) -> LedgerCommand {
        switch command {
        case .editTransaction(var input):
            input.id = id
            return .editTransaction(input)
        case .voidTransaction(_, let reason):
            return .voidTransaction(id: id, reason: reason)
        default:
            return command
        }
    }

    public enum LoaderError: Error, CustomStringConvertible {
        case unresolvedReference(command: Int, referenced: Int)

        public var description: String {
            switch self {
            case .unresolvedReference(let command, let referenced):
                "command \(command) refers to command \(referenced), which created no transaction or is outside the window"
            }
        }
    }
}
