import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboSync
import PostgresNIO

/// The web app's way into a ledger (issue 31): pages are rendered from the server's replica of the
/// ledger, and a browser's command is decided by the server like a device would decide it, with
/// the same decider, against that replica, under the ledger's row lock.
extension ServerStore {
    /// Runs `body` with a `Ledger` on the replica of `ledger`, caught up to PostgreSQL's head first:
    /// what a page is rendered from.
    ///
    /// The ledger's row lock is taken only when the replica is behind (a push or a capture since it
    /// last caught up), so rendering pages does not queue pushes behind it; `body` then reads a
    /// snapshot of the replica (WAL), while later writes go on beside it.
    public func withReplica<T: Sendable>(ledger: String, _ body: @Sendable (Ledger) throws -> T) async throws -> T {
        let (ledgerId, writer) = try await transaction { connection in
            let ledgerId = try await self.ledgerId(named: ledger, on: connection)
            let (head, _) = try await head(ledgerId: ledgerId, on: connection)
            let writer = try replicas.writer(ledgerId: ledgerId)
            let mine = try await writer.read { db in try EventLog.head(in: db) }
            if mine.position == head.position, EventHasher.hex(mine.hash) == head.hash { return (ledgerId, writer) }
            let (locked, _) = try await self.head(ledgerId: ledgerId, on: connection, lock: true)
            return (ledgerId, try await replica(ledgerId: ledgerId, head: locked, on: connection))
        }
        return try body(Ledger.sharing(writer, path: replicas.path(ledgerId: ledgerId), environment: .live))
    }

    /// Decides `command` for a signed-in browser and sequences what it appends into PostgreSQL.
    ///
    /// Inside one PostgreSQL transaction: the browser device is looked up again (revoked: 401; read
    /// scope: 403 with the reason, nothing appended), the ledger row is locked, the replica is
    /// caught up to the head, and `Ledger.record` decides against it and appends to it. The events it
    /// appended, with the replica's positions and hashes, go to PostgreSQL through the same insert a
    /// push uses, and the head moves; the member is the events' actor, `web` their source, the
    /// browser their `device_id`.
    ///
    /// `idempotencyKey` (one per rendered form) makes a double submit record once: the second gets the
    /// first's result, `alreadyRecorded`. Keys are kept per browser (`web:<device>:<key>`), so two
    /// browsers cannot collide. A command the ledger refuses throws the ledger's own error (`LedgerError`).
    public func record(_ command: LedgerCommand, ledger: String, caller: WebCaller, idempotencyKey: String) async throws -> RecordResult {
        guard !idempotencyKey.isEmpty, idempotencyKey.count <= 128 else { throw ServerError.malformed("an idempotency key is 1-128 characters") }
        let key = "web:\(caller.deviceId):\(idempotencyKey)"
        return try await decide(ledger: ledger, caller: caller, body: { ledger in
            try ledger.record(command, options: CommandOptions(source: .web, provenance: "browser \(caller.deviceId)", idempotencyKey: key))
        })
    }

    /// The write path `record` and `recordReceipt` share: `body` runs against the replica, inside the
    /// ledger's row lock, as `caller`'s member; whatever it appended to the replica is then appended to
    /// PostgreSQL as it is. `afterwards` runs in the same PostgreSQL transaction once they are (a receipt's photo is kept there).
    func decide<T: Sendable>(ledger: String, caller: WebCaller, body: @escaping @Sendable (Ledger) throws -> T,
                             afterwards: (@Sendable (PostgresConnection, Caller) async throws -> Void)? = nil) async throws -> T {
        guard caller.ledger == ledger else { throw ServerError.forbidden("this browser is signed in to another ledger") }
        do {
            return try await decideInTransaction(caller: caller, body, afterwards: afterwards)
        } catch let error as PostgresTransactionError {
            // The ledger's own refusal (`LedgerError`) comes out as itself, as a `ServerError` does.
            if let refusal = error.closureError, error.rollbackError == nil { throw refusal }
            throw error
        }
    }

    private func decideInTransaction<T: Sendable>(caller: WebCaller, _ body: @escaping @Sendable (Ledger) throws -> T,
                                                  afterwards: (@Sendable (PostgresConnection, Caller) async throws -> Void)?) async throws -> T {
        try await transaction { connection in
            let who = try await authenticate(caller, needed: .write, on: connection)
            let (start, _) = try await head(ledgerId: who.ledgerId, on: connection, lock: true)
            try await checkHead(ledgerId: who.ledgerId, head: start, on: connection)
            let writer = try await replica(ledgerId: who.ledgerId, head: start, on: connection)
            var environment = LedgerEnvironment.live
            environment.actor = who.member
            let result = try body(Ledger.sharing(writer, path: replicas.path(ledgerId: who.ledgerId), environment: environment))
            // What the decision appended: the replica's log after the head it was caught up to.
            let appended = try await writer.read { db in
                var events: [CanonicalEvent] = []
                try EventLog.forEachStored(from: start.position + 1, in: db) { envelope, payload, previous, hash in
                    events.append(CanonicalEvent(envelope: envelope, payload: payload,
                                                 previousHash: EventHasher.hex(previous), hash: EventHasher.hex(hash)))
                }
                return events
            }
            try await afterwards?(connection, who)
            guard let last = appended.last else { return result }
            // If PostgreSQL refuses these now, the replica is ahead of it, and the next request rebuilds it (`replica`).
            try await insert(appended.map { SequencedEvent(canonical: $0, deviceId: who.deviceId, deviceSeq: nil, originHash: nil,
                                                           parentEventId: nil, authorSaw: nil) },
                             ledgerId: who.ledgerId, on: connection)
            try await connection.query("""
                UPDATE kakeibo_ledgers SET head_position = \(last.position), head_hash = \(last.hash), adoptable = false
                WHERE ledger_id = \(who.ledgerId)
                """, logger: logger)
            return result
        }
    }

    /// The id of the ledger named `name`; 404 `no-ledger` when there is none.
    func ledgerId(named name: String, on connection: PostgresConnection) async throws -> Int64 {
        guard let row = try await connection.query("SELECT ledger_id FROM kakeibo_ledgers WHERE name = \(name)", logger: logger)
            .collect().first else { throw ServerError.noLedger(name) }
        return try row.makeRandomAccess()[0].decode(Int64.self)
    }
}
