import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

/// The ledger file's side of a sync: reading its log as wire events, and taking the server's through
/// the ledger's replication API (`Ledger.replicate`), which appends them as they are and folds only them.
enum LocalReplica {
    static func canonicalEvents(from start: Int64, through end: Int64? = nil, in db: Database) throws -> [CanonicalEvent] {
        var events: [CanonicalEvent] = []
        try EventLog.forEachStored(from: start, through: end, in: db) { envelope, payload, previous, hash in
            events.append(CanonicalEvent(envelope: envelope, payload: payload,
                                         previousHash: EventHasher.hex(previous), hash: EventHasher.hex(hash)))
        }
        return events
    }

    /// Appends the server's events and folds them, in the caller's transaction. An event this
    /// ledger's rules refuse (a server older than this one sequenced it) stops the sync, naming it.
    static func replicate(_ events: some Collection<CanonicalEvent>, unsynced: Bool = false, in db: Database) throws {
        try replicate(replicas: try events.map { try $0.replicated() }, unsynced: unsynced, in: db)
    }

    /// `replicate` for events already made into the replication API's form (`CanonicalEvent.checkedReplica`).
    /// `unsynced`: they are this file's own events put back after the server's (`Ledger.replicate`).
    static func replicate(replicas: [ReplicatedEvent], unsynced: Bool = false, in db: Database) throws {
        do {
            try Ledger.replicate(replicas, unsynced: unsynced, in: db)
        } catch ReplicationError.refused(let position, let reason) {
            throw SyncError.refusedServerEvent(position: position, reason)
        }
    }

    /// `replicate` for everything a pull brought, page by page, after the first `skip`.
    static func replicate(_ pulled: PulledEvents, droppingFirst skip: Int = 0, in db: Database) throws {
        try pulled.forEachPage(droppingFirst: skip) { page in try replicate(page, in: db) }
    }

    /// The id of the stream's event just before `version`: what a pending event was decided against.
    static func parentEventID(stream: String, before version: Int64, in db: Database) throws -> String? {
        guard version > 1 else { return nil }
        return try EventLog.eventID(inStream: stream, atVersion: version - 1, in: db)
    }

    static func close(_ writer: any DatabaseWriter) throws {
        if let pool = writer as? DatabasePool { try pool.close() } else if let queue = writer as? DatabaseQueue { try queue.close() }
    }
}

// MARK: - Synchronous steps (GRDB's async overloads would win inside the async client)

extension LocalReplica {
    static func inspect(_ writer: any DatabaseWriter) throws -> (state: SyncState?, position: Int64) {
        try writer.read { db in
            if let problem = try ChainVerifier.verifyHead(in: db) {
                throw SyncError.unverifiableLog(position: problem.position, reason: problem.reason)
            }
            return (try SyncState.read(in: db), try EventLog.head(in: db).position)
        }
    }

    static func hash(at position: Int64, _ writer: any DatabaseWriter) throws -> [UInt8] {
        try writer.read { db in try EventLog.hash(at: position, in: db) } ?? EventHasher.genesis
    }

    static func events(from start: Int64, through end: Int64? = nil, _ writer: any DatabaseWriter) throws -> [CanonicalEvent] {
        try writer.read { db in try canonicalEvents(from: start, through: end, in: db) }
    }

    /// The pushed form of `pending`, linked into the device chain after `chain`.
    static func outbox(_ pending: [CanonicalEvent], deviceId: String, after chain: (seq: Int64, hash: String),
                       _ writer: any DatabaseWriter) throws -> [PendingEvent] {
        try writer.read { db in
            var link = chain
            var outbox: [PendingEvent] = []
            for event in pending {
                let parent = try parentEventID(stream: event.stream, before: event.streamVersion, in: db)
                let pushed = PendingEvent(envelope: try event.envelope(), payload: event.payload, parentEventId: parent,
                                          deviceId: deviceId, deviceSeq: link.seq + 1, devicePrevHash: link.hash)
                link = (pushed.deviceSeq, pushed.originHash)
                outbox.append(pushed)
            }
            return outbox
        }
    }

