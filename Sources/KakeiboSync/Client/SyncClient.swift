import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

/// Syncs one ledger file with one server ledger: pull, push what is pending, pull again, and
/// leave the file holding exactly the server's log (`verify --digest` equal everywhere).
///
/// The server is the only sequencer. Events recorded here since the last sync are pushed with
/// this device's chain; if other devices' events were sequenced first, the unsynced tail is
/// rewritten in the server's order in one write transaction (`LocalReplica.rebase`). Any refusal
/// leaves the file untouched; events another process records meanwhile are kept after the server's, unsynced.
public struct SyncClient: Sendable {
    public let remote: SyncRemote
    public let token: String
    public let transport: any SyncTransport
    /// Events per push (the server allows 1,000 and 4 MiB a push). Setting it sets `pageSize` too, so a
    /// caller that asks for small batches (a test crossing many requests) gets small pages as well.
    public var batchSize = 500 { didSet { pageSize = batchSize } }
    /// Events per pull page (the server serves at most 5,000). Measured serving 20,000 events (release,
    /// PostgreSQL 15 on a unix socket, curl in a loop): 1.48 s in pages of 500, 0.80 s in pages of 2,000.
    public var pageSize = 2_000
    /// How long a sync waits for another sync of the same file to finish before refusing.
    public var lockTimeout: Duration = .seconds(120)

    public init(remote: SyncRemote, token: String, transport: (any SyncTransport)? = nil) {
        self.remote = remote
        self.token = token
        self.transport = transport ?? HTTPClientTransport(base: remote.server)
    }

    var ledgerPath: String { "v1/ledgers/\(remote.ledger)" }

    // MARK: - Sync

