import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboSync
import PostgresNIO

extension ServerStore {
    /// Sequences a device's pending events: one transaction, all or nothing.
    ///
    /// The ledger row's `FOR UPDATE` serialises appends per ledger, so positions are `head + 1`
    /// with no gaps and commit in order. An event already sequenced with the same origin hash is
    /// answered `duplicate` with its stored position and hash, so re-sending a push is safe.
    ///
    /// The canonical new events (this push's, and the `TransactionConflicted` the server writes)
    /// are first fed to the ledger's replica (`replicate`), which judges each as the ledger's own
    /// fold would, as its author saw the ledger (`PushRequest.basedOn`): one refused event refuses
    /// the push whole, and nothing is appended. Then they go to PostgreSQL in batched INSERTs.
    public func push(ledger: String, bearer: String?, request: PushRequest) async throws -> PushResponse {
        try Self.checkSize(request.events.count)
        let reply = try await pushing(ledger: ledger, bearer: bearer, request: request)
        refreshStatistics(grownFrom: reply.head.position - Int64(reply.results.count + reply.generated.count), to: reply.head.position)
        return reply
    }

    private func pushing(ledger: String, bearer: String?, request: PushRequest) async throws -> PushResponse {
        try await transaction { connection in
            let caller = try await writer(bearer, ledger: ledger, deviceId: request.deviceId, on: connection)
            let (start, _) = try await head(ledgerId: caller.ledgerId, on: connection, lock: true)
            try await checkHead(ledgerId: caller.ledgerId, head: start, on: connection)
            var trace = SyncTrace.begin()
            let replica = try await replica(ledgerId: caller.ledgerId, head: start, on: connection)
            SyncTrace.end(trace, "server push: head, replica"); trace = SyncTrace.begin()
            var head = start
            // What the device had seen; never past the head (a position it cannot have synced to).
            let authorSaw = min(request.basedOn ?? start.position, start.position)
            guard let device = try await connection.query("""
                SELECT last_seq, last_origin_hash FROM kakeibo_devices WHERE device_id = \(caller.deviceId) FOR UPDATE
                """, logger: logger).collect().first?.makeRandomAccess() else { throw ServerError.unauthenticated("unknown device") }
            var lastSeq = try device[0].decode(Int64.self), lastOrigin = try device[1].decode(String.self)
            SyncTrace.end(trace, "server push: device row"); trace = SyncTrace.begin()

            let ids = request.events.map(\.eventId)
            var existing: [String: (origin: String?, result: PushResult)] = [:]
            for row in try await connection.query("""
                SELECT event_id, origin_hash, position, stream_version, hash FROM kakeibo_events
                WHERE ledger_id = \(caller.ledgerId) AND event_id = ANY(\(ids))
                """, logger: logger).collect() {
                let r = row.makeRandomAccess()
                let id = try r[0].decode(String.self)
                existing[id] = (try r[1].decode(String?.self), PushResult(eventId: id, outcome: "duplicate", position: try r[2].decode(Int64.self),
                                                                        streamVersion: try r[3].decode(Int64.self), hash: try r[4].decode(String.self)))
            }
            SyncTrace.end(trace, "server push: ids"); trace = SyncTrace.begin()
            // Events kept aside by an earlier push: a retry gets the same answer.
            for row in try await connection.query("""
                SELECT event_id, origin_hash, 'conflicted' FROM kakeibo_conflicts
                WHERE ledger_id = \(caller.ledgerId) AND event_id = ANY(\(ids))
                UNION ALL
                SELECT event_id, origin_hash, 'already-recorded' FROM kakeibo_already_recorded
                WHERE ledger_id = \(caller.ledgerId) AND event_id = ANY(\(ids))
                """, logger: logger).collect() {
                let r = row.makeRandomAccess()
                let id = try r[0].decode(String.self)
                existing[id] = (try r[1].decode(String?.self), PushResult(eventId: id, outcome: try r[2].decode(String.self), position: 0,
                                                                        streamVersion: 0, hash: ""))
            }
            SyncTrace.end(trace, "server push: kept aside"); trace = SyncTrace.begin()
            // Commands the ledger already holds under the same idempotency key, by key.
            var heldKeys: [String: (commandHash: String?, eventId: String)] = [:]
            for row in try await connection.query("""
                SELECT idempotency_key, command_hash, event_id FROM kakeibo_events
                WHERE ledger_id = \(caller.ledgerId) AND idempotency_key = ANY(\(request.events.compactMap(\.idempotencyKey)))
                """, logger: logger).collect() {
                let r = row.makeRandomAccess()
                heldKeys[try r[0].decode(String.self)] = (try r[1].decode(String?.self), try r[2].decode(String.self))
            }
            SyncTrace.end(trace, "server push: keys"); trace = SyncTrace.begin()
            // This push's commands found already recorded (command id → the ledger's event), and the
            // streams their events started: what follows on those streams goes with them.
            var alreadyRecorded: [String: String] = [:]
            var droppedStreams: [String: String] = [:]
            // Kept-aside copies (event id → recorded as) and edits moved onto the ledger's copy (event id → its stream).
            var droppedCopies: [String: String] = [:], movedEvents: [String: String] = [:]
            var streams: [String: (version: Int64, eventId: String)] = [:]
            for row in try await connection.query("""
                SELECT DISTINCT ON (stream) stream, stream_version, event_id FROM kakeibo_events
                WHERE ledger_id = \(caller.ledgerId) AND stream = ANY(\(Array(Set(request.events.map(\.stream) + [LedgerEvent.conflictsStream]))))
                ORDER BY stream, stream_version DESC
                """, logger: logger).collect() {
                let r = row.makeRandomAccess()
                streams[try r[0].decode(String.self)] = (try r[1].decode(Int64.self), try r[2].decode(String.self))
            }

            SyncTrace.end(trace, "server push: streams"); trace = SyncTrace.begin()
            // What this push adds, written at the end in batches: nothing reaches PostgreSQL before the replica took it.
            var sequenced: [SequencedEvent] = []
            var keptAside: [KeptAsideEvent] = []
            var pushed = PushedStreams()
            var results: [PushResult] = []
            var generated: [CanonicalEvent] = []
            for var event in request.events {
                if let prior = existing[event.eventId] {
                    guard prior.origin == event.originHash else {
                        throw ServerError(409, "event-id-reuse", "event \(event.eventId) is already in the ledger with different content",
                                          eventId: event.eventId)
                    }
                    results.append(prior.result)
                    continue
                }
                guard event.deviceSeq == lastSeq + 1, event.devicePrevHash == lastOrigin else {
                    throw ServerError(409, "device-chain",
                                      "event \(event.eventId) has device sequence \(event.deviceSeq) after \(event.devicePrevHash.prefix(12))…; the server expects \(lastSeq + 1) after \(lastOrigin.prefix(12))…",
                                      expectedSeq: lastSeq + 1, expectedPrevHash: lastOrigin, eventId: event.eventId)
                }
                try validate(event, deviceId: caller.deviceId)
                if let key = event.idempotencyKey, let held = heldKeys[key] {
                    guard held.commandHash == event.commandHash else {
                        throw ServerError(422, "invalid-event", "event \(event.eventId) repeats a key the ledger already holds (idempotency key or event id)",
                                          eventId: event.eventId)
                    }
                    alreadyRecorded[event.commandId] = held.eventId
                }
                // An edit or void of a copy kept aside (in this push or an earlier one) is about the ledger's copy.
                var keptWithCopy: String?
                if alreadyRecorded[event.commandId] == nil, Self.followsATransaction(event.type), streams[event.stream] == nil,
                   let parent = event.parentEventId {
                    switch try await copyFollower(parent: parent, ledgerId: caller.ledgerId, dropped: droppedCopies, moved: movedEvents,
                                                  on: connection) {
                    case .move(let target)?:
                        if let moved = Self.moved(event, to: target) {
                            event = moved
                            movedEvents[event.eventId] = target.stream
                            if streams[target.stream] == nil {
                                streams[target.stream] = try await latest(stream: target.stream, ledgerId: caller.ledgerId, on: connection)
                            }
                        }
                    case .keepAside(let recordedAs)?:
                        keptWithCopy = recordedAs
                    case nil:
                        break
                    }
                }
                if alreadyRecorded[event.commandId] != nil, Self.opensAccount(event.type) {
                    // An account the command opened on its way (a receipt's `expenses:unknown`) goes
                    // in like any open, merged by name with the ledger's, so what this device records
                    // later against it still folds; the key stays with the ledger's own command.
                    event.idempotencyKey = nil
                    event.commandHash = nil
                } else if let recordedAs = alreadyRecorded[event.commandId] ?? keptWithCopy ?? droppedStreams[event.stream] {
                    // The same command recorded by another device first (one journal imported on two
                    // devices offline): appending it would count the money twice, and refusing it would
                    // strand this device's later work. Kept aside; the device takes the ledger's copy.
                    keptAside.append(.alreadyRecorded(event, recordedAs: recordedAs))
                    if streams[event.stream] == nil { droppedStreams[event.stream] = recordedAs }
                    droppedCopies[event.eventId] = recordedAs
                    lastSeq = event.deviceSeq
                    lastOrigin = event.originHash
                    let result = PushResult(eventId: event.eventId, outcome: "already-recorded", position: 0, streamVersion: 0, hash: "")
                    existing[event.eventId] = (event.originHash, result)
                    results.append(result)
                    continue
                }
                let current = streams[event.stream]
                let streamVersion = (current?.version ?? 0) + 1
                var outcome = "appended"
                if event.parentEventId != current?.eventId {
                    let (basedOn, parentDeferred, since) = try await streamEvents(ledgerId: caller.ledgerId, stream: event.stream,
                                                                                 after: event.parentEventId, pushed: pushed, on: connection)
                    switch ConflictRule.outcome(type: event.type, payload: event.payload, since: since, parentDeferred: parentDeferred) {
                    case .appended, .merged:
                        outcome = "merged"
                    case .conflicted(let fields, let kept):
                        // Kept aside: stored (so a retry is a duplicate and the device chain moves on)
                        // but not applied; the log gets a TransactionConflicted that every device pulls.
                        keptAside.append(.conflicted(event, fields: fields, kept: kept))
                        pushed.keptAside.insert(event.eventId)
                        let conflict = ConflictRule.conflict(
                            transaction: Self.transactionID(of: event), basedOn: basedOn, deferredId: event.eventId,
                            deferredPayload: event.payload, fields: fields, kept: kept, since: since,
                            member: caller.member, device: caller.deviceId)
                        let conflictsVersion = (streams[LedgerEvent.conflictsStream]?.version ?? 0) + 1
                        let recorded = try generatedEvent(.transactionConflicted(conflict), after: head, streamVersion: conflictsVersion,
                                                          commandId: event.commandId)
                        sequenced.append(recorded)
                        generated.append(recorded.canonical)
                        head = LedgerHead(position: recorded.canonical.position, hash: recorded.canonical.hash)
                        streams[LedgerEvent.conflictsStream] = (conflictsVersion, recorded.canonical.eventId)
                        pushed.append(recorded.canonical)
                        lastSeq = event.deviceSeq
                        lastOrigin = event.originHash
                        existing[event.eventId] = (event.originHash, PushResult(eventId: event.eventId, outcome: "conflicted", position: 0, streamVersion: 0, hash: ""))
                        results.append(PushResult(eventId: event.eventId, outcome: "conflicted", position: 0, streamVersion: 0, hash: ""))
                        continue
                    }
                }
                let envelope = try event.envelope(position: head.position + 1, streamVersion: streamVersion)
                let hash = EventHasher.hex(EventHasher.hash(previous: Hex.bytes(head.hash)!, envelope: envelope, payload: Array(event.payload.utf8)))
                let canonical = CanonicalEvent(envelope: envelope, payload: event.payload, previousHash: head.hash, hash: hash)
                sequenced.append(SequencedEvent(canonical: canonical, deviceId: caller.deviceId, deviceSeq: event.deviceSeq,
                                                originHash: event.originHash, parentEventId: event.parentEventId, authorSaw: authorSaw))
                pushed.append(canonical)
                head = LedgerHead(position: envelope.position, hash: hash)
                streams[event.stream] = (streamVersion, event.eventId)
                lastSeq = event.deviceSeq
                lastOrigin = event.originHash
                existing[event.eventId] = (event.originHash, PushResult(eventId: event.eventId, outcome: "duplicate", position: envelope.position,
                                                                        streamVersion: streamVersion, hash: hash))
                results.append(PushResult(eventId: event.eventId, outcome: outcome, position: envelope.position,
                                          streamVersion: streamVersion, hash: hash))
            }
            // The replica and PostgreSQL at once: a refusal rolls PostgreSQL's transaction back (`replicateAndInsert`).
            SyncTrace.end(trace, "server push: decide \(request.events.count)"); trace = SyncTrace.begin()
            try await replicateAndInsert(sequenced, into: replica, ledgerId: caller.ledgerId, on: connection)
            SyncTrace.end(trace, "server push: replicate and insert \(sequenced.count)")
            try await insert(keptAside, ledgerId: caller.ledgerId, deviceId: caller.deviceId, on: connection)
            try await connection.query("""
                UPDATE kakeibo_ledgers SET head_position = \(head.position), head_hash = \(head.hash), adoptable = false
                WHERE ledger_id = \(caller.ledgerId)
                """, logger: logger)
            try await connection.query("""
                UPDATE kakeibo_devices SET last_seq = \(lastSeq), last_origin_hash = \(lastOrigin), last_used_at = now()
                WHERE device_id = \(caller.deviceId)
                """, logger: logger)
            try FaultHook.trigger(.beforeCommit)
            return PushResponse(results: results, generated: generated, head: head)
        }
    }

