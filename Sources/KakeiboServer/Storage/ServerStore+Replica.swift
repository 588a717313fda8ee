import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboSync
import PostgresNIO

extension ServerStore {
    /// Events per page when a replica catches up from PostgreSQL: memory stays flat however long the log.
    static let replicaPage = 2_000

    /// The replica of `ledgerId`, holding exactly PostgreSQL's log up to `head`. Called under the
    /// ledger row's lock, so nothing is sequenced meanwhile.
    ///
    /// Behind (the usual case after a restart with `--cache`, or another ledger's turn): caught up
    /// from PostgreSQL in pages. Ahead or different (a push whose PostgreSQL commit failed after the
    /// replica's, a server crash between the two, a cache from another database): thrown away and
    /// rebuilt, since a fold cannot be undone.
    func replica(ledgerId: Int64, head: LedgerHead, on connection: PostgresConnection) async throws -> any DatabaseWriter {
        var writer = try replicas.writer(ledgerId: ledgerId)
        var mine = try await writer.read { db in try EventLog.head(in: db) }
        if mine.position > 0 {
            var matches = false
            if mine.position <= head.position {
                let theirs = try await connection.query("""
                    SELECT hash FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND position = \(mine.position)
                    """, logger: logger).collect().first?.makeRandomAccess()[0].decode(String.self)
                matches = theirs == EventHasher.hex(mine.hash)
            }
            if !matches {
                logger.notice("replica of ledger \(ledgerId) at \(mine.position) does not match PostgreSQL's head \(head.position): rebuilding")
                replicas.discard(ledgerId: ledgerId)
                writer = try replicas.writer(ledgerId: ledgerId)
                mine = (0, EventHasher.genesis)
            }
        }
        do {
            try await catchUp(writer, ledgerId: ledgerId, after: mine.position, through: head.position, on: connection)
        } catch ReplicationError.refused(let position, let reason) {
            // The log itself holds an event the rules refuse (sequenced before the server checked events):
            // nothing can be checked against it. `verifyBooks` names it too.
            var error = ServerError(500, "unsound-ledger", "the ledger's event at position \(position) is refused by the ledger's rules "
                                    + "(\(reason)), so new events cannot be checked against it")
            error.body.rule = Self.rule(of: reason)
            throw error
        }
        return writer
    }

    /// Feeds PostgreSQL's events after `after` through `end` to the replica, a page per SQLite transaction.
    private func catchUp(_ writer: any DatabaseWriter, ledgerId: Int64, after start: Int64, through end: Int64,
                         on connection: PostgresConnection) async throws {
        var after = start
        while after < end {
            let page = try await storedEvents(ledgerId: ledgerId, after: after, through: end, on: connection)
            guard let last = page.last else { break }
            try await writer.write { db in try Ledger.replicate(page, in: db) }
            after = last.envelope.position
        }
    }

    /// Feeds the new canonical events of one push or upload to the replica in ONE SQLite write
    /// transaction (`Ledger.replicate`: admission and fold). A refused event refuses the whole request:
    /// 422 `invalid-event` naming the event and the rule; the replica's transaction rolls back.
    func replicate(_ events: [ReplicatedEvent], into writer: any DatabaseWriter) async throws {
        guard !events.isEmpty else { return }
        do {
            try await writer.write { db in try Ledger.replicate(events, in: db) }
        } catch ReplicationError.refused(let position, let reason) {
            let id = events.first { $0.envelope.position == position }?.envelope.eventID ?? ""
            var error = ServerError(422, "invalid-event", "event \(id) (position \(position) once sequenced) may not follow the ledger: \(reason)",
                                    eventId: id)
            error.body.rule = Self.rule(of: reason)
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw ServerError(422, "invalid-event", "an event repeats a key the ledger already holds (idempotency key or event id)")
        }
    }

