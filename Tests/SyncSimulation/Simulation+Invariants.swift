import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import PostgresNIO

/// What must hold once every device has synced until nothing moves.
extension Simulation {
    /// Settles every open conflict as a person would (`Simulation.settle`): a drawn device syncs, settles the first
    /// conflict it lists, and syncs again (a device that settled without pulling another's settlement would clash
    /// with it, which is a new conflict, not a fault). False if none was open.
    func settleConflicts() async -> Bool {
        var settled = false
        for _ in 0..<12 {
            let device = random.next(upTo: devices.count)
            await sync(device, final: true)
            guard let conflict = try? devices[device].open().openConflicts().first else { return settled }
            settled = true
            do {
                let ledger = try devices[device].open()
                let before = try ledger.head().position
                let done = try settle(conflict.conflict, on: ledger)
                try remember(ledger, device: device, after: before)
                note("d\(device) \(done)")
            } catch {
                let voided = conflict.conflict.fields.contains { $0.field == "voided" }
                    || !((try? devices[device].open().transactions().contains { $0.id == conflict.conflict.transactionID }) ?? true)
                note("d\(device) cannot settle the conflict on \(conflict.conflict.transactionID): \(error)")
                violation(voided ? .unsettledVoidConflict : .unsettledConflict,
                          "d\(device): the conflict at position \(conflict.position) on \(conflict.conflict.transactionID) cannot be settled: \(error)")
                return settled
            }
            await sync(device, final: true)
        }
        return settled
    }

    func checkInvariants() async throws {
        let ledgers = try devices.map { try $0.open() }
        let head = try await store.head(ledger: ledgerName, bearer: devices[0].token)
        let serverHead = "\(head.position):\(head.hash)"

        // One log: the same head as the server, the same digest from a full verify, the same event ids in order.
        let logs = try ledgers.map { try $0.events() }
        for (index, ledger) in ledgers.enumerated() {
            let report = try ledger.verify()
            if try ledger.head().description != serverHead {
                violation(.divergentReplicas, "d\(index) head \(try ledger.head()) is not the server's \(serverHead)")
            }
            if report.head.description != serverHead {
                violation(.divergentReplicas, "d\(index) verify --digest \(report.head) is not the server's \(serverHead)")
            }
            if !report.isValid {
                let kind: Violation.Kind = report.problems.joined().contains("precision") ? .commodityPrecision : .verifyFails
                violation(kind, "d\(index) verify: \(report.problems.joined(separator: "; "))")
            }
            if logs[index].map(\.eventID) != logs[0].map(\.eventID) {
                violation(.divergentReplicas, "d\(index)'s log holds other events than d0's")
            }
            if !logs[index].enumerated().allSatisfy({ $0.element.position == Int64($0.offset + 1) }) {
                violation(.divergentReplicas, "d\(index)'s positions are not 1...\(logs[index].count)")
            }
        }
        if let problem = try await store.verify(ledger: ledgerName).problem {
            violation(.verifyFails, "server verify: position \(problem.position): \(problem.reason)")
        }

        // The same open conflicts everywhere, and none left after settling.
        let conflicts = try ledgers.map { try $0.openConflicts().map { "\($0.position):\($0.conflict.transactionID)" } }
        let accountConflicts = try ledgers.map { try $0.openAccountConflicts().map { "\($0.position):\($0.accountID):\($0.name)" } }
        for index in ledgers.indices where conflicts[index] != conflicts[0] || accountConflicts[index] != accountConflicts[0] {
            violation(.divergentReplicas, "d\(index) lists other conflicts than d0: \(conflicts[index]) \(accountConflicts[index]) vs \(conflicts[0]) \(accountConflicts[0])")
        }
        for open in try ledgers[0].openConflicts() {
            let voided = open.conflict.fields.contains { $0.field == "voided" }
            violation(voided ? .unsettledVoidConflict : .unsettledConflict,
                      "the conflict at position \(open.position) on \(open.conflict.transactionID) is still open after it was settled")
        }

        try await checkEventsAccountedFor(logs[0])
        checkRenames(logs[0])
    }

    /// No event lost or doubled: each event a device recorded is in the log once, or the server kept it aside and says
    /// so in the log (a conflict's deferred edit) or in its already-recorded table (another device's copy of the same
    /// keyed command). An edit or void kept aside only because it followed such a copy on its stream is lost.
    func checkEventsAccountedFor(_ log: [EventEnvelope]) async throws {
        var seen: [String: Int] = [:]
        var deferred: Set<String> = []
        for envelope in log {
            seen[envelope.eventID, default: 0] += 1
            if case .transactionConflicted(let conflict)? = try? envelope.event() { deferred.formUnion(conflict.deferred) }
        }
        for (id, count) in seen where count > 1 { violation(.lostOrDoubledEvent, "event \(id) is in the log \(count) times") }
        let keptAside = try await store.client.query(
            "SELECT event_id FROM kakeibo_already_recorded WHERE ledger_id = \(ledgerID)", logger: store.logger
        ).collect().map { try $0.decode(String.self) }
        let alreadyRecorded = Set(keptAside)
        for (id, event) in recorded.sorted(by: { $0.key < $1.key }) where seen[id] == nil && !deferred.contains(id) {
            if alreadyRecorded.contains(id) {
                if !event.keyed && (event.type == "TransactionEdited" || event.type == "TransactionVoided") {
                    violation(.lostEditOfAlreadyRecorded,
                              "d\(event.device)'s \(event.type) \(id) (step \(event.step)) followed a duplicate import copy and was kept aside as already-recorded: lost")
                }
                continue
            }
            violation(.lostOrDoubledEvent, "d\(event.device)'s \(event.type) \(id) (step \(event.step)) is neither in the log nor kept aside")
        }
        for envelope in log where recorded[envelope.eventID] == nil && !initialEvents.contains(envelope.eventID) && envelope.actor != "server" {
            violation(.lostOrDoubledEvent, "event \(envelope.eventID) (\(envelope.type), position \(envelope.position)) was recorded by nobody")
        }
    }

    /// A rename decided against a name the account no longer has (another device renamed it meanwhile) overrides that
    /// rename; unless the ledger lists a conflict for the account, one device's rename was dropped silently.
    func checkRenames(_ log: [EventEnvelope]) {
        var names: [String: String] = [:]
        var listed: Set<String> = []
        if let conflicts = try? devices[0].open().openAccountConflicts() { listed = Set(conflicts.map(\.accountID)) }
        for envelope in log {
            switch try? envelope.event() {
            case .accountOpened(let opened)?:
                names[opened.accountID] = opened.name.rawValue
            case .accountRenamed(let renamed)?:
                if let current = names[renamed.accountID], current != renamed.from.rawValue, !listed.contains(renamed.accountID) {
                    violation(.renameLastWins, "position \(envelope.position): \(renamed.from) -> \(renamed.to) was decided against \(renamed.from), but another rename had made it \(current); no conflict is listed")
                }
                names[renamed.accountID] = renamed.to.rawValue
            default:
                break
            }
        }
    }
}
