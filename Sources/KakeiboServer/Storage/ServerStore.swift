import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboSync
import Logging
import PostgresNIO

/// The server's PostgreSQL side. Requests run in one transaction each as `kakeibo_app`, which may
/// insert events but not update or delete them; administration (`init`, `token`) runs as the
/// user the URL names.
public struct ServerStore: Sendable {
    public let client: PostgresClient
    public let logger: Logger
    /// What `client` connects to, for `PostgresProbe` when a request waits on the pool; nil: no probe (the pool's own wait).
    public let probe: PostgresClient.Configuration?
    /// The per-ledger SQLite replicas pushed events are checked against (a cache; PostgreSQL is the truth).
    public let replicas: ServerReplicas

    public init(client: PostgresClient, logger: Logger, probe: PostgresClient.Configuration? = nil,
                replicas: ServerReplicas = ServerReplicas()) {
        self.client = client
        self.logger = logger
        self.probe = probe
        self.replicas = replicas
    }

    /// How long a request waits for a pooled connection before the server asks PostgreSQL directly why there is none.
    static let leaseGrace: Duration = .seconds(1)

    private enum Step<T: Sendable>: Sendable { case done(T), stillWaiting }

    /// Runs `body` in a transaction as the application role.
    /// A refusal thrown by `body` comes out as itself, not wrapped in PostgresNIO's transaction error.
    ///
    /// When PostgreSQL is down the pool would hold the request until its circuit breaker trips (about 60 s) and then
    /// fail it without the reason; so a request without a connection after `leaseGrace` probes PostgreSQL directly, and
    /// if that fails too it is answered 503 with PostgreSQL's own words (`connection refused`) within about a second.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let leased = LeaseFlag()
        let (client, logger, probe) = (client, logger, probe)
        do {
            return try await withThrowingTaskGroup(of: Step<T>.self) { group in
                group.addTask {
                    .done(try await client.withTransaction(logger: logger) { connection in
                        leased.set()
                        try await connection.query("SET LOCAL ROLE kakeibo_app", logger: logger)
                        return try await body(connection)
                    })
                }
                if let probe {
                    group.addTask {
                        try await Task.sleep(for: Self.leaseGrace)
                        if !leased.isSet, let problem = await PostgresProbe.problem(probe, logger: logger) {
                            throw ServerError.databaseUnavailable(problem)
                        }
                        return .stillWaiting
                    }
                }
                while let step = try await group.next() {
                    if case .done(let result) = step {
                        group.cancelAll()
                        return result
                    }
                }
                throw CancellationError()
            }
        } catch let error as PostgresTransactionError {
            if let refusal = error.closureError as? ServerError, error.rollbackError == nil { throw refusal }
            throw error
        } catch let error as ServerError {
            throw error
        } catch where !leased.isSet && probe != nil {
            // The pool gave up before lending a connection (its circuit breaker): say why, or that it is reconnecting.
            if let problem = await PostgresProbe.problem(probe!, logger: logger) { throw ServerError.databaseUnavailable(problem) }
            if String(reflecting: error).contains("CircuitBreaker") {
                throw ServerError.databaseUnavailable("PostgreSQL was unreachable a moment ago and the server is reconnecting; try again in a few seconds")
            }
            throw error
        }
    }

    // MARK: - Administration

    /// Brings the schema up to date (`ServerSchema.migrate`), in one transaction as the URL's user; the versions applied.
    @discardableResult
    public func migrate() async throws -> [Int] {
        let logger = logger
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await ServerSchema.migrate(on: connection, logger: logger)
            }
        } catch let error as PostgresTransactionError {
            if let refusal = error.closureError as? ServerError, error.rollbackError == nil { throw refusal }
            throw error
        }
    }

    /// Brings the schema up to date and creates an empty ledger named `name`.
    public func initialise(ledger name: String) async throws {
        try await migrate()
        try await client.withConnection { connection in
            _ = try? await connection.query("GRANT kakeibo_app TO CURRENT_USER", logger: logger)
            let exists = try await connection.query("SELECT 1 FROM kakeibo_ledgers WHERE name = \(name)", logger: logger)
                .collect().count > 0
            guard !exists else { throw ServerError(409, "exists", "ledger \(name) already exists") }
            do {
                try await connection.query("INSERT INTO kakeibo_ledgers (name) VALUES (\(name))", logger: logger)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23514" {
                throw ServerError.malformed("a ledger name is 1-63 lower-case letters, digits, - or _, not \"\(name)\"")
            }
        }
    }

    /// A new device token for `ledger`; only the secret's SHA-256 is stored.
    public func issueToken(ledger name: String, member: String, device: String, scope: Scope) async throws -> DeviceToken {
        let token = DeviceToken.generate()
        let inserted = try await client.query("""
            INSERT INTO kakeibo_devices (device_id, ledger_id, member, name, scope, secret_sha256)
            SELECT \(token.id), ledger_id, \(member), \(device), \(scope.rawValue), \(token.secretSHA256)
            FROM kakeibo_ledgers WHERE name = \(name) RETURNING device_id
            """, logger: logger).collect()
        guard !inserted.isEmpty else { throw ServerError.noLedger(name) }
        return token
    }

    /// Revokes a device's token: its requests get 401 from now on. False if there is no such device.
    public func revoke(device: String) async throws -> Bool {
        try await client.query("UPDATE kakeibo_devices SET revoked_at = now() WHERE device_id = \(device) AND revoked_at IS NULL RETURNING 1",
                               logger: logger).collect().count > 0
    }

    /// Revokes the active tokens of `device`: a device name as `server token --device` took it (`laptop`), or a
    /// token id (the 12 characters after `kkb_`), in `ledger` when given. The ids revoked, with their ledger; empty when
    /// nothing active matched. A name used in several ledgers without `ledger` is refused, naming them.
    public func revoke(device: String, ledger: String?) async throws -> [(id: String, ledger: String)] {
        let matches = try await client.query("""
            SELECT d.device_id, l.name FROM kakeibo_devices d JOIN kakeibo_ledgers l USING (ledger_id)
            WHERE d.revoked_at IS NULL AND (d.device_id = \(device) OR d.name = \(device))
            """, logger: logger).collect().map { row in
            let r = row.makeRandomAccess()
            return (id: try r[0].decode(String.self), ledger: try r[1].decode(String.self))
        }.filter { ledger == nil || $0.ledger == ledger }
        let ledgers = Set(matches.map(\.ledger))
        guard ledgers.count <= 1 else {
            throw ServerError(409, "ambiguous", "ledgers \(ledgers.sorted().joined(separator: " and ")) both have a device \(device)")
        }
        for match in matches { _ = try await revoke(device: match.id) }
        return matches
    }

    // MARK: - Authentication

    public struct Caller: Sendable {
        public var deviceId: String
        public var ledgerId: Int64
        public var scope: Scope
        public var member: String
    }

    /// Who `bearer` is, for `ledger`, if it may act with `needed`.
    func authenticate(_ bearer: String?, ledger: String, needed: Scope, on connection: PostgresConnection) async throws -> Caller {
        guard let bearer else { throw ServerError.missingToken }
        guard let token = DeviceToken(bearer) else { throw ServerError.notAToken }
        let rows = try await connection.query("""
            SELECT d.secret_sha256, d.scope, d.revoked_at IS NOT NULL, l.name, d.ledger_id, d.member
            FROM kakeibo_devices d JOIN kakeibo_ledgers l USING (ledger_id) WHERE d.device_id = \(token.id)
            """, logger: logger).collect()
        guard let row = rows.first?.makeRandomAccess(),
              token.matches(storedSHA256: try row[0].decode(String.self)) else {
            throw ServerError.unauthenticated("unknown token")
        }
        guard try !row[2].decode(Bool.self) else { throw ServerError.unauthenticated("this token was revoked") }
        guard try row[3].decode(String.self) == ledger else { throw ServerError.forbidden("this token is for another ledger") }
        let scope = Scope(rawValue: try row[1].decode(String.self)) ?? .read
        guard scope >= needed else { throw ServerError.forbidden("this token's scope is \(scope.rawValue); this needs \(needed.rawValue)") }
        return Caller(deviceId: token.id, ledgerId: try row[4].decode(Int64.self), scope: scope, member: try row[5].decode(String.self))
    }

    // MARK: - Reading

    func head(ledgerId: Int64, on connection: PostgresConnection, lock: Bool = false) async throws -> (head: LedgerHead, adoptable: Bool) {
        let query: PostgresQuery = lock
            ? "SELECT head_position, head_hash, adoptable FROM kakeibo_ledgers WHERE ledger_id = \(ledgerId) FOR UPDATE"
            : "SELECT head_position, head_hash, adoptable FROM kakeibo_ledgers WHERE ledger_id = \(ledgerId)"
        guard let row = try await connection.query(query, logger: logger).collect().first?.makeRandomAccess() else {
            throw ServerError.notFound("no such ledger")
        }
        return (LedgerHead(position: try row[0].decode(Int64.self), hash: try row[1].decode(String.self)), try row[2].decode(Bool.self))
    }

    static let eventColumns = """
        position, event_id, stream, stream_version, type, schema_version, occurred_on, recorded_at, source, provenance, \
        actor, command_id, idempotency_key, command_hash, payload, previous_hash, hash
        """

    static func decodeEvent(_ row: PostgresRow) throws -> CanonicalEvent {
        let r = row.makeRandomAccess()
        let envelope = EventEnvelope(
            position: try r[0].decode(Int64.self), eventID: try r[1].decode(String.self), stream: try r[2].decode(String.self),
            streamVersion: try r[3].decode(Int64.self), type: try r[4].decode(String.self), schemaVersion: try r[5].decode(Int64.self),
            occurredOn: try r[6].decode(String?.self).map(LocalDate.init(stored:)), recordedAt: try r[7].decode(Int64.self),
            source: EventSource(rawValue: try r[8].decode(String.self)),
            provenance: try r[9].decode(String?.self), actor: try r[10].decode(String.self), commandID: try r[11].decode(String.self),
            idempotencyKey: try r[12].decode(String?.self), commandHash: try r[13].decode(String?.self), payload: .null)
        return CanonicalEvent(envelope: envelope, payload: try r[14].decode(String.self),
                              previousHash: try r[15].decode(String.self), hash: try r[16].decode(String.self))
    }

    /// Events after `after`, in position order, at most `limit`. The upper bound on position (the positions are gapless)
    /// keeps the plan an index range scan whatever the table's statistics (`eventPageJSON`).
    func events(ledgerId: Int64, after: Int64, limit: Int, on connection: PostgresConnection) async throws -> EventPage {
        let rows = try await connection.query("""
            SELECT \(unescaped: Self.eventColumns) FROM kakeibo_events
            WHERE ledger_id = \(ledgerId) AND position > \(after) AND position <= \(after + Int64(limit) + 1) ORDER BY position LIMIT \(Int64(limit + 1))
            """, logger: logger).collect()
        let events = try rows.prefix(limit).map(Self.decodeEvent)
        let (head, _) = try await head(ledgerId: ledgerId, on: connection)
        return EventPage(events: events, head: head, more: rows.count > limit)
    }

    /// Events after `after`; with `waitingUpTo` above zero and nothing new yet, a long poll: the
    /// ledger's head is asked again every 200 ms (one indexed row, no connection held between asks)
    /// until an event arrives or the time is up, and then the page is answered, empty or not.
    public func page(ledger: String, bearer: String?, after: Int64, limit: Int, waitingUpTo wait: Duration = .zero) async throws -> EventPage {
        let deadline = ContinuousClock.now + wait
        while true {
            let page = try await transaction { connection in
                let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
                return try await events(ledgerId: caller.ledgerId, after: after, limit: limit, on: connection)
            }
            guard page.events.isEmpty, ContinuousClock.now < deadline else { return page }
            do {
                try await Task.sleep(for: min(.milliseconds(200), deadline - ContinuousClock.now))
            } catch {
                return page // cancelled (the server is stopping): answer what there is
            }
        }
    }

    public func head(ledger: String, bearer: String?) async throws -> LedgerHead {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
            return try await head(ledgerId: caller.ledgerId, on: connection).head
        }
    }

    // MARK: - Verify

    /// Recomputes the whole chain of `ledger` from the stored columns: the first position whose
    /// hash or link does not match, or nil. Streams pages, so memory stays flat.
    public func verify(ledger name: String) async throws -> (count: Int64, problem: (position: Int64, reason: String)?) {
        try await client.withConnection { connection in
            guard let id = try await connection.query("SELECT ledger_id FROM kakeibo_ledgers WHERE name = \(name)", logger: logger)
                .collect().first?.makeRandomAccess()[0].decode(Int64.self) else { throw ServerError.noLedger(name) }
            var after: Int64 = 0, previous = Hex.zeroHash
            while true {
                let page = try await events(ledgerId: id, after: after, limit: 2_000, on: connection)
                for event in page.events {
                    if let problem = event.chainProblem(expectedPosition: after + 1, previousHex: previous) {
                        return (after, (event.position, problem))
                    }
                    after = event.position
                    previous = event.hash
                }
                if !page.more { break }
            }
            let (head, _) = try await head(ledgerId: id, on: connection)
            if head.position != after || head.hash != previous {
                return (after, (after + 1, "the ledger's head (\(head.position)) does not match its last event (\(after))"))
            }
            return (after, nil)
        }
    }
}