    /// Uploads an existing log unchanged into a ledger no device has pushed to yet: positions
    /// and hashes are kept, so the adopting file's `verify --digest` stays what it was. A batch
    /// that the ledger already holds, byte for byte, is answered again (a retried upload).
    ///
    /// The new events go through the replica like a push's (the fold's admission, no `basedOn`:
    /// one device's log, decided event by event), then to PostgreSQL in batched INSERTs.
    public func adopt(ledger: String, bearer: String?, request: AdoptRequest) async throws -> PushResponse {
        try Self.checkSize(request.events.count)
        let reply = try await adopting(ledger: ledger, bearer: bearer, request: request)
        refreshStatistics(grownFrom: reply.head.position - Int64(reply.results.count), to: reply.head.position)
        return reply
    }

    private func adopting(ledger: String, bearer: String?, request: AdoptRequest) async throws -> PushResponse {
        try await transaction { connection in
            let caller = try await writer(bearer, ledger: ledger, deviceId: request.deviceId, on: connection)
            let locked = try await head(ledgerId: caller.ledgerId, on: connection, lock: true)
            let start = locked.head
            var head = start
            let adoptable = locked.adoptable

            var results: [PushResult] = []
            var sequenced: [SequencedEvent] = []
            for event in request.events {
                if event.position <= start.position {
                    let stored = try await events(ledgerId: caller.ledgerId, after: event.position - 1, limit: 1, on: connection).events.first
                    guard stored == event else {
                        throw ServerError(409, "event-id-reuse", "the ledger already holds a different event at position \(event.position)", eventId: event.eventId)
                    }
                    results.append(PushResult(eventId: event.eventId, outcome: "duplicate", position: event.position, streamVersion: event.streamVersion, hash: event.hash))
                    continue
                }
                guard adoptable else {
                    throw ServerError(409, "not-adoptable", "devices have already pushed to this ledger: clone it instead of adopting a file")
                }
                let (problem, checked) = event.checkedReplica(expectedPosition: head.position + 1, previousHex: head.hash)
                if let problem {
                    throw ServerError(422, "invalid-event", "event at position \(event.position) does not extend the ledger: \(problem)", eventId: event.eventId)
                }
                sequenced.append(SequencedEvent(canonical: event, deviceId: caller.deviceId, deviceSeq: nil, originHash: nil,
                                                parentEventId: nil, authorSaw: nil, checked: checked))
                head = LedgerHead(position: event.position, hash: event.hash)
                results.append(PushResult(eventId: event.eventId, outcome: "appended", position: event.position, streamVersion: event.streamVersion, hash: event.hash))
            }
            if !sequenced.isEmpty {
                var trace = SyncTrace.begin()
                try await checkHead(ledgerId: caller.ledgerId, head: start, on: connection)
                let replica = try await replica(ledgerId: caller.ledgerId, head: start, on: connection)
                SyncTrace.end(trace, "server adopt: check head, replica"); trace = SyncTrace.begin()
                try await replicateAndInsert(sequenced, into: replica, ledgerId: caller.ledgerId, on: connection)
                SyncTrace.end(trace, "server adopt: replicate and insert \(sequenced.count)")
            }
            try await connection.query("""
                UPDATE kakeibo_ledgers SET head_position = \(head.position), head_hash = \(head.hash) WHERE ledger_id = \(caller.ledgerId)
                """, logger: logger)
            return PushResponse(results: results, head: head)
        }
    }