    /// `replicate` and `insert` at once: the replica's fold (SQLite, in this process) runs while PostgreSQL copies
    /// the rows and grows the tree (its own process), inside the request's PostgreSQL transaction. A refusal by
    /// the rules is thrown whatever PostgreSQL answered, and, thrown inside the transaction, rolls it back: nothing
    /// is appended, as when the replica went first. If PostgreSQL fails (or its commit does) after the replica
    /// committed, the replica is ahead of it, and the next request's head comparison rebuilds it (`replica`).
    ///
    /// Measured adopting 100,004 events in batches of 500 (release, `Tests/Postgres/sync-figures.sh` with
    /// `KAKEIBO_SYNC_TRACE`, load 3-5, 2 cores): one after the other, 5.2 s folding and 4.8 s copying (2.6 s of it
    /// the tree) of the 15.0 s; on a 2-core machine the two overlap.
    func replicateAndInsert(_ sequenced: [SequencedEvent], into replica: any DatabaseWriter, ledgerId: Int64,
                            on connection: PostgresConnection) async throws {
        guard !sequenced.isEmpty else { return }
        let replicated = try sequenced.map { try $0.replicated() }
        async let folded: Void = replicate(replicated, into: replica)
        do {
            try await insert(sequenced, ledgerId: ledgerId, on: connection)
        } catch {
            try await folded // the rules' refusal names the event; it is the answer the device can act on
            throw error
        }
        try await folded
    }

    static func rule(of reason: LedgerError) -> String? {
        if case .inadmissible(let refusal) = reason { return refusal.rule.rawValue }
        return nil
    }

    /// The events after `after` (through `end`) as the replica takes them: as sequenced, judged by the fold only.
    func storedEvents(ledgerId: Int64, after: Int64, through end: Int64, limit: Int = ServerStore.replicaPage,
                      on connection: PostgresConnection) async throws -> [ReplicatedEvent] {
        let rows = try await connection.query("""
            SELECT \(unescaped: Self.eventColumns) FROM kakeibo_events
            WHERE ledger_id = \(ledgerId) AND position > \(after) AND position <= \(min(end, after + Int64(limit))) ORDER BY position LIMIT \(Int64(limit))
            """, logger: logger).collect()
        return try rows.map { try Self.decodeEvent($0).replicaEvent(authorSaw: nil) }
    }

    // MARK: - Verify the books

    /// Replays `ledger`'s whole log from PostgreSQL into a fresh replica (a temporary file, removed
    /// after): the first position whose event the ledger's rules refuse (books that do not balance,
    /// an account never opened, a balance past Int64), or nil. Pages, so memory stays flat.
    public func verifyBooks(ledger name: String) async throws -> (position: Int64, reason: String, rule: String?)? {
        let scratch = ServerReplicas()
        return try await client.withConnection { connection in
            guard let id = try await connection.query("SELECT ledger_id FROM kakeibo_ledgers WHERE name = \(name)", logger: logger)
                .collect().first?.makeRandomAccess()[0].decode(Int64.self) else { throw ServerError.noLedger(name) }
            let (head, _) = try await head(ledgerId: id, on: connection)
            do {
                try await catchUp(try scratch.writer(ledgerId: id), ledgerId: id, after: 0, through: head.position, on: connection)
            } catch ReplicationError.refused(let position, let reason) {
                return (position, "\(reason)", Self.rule(of: reason))
            }
            return nil
        }
    }
}

extension CanonicalEvent {
    /// This event as a replica takes it (`replicated(authorSaw:)`), a hash that is not hex being the
    /// server's own stored row gone bad, not a device's mistake.
    func replicaEvent(authorSaw: Int64?) throws -> ReplicatedEvent {
        do {
            return try replicated(authorSaw: authorSaw)
        } catch SyncError.badServerEvent(let position, _) {
            throw ServerError(500, "tampered", "the event at position \(position) has a hash that is not 64 hex digits")
        }
    }
}