    public func sync(ledgerAt path: String) async throws -> SyncReport {
        let info: ServerInfo = try await call("GET", "v1/info")
        guard info.protocol == SyncProtocol.version else {
            throw SyncError.refused(status: 426, WireError(error: "protocol", detail: "the server speaks protocol \(info.protocol), this client \(SyncProtocol.version)"))
        }
        guard let device = DeviceToken(token) else {
            throw SyncError.notAToken
        }
        let lock = try await SyncLock.acquire(for: path, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        // The server's signed checkpoint, checked before anything changes and cosigned after (issue 34, `SyncClient+Witness`).
        let witnessed = try await SyncTrace.time("witness before") { try await witnessBeforeSync(ledgerAt: path) }
        guard FileManager.default.fileExists(atPath: path) else {
            return try await witnessAfterSync(witnessed, ledgerAt: path, report: try await clone(into: path, device: device))
        }
        // Other processes may record while the round trips run (the sync lock holds off syncs only): what they recorded
        // is put back after the server's events, unsynced (`LocalReplica.putBack`), and another pass pushes it; only
        // when it cannot stand there (an edit the server's conflict rule must judge) is the file left as it was and the
        // sync starts over. After `attempts` passes the sync ends anyway: what is still unpushed waits for the next one.
        var attempt = 1
        var done: SyncReport?
        while true {
            do {
                let report = try await SyncTrace.time("sync pass \(attempt)") { try await sync(existing: path, device: device) }.after(done)
                guard report.recordedDuringSync > 0, attempt < Self.attempts else {
                    return try await SyncTrace.time("witness after") { try await witnessAfterSync(witnessed, ledgerAt: path, report: report) }
                }
                done = report
                attempt += 1
            } catch SyncError.changedDuringSync where attempt < Self.attempts {
                attempt += 1
            }
        }
    }

    /// How many times a sync starts over when the file changes under it before it reports so.
    static let attempts = 3

    private func sync(existing path: String, device: DeviceToken) async throws -> SyncReport {
        _ = try SyncTrace.time("open") { try LedgerDatabase.open(at: path, mode: .open) } // refuses what is not a ledger, migrates an old one
        let writer = try SyncTrace.time("open writable") { try LedgerDatabase.openWritable(at: path) }
        defer { try? writer.close() }
        let (state, localPosition) = try SyncTrace.time("inspect") { try LocalReplica.inspect(writer) }
        // No check of the remote's URL: a server may move (another port, a name for the same host).
        // What must hold is that the server's log extends this file's synced prefix, which the
        // first pulled event's previous hash proves (`pull`).
        var report = SyncReport()
        var synced = state?.syncedPosition ?? 0
        if state == nil {
            let head: LedgerHead = try await call("GET", ledgerPath + "/head")
            let common = min(localPosition, head.position)
            if common > 0 {
                let theirs = try await page(after: common - 1, limit: 1).events.first?.hash ?? ""
                let mine = EventHasher.hex(try LocalReplica.hash(at: common, writer))
                guard mine == theirs else {
                    throw SyncError.mismatch("this ledger file is not the server's ledger \(remote.ledger) (position \(common): local \(mine.prefix(12))…, server \(theirs.prefix(12))…)")
                }
            }
            if localPosition > head.position {
                // Adopt: upload this log unchanged, so its digest stays what it was.
                report.adopted = try await adopt(writer, after: head.position, device: device)
                synced = localPosition
            } else {
                synced = localPosition
            }
        }
        let syncedHash = try LocalReplica.hash(at: synced, writer)
        let pending = try SyncTrace.time("pending") { try LocalReplica.events(from: synced + 1, through: localPosition, writer) }
        var chain = (state?.deviceId == device.id) ? (seq: state!.deviceSeq, hash: state!.deviceHash) : (seq: Int64(0), hash: Hex.zeroHash)

        var conflicted: Set<String> = [], alreadyRecorded: Set<String> = []
        var readOnly = false
        if !pending.isEmpty {
            let outbox = try LocalReplica.outbox(pending, deviceId: device.id, after: chain, writer)
            let acknowledged = chain
            chain = (outbox.last!.deviceSeq, outbox.last!.originHash)
            pushing: for start in stride(from: 0, to: outbox.count, by: batchSize) {
                let batch = Array(outbox[start..<min(start + batchSize, outbox.count)])
                let reply: PushResponse
                do {
                    // basedOn: what this device had synced to when it decided them (0 for a file that never synced).
                    let request = PushRequest(deviceId: device.id, events: batch, basedOn: state?.syncedPosition ?? 0)
                    reply = try await call("POST", ledgerPath + "/events", body: request)
                } catch SyncError.refused(let status, let error) where status == 403 && error.detail.contains("scope is read") {
                    // A read token cannot push, but it can still pull: the device keeps its own events after the
                    // server's instead of being refused every sync from now on (N10). Nothing was sequenced.
                    readOnly = true
                    chain = acknowledged
                    break pushing
                }
                report.pushed += reply.results.filter { $0.outcome != "duplicate" }.count
                report.duplicates += reply.results.filter { $0.outcome == "duplicate" }.count
                report.conflicted += reply.results.filter { $0.outcome == "conflicted" }.count
                report.pushed -= reply.results.filter { $0.outcome == "conflicted" }.count
                conflicted.formUnion(reply.results.filter { $0.outcome == "conflicted" }.map(\.eventId))
                let recordedElsewhere = reply.results.filter { $0.outcome == "already-recorded" }.map(\.eventId)
                report.alreadyRecorded += recordedElsewhere.count
                report.pushed -= recordedElsewhere.count
                alreadyRecorded.formUnion(recordedElsewhere)
            }
        }

        // What the pull must show about the pending events, gathered page by page as they arrive (the pull itself
        // may be spilled to disk, `PulledEvents`): which of them the log now holds, whether the first of them came
        // back at the positions and hashes they have here, and, for a read-only rebase, what the server's events did
        // to the streams they write to.
        let pendingIDs = Set(pending.map(\.eventId))
        let localStreams = Set(pending.map(\.stream))
        var sequencedPending: Set<String> = []
        var tailMatches = true
        var since: [String: [(id: String, type: String, payload: String)]] = [:]
        var index = 0
        let pulled = PulledEvents(spillingBeside: path)
        let head = try await pull(after: synced, previousHash: EventHasher.hex(syncedHash)) { page, _ in
            for event in page {
                if pendingIDs.contains(event.eventId) { sequencedPending.insert(event.eventId) }
                if index < pending.count && pending[index].hash != event.hash { tailMatches = false }
                if localStreams.contains(event.stream) { since[event.stream, default: []].append((event.eventId, event.type, event.payload)) }
                index += 1
            }
            try pulled.append(page)
        }
        report.head = head
        if readOnly {
            report.unpushed = pending.count
            if let last = pulled.last {
                let state = SyncState(remote: remote.description, syncedPosition: last.position, deviceId: device.id,
                                      deviceSeq: chain.seq, deviceHash: chain.hash)
                try LocalReplica.rebase(writer, keeping: synced, then: pulled, keepingLocal: pending, since: since, state: state,
                                        expecting: localPosition)
                report.pulled = pulled.count
            }
            report.openConflicts = try Self.localConflicts(ledgerAt: path)
            return report
        }
        if let missing = pending.first(where: { !sequencedPending.contains($0.eventId) && !conflicted.contains($0.eventId)
                                                && !alreadyRecorded.contains($0.eventId) }) {
            throw SyncError.malformedReply("the server acknowledged event \(missing.eventId) but its log does not hold it")
        }
        let final = pulled.last.map { ($0.position, $0.hash) } ?? (synced, EventHasher.hex(syncedHash))
        let newState = SyncState(remote: remote.description, syncedPosition: final.0, deviceId: device.id,
                                 deviceSeq: chain.seq, deviceHash: chain.hash)
        // The usual case: nobody else pushed in between, so the server sequenced the pending
        // events at the positions they have here, and their hashes are the same bytes.
        if tailMatches && pending.count <= pulled.count {
            report.recordedDuringSync = try SyncTrace.time("extend \(pulled.count)") {
                try LocalReplica.extend(writer, with: pulled, droppingFirst: pending.count, state: newState, expecting: localPosition, seen: pendingIDs)
            }
            report.pulled = pulled.count - pending.count
        } else {
            let (recorded, truncation) = try SyncTrace.time("rebase \(pulled.count)") {
                try LocalReplica.rebase(writer, keeping: synced, then: pulled, state: newState, expecting: localPosition, seen: pendingIDs)
            }
            report.recordedDuringSync = recorded
            report.refolded = truncation == .refolded
            report.pulled = pulled.count - pending.count
            report.rebased = true
        }
        report.openConflicts = try SyncTrace.time("conflicts") { try Self.localConflicts(ledgerAt: path) }
        return report
    }

    /// The open conflicts of the file's log (`TransactionConflicted` events no later edit has
    /// settled), from its projection: the same on every device that synced to the same head.
    public static func localConflicts(ledgerAt path: String) throws -> [OpenConflict] {
        let reader = try LedgerDatabase.open(at: path, mode: .open)
        defer { try? LocalReplica.close(reader) }
        return try reader.read { db in try Ledger.openConflicts(in: db) }
    }

    /// Accounts two devices gave one name while apart (opened with another type or currency, or renamed), not yet renamed.
    public static func localAccountConflicts(ledgerAt path: String) throws -> [AccountConflict] {
        let reader = try LedgerDatabase.open(at: path, mode: .open)
        defer { try? LocalReplica.close(reader) }
        return try reader.read { db in try Ledger.openAccountConflicts(in: db) }
    }

    /// What a file remembers of its last successful sync: the server's ledger and this device's token id (the token
    /// itself is kept outside the file: `TokenStore`). Nil when it never synced.
    public static func remembered(ledgerAt path: String) throws -> (remote: String, deviceId: String)? {
        let reader = try LedgerDatabase.open(at: path, mode: .open)
        defer { try? LocalReplica.close(reader) }
        return try reader.read { db in try SyncState.read(in: db).map { ($0.remote, $0.deviceId) } }
    }

    /// Where a file stands without asking the server: the last position it synced and how many
    /// events were recorded here since (nil synced position: it never synced).
    public static func status(ledgerAt path: String) throws -> (synced: Int64?, pending: Int64, conflicts: Int) {
        let reader = try LedgerDatabase.open(at: path, mode: .open)
        return try reader.read { db in
            let state = try SyncState.read(in: db)
            let head = try EventLog.head(in: db).position
            return (state?.syncedPosition, head - (state?.syncedPosition ?? 0), try Ledger.openConflicts(in: db).count + Ledger.openAccountConflicts(in: db).count)
        }
    }

    // MARK: - Clone and adopt

    /// A new file holding the server's log: each page is appended and folded into a scratch file as it arrives,
    /// so memory holds one page however long the ledger (`CloneFile`); the file appears at `path` once complete.
    func clone(into path: String, device: DeviceToken) async throws -> SyncReport {
        let file = try CloneFile(at: path)
        var count = 0, last: Int64 = 0
        let head = try await pull(after: 0, previousHash: Hex.zeroHash) { page, replicas in
            try SyncTrace.time("clone: fold \(page.count)") { try file.append(replicas) }
            count += page.count
            last = page.last?.position ?? last
        }
        guard count > 0 else {
            throw SyncError.mismatch("the server's ledger \(remote.ledger) is empty: sync an existing ledger file to it first")
        }
        try file.finish(state: SyncState(remote: remote.description, syncedPosition: last, deviceId: device.id,
                                         deviceSeq: 0, deviceHash: Hex.zeroHash))
        var report = SyncReport()
        report.cloned = true
        report.openConflicts = try Self.localConflicts(ledgerAt: path)
        report.pulled = count
        report.head = head
        return report
    }

    func adopt(_ writer: any DatabaseWriter, after start: Int64, device: DeviceToken) async throws -> Int {
        // Read a batch at a time, so an upload of a long log holds one batch, not the log.
        var count = 0
        var next = start + 1
        while true {
            let batch = try LocalReplica.events(from: next, through: next + Int64(batchSize) - 1, writer)
            guard !batch.isEmpty else { break }
            let _: PushResponse = try await call("POST", ledgerPath + "/adopt", body: AdoptRequest(deviceId: device.id, events: batch))
            count += batch.count
            next += Int64(batch.count)
        }
        return count
    }

    // MARK: - Pull

    /// Every event after `start`, checked link by link from `previousHash`, handed to `each` a page at a time as
    /// the pages arrive (nothing here holds more than one); returns the server's head.
    /// `each` also gets the page as the ledger's replication API takes it, made in the same check (a clone folds those).
    func pull(after start: Int64, previousHash: String, each: ([CanonicalEvent], [ReplicatedEvent]) throws -> Void) async throws -> LedgerHead {
        var after = start, previous = previousHash
        var head = LedgerHead(position: 0, hash: Hex.zeroHash)
        var next = Task { [self] in try await page(after: start, limit: pageSize) }
        defer { next.cancel() }
        while true {
            let page = try await next.value
            head = page.head
            // The next page is on its way while this one is checked and applied (the server and the fold overlap).
            if page.more, let last = page.events.last?.position {
                next = Task { [self] in try await self.page(after: last, limit: pageSize) }
            }
            var replicas: [ReplicatedEvent] = []
            replicas.reserveCapacity(page.events.count)
            for event in page.events {
                if after == start && event.previousHash != previous {
                    throw SyncError.diverged(position: start, local: previous, server: event.previousHash)
                }
                let checked = event.checkedReplica(expectedPosition: after + 1, previousHex: previous)
                guard let replica = checked.replica else {
                    throw SyncError.badServerEvent(position: event.position, reason: checked.problem ?? "")
                }
                replicas.append(replica)
                after = event.position
                previous = event.hash
            }
            try each(page.events, replicas)
            if !page.more || page.events.isEmpty { break }
        }
        if head.position < start {
            throw SyncError.diverged(position: start, local: previousHash, server: "none: the server has \(head.position) events")
        }
        if after == start && head.position == start && head.hash != previousHash {
            throw SyncError.diverged(position: start, local: previousHash, server: head.hash)
        }
        return head
    }

    func page(after: Int64, limit: Int) async throws -> EventPage {
        let query = ["after": String(after), "limit": String(limit)]
        let (status, data) = try await SyncTrace.time("GET events after \(after)") {
            try await transport.send(method: "GET", path: ledgerPath + "/events", query: query, body: nil, token: token)
        }
        if status == 200, let page = SyncTrace.time("parse \(data.count) B page", { EventPage(wire: data) }) { return page }
        return try reply(status: status, data: data, method: "GET", path: ledgerPath + "/events")
    }

    // MARK: - HTTP

    func call<Reply: Decodable>(_ method: String, _ path: String, query: [String: String] = [:]) async throws -> Reply {
        try await call(method, path, query: query, bodyData: nil)
    }

    func call<Reply: Decodable, Body: Encodable>(_ method: String, _ path: String, body: Body) async throws -> Reply {
        try await call(method, path, query: [:], bodyData: try JSONEncoder().encode(body))
    }

    private func call<Reply: Decodable>(_ method: String, _ path: String, query: [String: String], bodyData: Data?) async throws -> Reply {
        let (status, data) = try await SyncTrace.time("\(method) \(path) \(query.sorted { $0.key < $1.key }) \(bodyData?.count ?? 0) B up") {
            try await transport.send(method: method, path: path, query: query, body: bodyData, token: token)
        }
        return try reply(status: status, data: data, method: method, path: path)
    }

    /// The reply decoded as `Reply`, or the refusal it carries.
    private func reply<Reply: Decodable>(status: Int, data: Data, method: String, path: String) throws -> Reply {
        guard status == 200 else {
            let error = (try? JSONDecoder().decode(WireError.self, from: data))
                ?? WireError(error: "http-\(status)", detail: String(decoding: data.prefix(200), as: UTF8.self))
            throw SyncError.refused(status: status, error)
        }
        do {
            return try SyncTrace.time("decode \(data.count) B from \(path)") { try JSONDecoder().decode(Reply.self, from: data) }
        } catch {
            throw SyncError.malformedReply("\(method) \(path): \(error)")
        }
    }
}