    /// Event types that open an account or category: passed through when the command they belong
    /// to was already recorded by another device (`push`).
    static func opensAccount(_ type: String) -> Bool {
        type == LedgerEvent.Kind.accountOpened.rawValue || type == LedgerEvent.Kind.categoryDefined.rawValue
    }

    /// The stream's events after `parent` (all of them when the parent is unknown or nil), for
    /// `ConflictRule`, with the parent's stream version (what the event was decided against) and
    /// whether the parent is an event the server kept aside; `pushed`: what this push sequenced
    /// and kept aside so far, not in PostgreSQL yet.
    func streamEvents(ledgerId: Int64, stream: String, after parent: String?, pushed: PushedStreams, on connection: PostgresConnection) async throws
        -> (basedOn: Int64, parentDeferred: Bool, since: [(id: String, type: String, payload: String)]) {
        var version: Int64 = 0
        var parentDeferred = false
        let ours = pushed.streams[stream] ?? []
        if let parent {
            if let own = ours.first(where: { $0.id == parent }) {
                version = own.version
            } else if let row = try await connection.query("""
                SELECT stream_version FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND event_id = \(parent) AND stream = \(stream)
                """, logger: logger).collect().first {
                version = try row.makeRandomAccess()[0].decode(Int64.self)
            } else {
                parentDeferred = try await pushed.keptAside.contains(parent) ? true : connection.query("""
                    SELECT 1 FROM kakeibo_conflicts WHERE ledger_id = \(ledgerId) AND event_id = \(parent)
                    """, logger: logger).collect().count > 0
            }
        }
        var since = try await connection.query("""
            SELECT event_id, type, payload FROM kakeibo_events
            WHERE ledger_id = \(ledgerId) AND stream = \(stream) AND stream_version > \(version) ORDER BY stream_version
            """, logger: logger).collect().map { row in
            let r = row.makeRandomAccess()
            return (id: try r[0].decode(String.self), type: try r[1].decode(String.self), payload: try r[2].decode(String.self))
        }
        since += ours.filter { $0.version > version }.map { (id: $0.id, type: $0.type, payload: $0.payload) }
        return (version, parentDeferred, since)
    }