    /// Appends the server's newer events to the file as they are, folds just them, and records the state, in one
    /// write transaction. The first `skip` pulled events are this file's own pending ones, which the server sequenced
    /// where they already are. Events another process recorded here after `head` (during the round trips) are put
    /// back after the server's (`putBack`); returns how many.
    @discardableResult
    static func extend(_ writer: any DatabaseWriter, with pulled: PulledEvents, droppingFirst skip: Int, state: SyncState,
                       expecting head: Int64, seen: Set<String> = []) throws -> Int {
        try writer.write { db in
            let meanwhile = try canonicalEvents(from: head + 1, through: nil, in: db)
            if !meanwhile.isEmpty { try Ledger.truncateLog(after: head, in: db) }
            try replicate(pulled, droppingFirst: skip, in: db)
            try putBack(meanwhile, after: pulled, seen: seen, in: db)
            try state.save(in: db)
            try Ledger.forgetUndo(through: state.syncedPosition, in: db)
            return meanwhile.count
        }
    }

    /// Rewrites the file as its synced prefix followed by `pulled`, in the server's order: the unsynced tail (pushed,
    /// and now inside `pulled` at the server's positions) is dropped through the event store (`Ledger.truncateLog`),
    /// and the server's events are appended and folded, all in ONE write transaction on the file itself.
    ///
    /// The projections go back to the synced prefix by the undo the unsynced events' writes kept (`truncateLog`,
    /// `ProjectionUndo`): the cost of those events, not of the log. Before (a fold from the first event) it was a
    /// replay's: 7.84 s of an 8.4 s sync on a 100k-event ledger (release, `Tests/Postgres/sync-figures.sh`, "sync one
    /// new event (A, rebased after B's)", load ~8), where a sync that only pulls took 0.21 s.
    ///
    /// Why in place and not a new file renamed over the old one (as it was): a `kakeibo expense` that had opened the
    /// file before the rename wrote into the unlinked old inode and its event was lost, and the rename removed the live
    /// file's `-wal`/`-shm` under other readers. Inside one SQLite write transaction every other writer waits on the
    /// file's lock and then decides against the rewritten log, and a crash leaves the file as it was.
    ///
    /// Events another process recorded here after `head` (during the round trips) are put back after the server's
    /// (`putBack`); returns how many, and how the projections went back to `synced` (`Ledger.truncateLog`).
    @discardableResult
    static func rebase(_ writer: any DatabaseWriter, keeping synced: Int64, then pulled: PulledEvents, state: SyncState,
                       expecting head: Int64, seen: Set<String> = []) throws -> (recorded: Int, truncation: Ledger.Truncation) {
        try writer.write { db in
            let meanwhile = try canonicalEvents(from: head + 1, through: nil, in: db)
            let truncation = try Ledger.truncateLog(after: synced, in: db)
            try replicate(pulled, in: db)
            try putBack(meanwhile, after: pulled, seen: seen, in: db)
            try state.save(in: db)
            try Ledger.forgetUndo(through: state.syncedPosition, in: db)
            return (meanwhile.count, truncation)
        }
    }

