import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

/// The ledger file's side of a sync: reading its log as wire events, appending the server's.
enum LocalReplica {
    static func canonicalEvents(from start: Int64, through end: Int64? = nil, in db: Database) throws -> [CanonicalEvent] {
        var events: [CanonicalEvent] = []
        try EventLog.forEachStored(from: start, through: end, in: db) { envelope, payload, previous, hash in
            events.append(CanonicalEvent(envelope: envelope, payload: payload,
                                         previousHash: EventHasher.hex(previous), hash: EventHasher.hex(hash)))
        }
        return events
    }

    static func append(_ events: [CanonicalEvent], in db: Database) throws {
        for event in events {
            guard let previous = Hex.bytes(event.previousHash), let hash = Hex.bytes(event.hash) else {
                throw SyncError.badServerEvent(position: event.position, reason: "hash is not hex")
            }
            try EventLog.appendVerbatim(try event.envelope(), payload: event.payload, previousHash: previous, hash: hash, in: db)
        }
    }

    /// The id of the stream's event just before `version`: what a pending event was decided against.
    static func parentEventID(stream: String, before version: Int64, in db: Database) throws -> String? {
        guard version > 1 else { return nil }
        return try String.fetchOne(db, sql: "SELECT event_id FROM events WHERE stream = ? AND stream_version = ?",
                                   arguments: [stream, version - 1])
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
                throw SyncError.mismatch("this file's log does not verify at position \(problem.position) (\(problem.reason)); run `kakeibo verify`")
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

    /// Appends the server's newer events to the file as they are, refolds, and records the state, in one write
    /// transaction that first checks nothing was recorded here since `head` (see `checkUnchanged`).
    static func extend(_ writer: any DatabaseWriter, with events: [CanonicalEvent], state: SyncState, expecting head: Int64) throws {
        try writer.write { db in
            try checkUnchanged(since: head, in: db)
            try append(events, in: db)
            if !events.isEmpty { try Ledger.rebuildProjections(in: db) }
            try state.save(in: db)
        }
    }

    /// A new ledger file at `path` holding `events`, made beside it and linked into place.
    static func create(at path: String, events: [CanonicalEvent], state: SyncState) throws {
        let scratch = path + ".clone-\(UUID().uuidString)"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) } }
        let writer = try LedgerDatabase.open(at: scratch, mode: .create, createFolders: false)
        try writer.write { db in
            try append(events, in: db)
            try Ledger.rebuildProjections(in: db)
            try state.save(in: db)
        }
        _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try close(writer)
        guard link(scratch, path) == 0 else {
            throw SyncError.mismatch("could not create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Rewrites the file as its synced prefix followed by `canonical`, in the server's order: the unsynced tail (pushed,
    /// and now inside `canonical` at the server's positions) is dropped and the projections refolded, all in ONE write
    /// transaction on the file itself.
    ///
    /// Why in place and not a new file renamed over the old one (as it was): a `kakeibo expense` that had opened the
    /// file before the rename wrote into the unlinked old inode and its event was lost, and the rename removed the live
    /// file's `-wal`/`-shm` under other readers. Inside one SQLite write transaction every other writer waits on the
    /// file's lock and then decides against the rewritten log, and a crash leaves the file as it was.
    static func rebase(_ writer: any DatabaseWriter, keeping synced: Int64, then canonical: [CanonicalEvent], state: SyncState,
                       expecting head: Int64) throws {
        try writer.write { db in
            try checkUnchanged(since: head, in: db)
            try dropTail(after: synced, in: db)
            try append(canonical, in: db)
            try Ledger.rebuildProjections(in: db)
            try state.save(in: db)
        }
    }

    /// A pull for a device whose token may only read: the file becomes its synced prefix, the server's new events, and
    /// then its own unpushed events again, renumbered after them (position, stream version, hash), in ONE write
    /// transaction like `rebase`. They stay this device's own, unsynced, until a write token pushes them.
    ///
    /// An own edit of a transaction that the server's events changed in the same fields (or voided) cannot be put on
    /// top without the server's conflict rule deciding who wins; that is refused, leaving the file as it was.
    static func rebase(_ writer: any DatabaseWriter, keeping synced: Int64, then canonical: [CanonicalEvent],
                       keepingLocal local: [CanonicalEvent], state: SyncState, expecting head: Int64) throws {
        try writer.write { db in
            try checkUnchanged(since: head, in: db)
            try dropTail(after: synced, in: db)
            try append(canonical, in: db)
            let syncedHash = try EventLog.hash(at: synced, in: db) ?? EventHasher.genesis
            var previous = canonical.last?.hash ?? EventHasher.hex(syncedHash)
            var position = canonical.last?.position ?? synced
            var clashes: [String] = []
            for event in local {
                let since = canonical.filter { $0.stream == event.stream }.map { (id: $0.eventId, type: $0.type, payload: $0.payload) }
                if case .conflicted = ConflictRule.outcome(type: event.type, payload: event.payload, since: since) {
                    clashes.append(event.stream)
                    continue
                }
                var moved = event
                moved.position = position + 1
                moved.streamVersion = (try Int64.fetchOne(db, sql: "SELECT MAX(stream_version) FROM events WHERE stream = ?",
                                                          arguments: [event.stream]) ?? 0) + 1
                moved.previousHash = previous
                moved.hash = EventHasher.hex(try moved.computedHash(previous: Hex.bytes(previous) ?? []))
                try append([moved], in: db)
                (previous, position) = (moved.hash, moved.position)
            }
            guard clashes.isEmpty else {
                throw SyncError.mismatch("\(clashes.count) edit\(clashes.count == 1 ? "" : "s") recorded here change\(clashes.count == 1 ? "s" : "") what the server's ledger changed meanwhile (\(clashes.sorted().joined(separator: ", "))), and this device's token may only read, so the server cannot merge \(clashes.count == 1 ? "it" : "them"): sync with a write token (`kakeibo server token … --scope write`)")
            }
            try Ledger.rebuildProjections(in: db)
            try state.save(in: db)
        }
    }

    /// Refuses to finish a sync when events were recorded here after it read what to push (another process wrote
    /// during the round trips): they were not pushed, and a rebase would drop them. The client starts over.
    static func checkUnchanged(since head: Int64, in db: Database) throws {
        let now = try EventLog.head(in: db).position
        guard now == head else { throw SyncError.changedDuringSync(recorded: now - head) }
    }

    /// Deletes the events after `synced`. The log refuses DELETE by trigger; the trigger is dropped and made again from
    /// its own stored SQL inside the caller's transaction, so no other connection ever sees the log without it.
    private static func dropTail(after synced: Int64, in db: Database) throws {
        let name = "events_refuse_delete"
        guard let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [name]) else {
            throw SyncError.mismatch("this file's event log has lost its append-only trigger \(name)")
        }
        try db.execute(sql: "DROP TRIGGER \(name)")
        try db.execute(sql: "DELETE FROM events WHERE position > ?", arguments: [synced])
        try db.execute(sql: trigger)
    }
}