    /// The transaction a pushed edit or void is about: its payload's `txn`, else its stream's tail.
    static func transactionID(of event: PendingEvent) -> String {
        if let txn = (try? JSONValue.parse(Array(event.payload.utf8)))?["txn"]?.stringValue { return txn }
        return event.stream.hasPrefix("txn-") ? String(event.stream.dropFirst(4)) : event.stream
    }

    /// An event the server itself authors (actor and source `server`) after `head`, to be sequenced with the push.
    func generatedEvent(_ event: LedgerEvent, after head: LedgerHead, streamVersion: Int64, commandId: String) throws -> SequencedEvent {
        let payload = event.payload
        let envelope = EventEnvelope(position: head.position + 1, eventID: UUID().uuidString.lowercased(), stream: event.stream,
                                     streamVersion: streamVersion, type: event.type, schemaVersion: event.schemaVersion,
                                     occurredOn: nil, recordedAt: Int64(Date().timeIntervalSince1970 * 1000), source: .server,
                                     actor: "server", commandID: commandId, idempotencyKey: nil, commandHash: nil, payload: payload)
        let bytes = payload.canonicalBytes()
        let hash = EventHasher.hex(EventHasher.hash(previous: Hex.bytes(head.hash)!, envelope: envelope, payload: bytes))
        let canonical = CanonicalEvent(envelope: envelope, payload: String(decoding: bytes, as: UTF8.self), previousHash: head.hash, hash: hash)
        return SequencedEvent(canonical: canonical, deviceId: "server", deviceSeq: nil, originHash: nil, parentEventId: nil, authorSaw: nil)
    }