    /// Puts `meanwhile` (events another process recorded while a sync ran, after it had read what to push) back
    /// at the end of the log, after the server's events: renumbered (position, stream version, hash), folded, and
    /// left unsynced for the next sync to push, as a read-scope device keeps its own events. Before, every such event
    /// made the sync start over, and three of them in a row made it fail (`KnownDivergenceTests`, divergence 5).
    ///
    /// Their author decided them on this file's log through `head`, which held this sync's pending events (`seen`);
    /// an edit of a transaction that pulled events from other devices changed in the same fields, or voided, needs
    /// the server's conflict rule, and an event the ledger's rules now refuse cannot stand where it lands: then the
    /// sync starts over as before (`SyncError.changedDuringSync`), pushing them, and the whole transaction rolls back.
    static func putBack(_ meanwhile: [CanonicalEvent], after pulled: PulledEvents, seen: Set<String>, in db: Database) throws {
        guard !meanwhile.isEmpty else { return }
        let streams = Set(meanwhile.map(\.stream)), own = Set(meanwhile.map(\.eventId))
        var since: [String: [(id: String, type: String, payload: String)]] = [:]
        try pulled.forEachPage(droppingFirst: 0) { page in
            for event in page where streams.contains(event.stream) && !seen.contains(event.eventId) && !own.contains(event.eventId) {
                since[event.stream, default: []].append((event.eventId, event.type, event.payload))
            }
        }
        let startOver = SyncError.changedDuringSync(recorded: Int64(meanwhile.count))
        var head = try EventLog.head(in: db)
        for event in meanwhile {
            if case .conflicted = ConflictRule.outcome(type: event.type, payload: event.payload, since: since[event.stream] ?? []) {
                throw startOver
            }
            var moved = event
            moved.position = head.position + 1
            moved.streamVersion = try EventLog.version(of: event.stream, in: db) + 1
            moved.previousHash = EventHasher.hex(head.hash)
            moved.hash = EventHasher.hex(try moved.computedHash(previous: head.hash))
            do {
                try replicate([moved], unsynced: true, in: db)
            } catch SyncError.refusedServerEvent {
                throw startOver
            }
            head = (moved.position, Hex.bytes(moved.hash) ?? [])
        }
    }

    /// A pull for a device whose token may only read: the file becomes its synced prefix, the server's new events, and
    /// then its own unpushed events again, renumbered after them (position, stream version, hash), in ONE write
    /// transaction like `rebase`. They stay this device's own, unsynced, until a write token pushes them.
    ///
    /// An own edit of a transaction that the server's events changed in the same fields (or voided) cannot be put on
    /// top without the server's conflict rule deciding who wins; that is refused, leaving the file as it was.
    /// `since` holds the pulled events of the streams `local` writes to (`SyncClient` gathers them as it pulls).
    static func rebase(_ writer: any DatabaseWriter, keeping synced: Int64, then pulled: PulledEvents,
                       keepingLocal local: [CanonicalEvent], since: [String: [(id: String, type: String, payload: String)]],
                       state: SyncState, expecting head: Int64) throws {
        try writer.write { db in
            try checkUnchanged(since: head, in: db)
            try Ledger.truncateLog(after: synced, in: db)
            try replicate(pulled, in: db)
            let syncedHash = try EventLog.hash(at: synced, in: db) ?? EventHasher.genesis
            var previous = pulled.last?.hash ?? EventHasher.hex(syncedHash)
            var position = pulled.last?.position ?? synced
            var clashes: [String] = []
            for event in local {
                if case .conflicted = ConflictRule.outcome(type: event.type, payload: event.payload, since: since[event.stream] ?? []) {
                    clashes.append(event.stream)
                    continue
                }
                var moved = event
                moved.position = position + 1
                moved.streamVersion = try EventLog.version(of: event.stream, in: db) + 1
                moved.previousHash = previous
                moved.hash = EventHasher.hex(try moved.computedHash(previous: Hex.bytes(previous) ?? []))
                try replicate([moved], unsynced: true, in: db)
                (previous, position) = (moved.hash, moved.position)
            }
            guard clashes.isEmpty else {
                throw SyncError.clashesWithReadToken(clashes)
            }
            try state.save(in: db)
            try Ledger.forgetUndo(through: state.syncedPosition, in: db)
        }
    }

    /// Refuses to finish a sync when events were recorded here after it read what to push (another process wrote
    /// during the round trips): they were not pushed, and a rebase would drop them. The client starts over.
    static func checkUnchanged(since head: Int64, in db: Database) throws {
        let now = try EventLog.head(in: db).position
        guard now == head else { throw SyncError.changedDuringSync(recorded: now - head) }
    }
}