    /// The ledger's last event must still be what its head says before anything is linked to it:
    /// constant cost, like the CLI's `verifyHead`; `server verify` checks the whole chain.
    func checkHead(ledgerId: Int64, head: LedgerHead, on connection: PostgresConnection) async throws {
        guard head.position > 0 else { return }
        let last = try await events(ledgerId: ledgerId, after: head.position - 1, limit: 1, on: connection).events.first
        guard let last, last.hash == head.hash, let previous = Hex.bytes(last.previousHash),
              (try? EventHasher.hex(last.computedHash(previous: previous))) == last.hash else {
            throw ServerError(500, "tampered", "the ledger's last event (position \(head.position)) does not match its hash")
        }
    }

    func validate(_ event: PendingEvent, deviceId: String) throws {
        func invalid(_ reason: String) -> ServerError {
            ServerError(422, "invalid-event", "event \(event.eventId): \(reason)", eventId: event.eventId)
        }
        guard !event.eventId.isEmpty, !event.stream.isEmpty, !event.type.isEmpty, event.schemaVersion >= 1 else {
            throw invalid("eventId, stream, type and schemaVersion are required")
        }
        guard event.type != LedgerEvent.TransactionConflicted.type, event.stream != LedgerEvent.conflictsStream else {
            throw invalid("only the server records conflicts")
        }
        guard Hex.isHash(event.devicePrevHash), Hex.isHash(event.originHash) else { throw invalid("hashes must be 64 hex digits") }
        guard event.commandHash.map(Hex.isHash) ?? true else { throw invalid("commandHash must be 64 hex digits") }
        guard let parsed = try? JSONValue.parse(Array(event.payload.utf8)), parsed.canonicalString() == event.payload else {
            throw invalid("payload is not canonical JSON")
        }
        guard event.occurredOn.map({ (try? LocalDate(stored: $0)) != nil }) ?? true else {
            throw invalid("occurredOn must be a date written YYYY-MM-DD")
        }
        guard event.computedOriginHash(deviceId: deviceId) == event.originHash else { throw invalid("originHash is not the hash of its content") }
    }

    /// A push or an upload carries at most `SyncProtocol.maxPushEvents` events.
    private static func checkSize(_ count: Int) throws {
        guard count <= SyncProtocol.maxPushEvents else {
            throw ServerError(413, "too-large", "at most \(SyncProtocol.maxPushEvents) events a push")
        }
    }

    /// The caller, when the bearer may write to `ledger` and is the device the request says it is.
    private func writer(_ bearer: String?, ledger: String, deviceId: String, on connection: PostgresConnection) async throws -> Caller {
        let caller = try await authenticate(bearer, ledger: ledger, needed: .write, on: connection)
        guard caller.deviceId == deviceId else {
            throw ServerError.forbidden("this token belongs to device \(caller.deviceId), not \(deviceId)")
        }
        return caller
    }
}
