import Foundation
import Hummingbird
import HummingbirdTesting
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import Logging
import PostgresNIO

/// One seeded run of the sync simulator: N devices with real ledger files, the real server (routes, store, replicas)
/// on the test PostgreSQL, and a scheduler that draws every command, sync, fault and clock change from one
/// `SplitMix64`. All of it runs in order on one task, so a seed replays the same schedule.
///
/// The shape follows TigerBeetle's VOPR: many small seeded schedules, each checked against invariants at the end
/// (`Simulation+Invariants.swift`), rather than a few long hand-written ones.
final class Simulation: @unchecked Sendable {
    struct Options {
        var devices = 3
        var steps = 40
        /// Per-mille chances of each network fault on one request, while faults are on.
        var faults = true
    }

    let seed: UInt64
    let options: Options
    let postgresURL: String
    let ledgerName: String
    let directory: URL
    var random: SplitMix64
    var devices: [SimulatedDevice] = []
    let endpoint = ServerEndpoint()
    var store: ServerStore!
    var ledgerID: Int64 = 0
    /// The server's replica folder when a restart keeps it (`server run --cache`); nil: a fresh temporary one.
    var keptCache: String?
    /// What happened, a line per step, printed for a failing seed.
    var trace: [String] = []
    var violations: [Violation] = []
    var faultsOn = false
    /// Set by a server crash: the current server process is done; the next epoch starts a new one.
    var crashed: SimulatedFault?
    /// Requests each device sent (method, path, query, body), for stale replays later.
    var sent: [[(method: String, path: String, query: [String: String], body: Data?)]] = []
    /// Every event a device recorded (event id → what it was), whatever became of it.
    var recorded: [String: RecordedEvent] = [:]
    /// Event ids the run started with (the first device's ledger), which nobody recorded during the run.
    var initialEvents: Set<String> = []
    var clock: Int64 = 1_793_491_200_000 // 2026-11-01T00:00:00Z
    var step = 0
    var finished = false
    /// The device a sync is running for, so a command "meanwhile" lands on the same file.
    var syncing: Int?
    var script: ((Simulation) async throws -> Void)?
    /// For a written-out schedule: this many next requests each first record an expense on the syncing device.
    var meanwhileOnEveryRequest = 0
    /// For a written-out schedule: the replies to this many next pushes are lost (the server commits them).
    var dropPushResponses = 0

    struct RecordedEvent {
        var device: Int
        var type: String
        var keyed: Bool
        var step: Int
    }

    init(seed: UInt64, options: Options = Options(), postgresURL: String, directory: URL) {
        self.seed = seed
        self.options = options
        self.postgresURL = postgresURL
        self.directory = directory
        random = SplitMix64(seed: seed)
        var names = SystemRandomNumberGenerator()
        ledgerName = "sim\(seed)-" + String((0..<8).map { _ in Array("abcdefghijklmnopqrstuvwxyz0123456789")[Int(names.next() % 36)] })
    }

    func note(_ line: String) { trace.append("#\(step) \(line)") }

    func violation(_ kind: Violation.Kind, _ detail: String) { violations.append(Violation(kind: kind, detail: detail)) }

    // MARK: - Running

    /// Runs the schedule, the final rounds and the checks; the violations found (empty: the seed passed).
    ///
    /// `script`, for the named regression tests: steps written out instead of drawn (faults off unless it turns them
    /// on), run once after the set-up, before the final rounds.
    func run(script: ((Simulation) async throws -> Void)? = nil) async throws -> [Violation] {
        self.script = script
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var first = true
        while !finished {
            try await epoch(first: first)
            first = false
        }
        return violations
    }

    /// One server process: a new pool, store and router over the same PostgreSQL ledger, run until it crashes or
    /// the schedule ends.
    private func epoch(first: Bool) async throws {
        var logger = Logger(label: "kakeibo-sim")
        logger.logLevel = .critical
        let client = PostgresClient(configuration: try PostgresURL.configuration(postgresURL), backgroundLogger: logger)
        let replicas = keptCache.map { ServerReplicas(directory: $0) } ?? ServerReplicas()
        let store = ServerStore(client: client, logger: logger, replicas: replicas)
        self.store = store
        crashed = nil
        let started = ContinuousClock.now
        defer { Phases.add("server processes", ContinuousClock.now - started) }
        let app = HouseholdServer.application(store: store, host: "127.0.0.1", port: 0, serverName: "kakeibo sim")
        try await app.test(.router) { client in
            self.endpoint.client = client
            defer { self.endpoint.client = nil }
            if first { try await Phases.time("set-up") { try await self.setUp() } }
            if let script = self.script {
                self.faultsOn = false
                try await script(self)
            }
            while self.script == nil, self.step < self.options.steps, self.crashed == nil {
                self.step += 1
                try await Phases.time("steps") { try await self.runStep() }
            }
            if self.crashed == nil {
                try await Phases.time("final rounds and checks") { try await self.finish() }
                self.finished = true
            }
        }
    }

    /// The ledger on the server, a token per device, the first device's file adopted and the others cloned; no faults.
    private func setUp() async throws {
        try await store.initialise(ledger: ledgerName)
        try await CommitFault.installOnce(store)
        ledgerID = try await CommitFault.ledgerID(store, ledger: ledgerName)
        sent = Array(repeating: [], count: options.devices)
        for index in 0..<options.devices {
            let token = try await store.issueToken(ledger: ledgerName, member: index == 0 ? "alice" : "member\(index)",
                                                   device: "d\(index)", scope: .write).description
            devices.append(SimulatedDevice(index: index, path: directory.appendingPathComponent("d\(index).sqlite").path,
                                           token: token, seed: seed, startingAt: clock))
        }
        let ledger = try Ledger.create(at: devices[0].path, currency: .usd, timeZone: "UTC", environment: devices[0].environment)
        try ledger.record(batch: [
            .openAccount(name: "assets:checking", type: .asset, currency: nil),
            .openAccount(name: "income:salary", type: .income, currency: nil),
            .addCategory(.init(name: "groceries")),
            .addCategory(.init(name: "dining")),
        ])
        initialEvents = Set(try ledger.events().map(\.eventID))
        for index in 0..<options.devices { _ = try await client(index).sync(ledgerAt: devices[index].path) }
        faultsOn = options.faults
        note("set up \(options.devices) devices on \(ledgerName)")
    }

    func client(_ device: Int) -> SyncClient {
        var client = SyncClient(remote: try! SyncRemote("http://127.0.0.1/ledgers/\(ledgerName)"), token: devices[device].token,
                                transport: FaultyTransport(device: device, simulation: self))
        client.batchSize = 50 // small pages and pushes, so a long outbox crosses several requests (and faults)
        client.lockTimeout = .seconds(5)
        return client
    }

    // MARK: - The network

    /// One request of `device`'s sync, through the faults the schedule draws for it.
    func deliver(device: Int, method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        guard let client = endpoint.client else { throw SimulatedFault.requestDropped }
        guard devices[device].online else { throw SimulatedFault.offline }
        let send = { try await FaultyTransport.execute(client, method: method, path: path, query: query, body: body, token: token) }
        let writes = method == "POST"
        if writes, dropPushResponses > 0 {
            dropPushResponses -= 1
            let reply = try await send()
            note("d\(device) \(method) \(path): response dropped (\(reply.status))")
            throw SimulatedFault.responseDropped
        }
        if meanwhileOnEveryRequest > 0 {
            meanwhileOnEveryRequest -= 1
            recordMeanwhile(device)
        }
        if faultsOn {
            // The person records something while the sync is between its round trips (another `kakeibo expense`).
            if random.next(upTo: 100) < 3 { recordMeanwhile(device) }
            // A stale earlier request of this device, delivered late (reordered), before this one.
            if writes, !sent[device].isEmpty, random.next(upTo: 100) < 6 {
                let stale = sent[device][random.next(upTo: sent[device].count)]
                let reply = try? await FaultyTransport.execute(client, method: stale.method, path: stale.path, query: stale.query,
                                                               body: stale.body, token: token)
                note("d\(device) stale \(stale.method) \(stale.path) replayed: \(reply.map { "\($0.status)" } ?? "error")")
            }
            let roll = random.next(upTo: 1000)
            switch roll {
            case 0..<30:
                note("d\(device) \(method) \(path): request dropped")
                throw SimulatedFault.requestDropped
            case 30..<60:
                let reply = try await send()
                note("d\(device) \(method) \(path): response dropped (\(reply.status))")
                throw SimulatedFault.responseDropped
            case 60..<75:
                note("d\(device) \(method) \(path): device crashed")
                throw SimulatedFault.deviceCrashed
            case 75..<90 where writes:
                try await CommitFault.arm(store, ledgerID: ledgerID)
                let reply = try? await send()
                try await CommitFault.disarm(store, ledgerID: ledgerID)
                note("d\(device) \(method) \(path): server crashed before commit (\(reply.map { "\($0.status)" } ?? "error"))")
                crash(.serverCrashedBeforeCommit)
                throw SimulatedFault.serverCrashedBeforeCommit
            case 90..<105 where writes:
                let reply = try await send()
                note("d\(device) \(method) \(path): server crashed after commit (\(reply.status))")
                crash(.serverCrashedAfterCommit)
                throw SimulatedFault.serverCrashedAfterCommit
            case 105..<140:
                let first = try await send()
                let second = try await send()
                note("d\(device) \(method) \(path): duplicated (\(first.status), \(second.status))")
                if writes { sent[device].append((method, path, query, body)) }
                return second
            default:
                break
            }
        }
        if writes { sent[device].append((method, path, query, body)) }
        return try await send()
    }

    /// The server process dies: the next epoch starts another, keeping its replica folder or not.
    private func crash(_ fault: SimulatedFault) {
        crashed = fault
        if random.next(upTo: 2) == 0 {
            keptCache = keptCache ?? directory.appendingPathComponent("server-cache").path
            note("server restarts with its replica cache")
        } else {
            keptCache = nil
            note("server restarts with a fresh replica cache")
        }
    }

    // MARK: - Steps

    private func runStep() async throws {
        clock += Int64(1 + random.next(upTo: 180)) * 60_000
        for device in devices { device.clock.advance(to: clock) }
        let device = random.next(upTo: devices.count)
        switch random.next(upTo: 100) {
        case 0..<50:
            recordCommand(device)
        case 50..<88:
            await sync(device)
        case 88..<95:
            devices[device].online.toggle()
            note("d\(device) \(devices[device].online ? "online" : "offline")")
        default:
            let skew = Int64(random.next(upTo: 7) - 3) * 3_600_000 * Int64(1 + random.next(upTo: 24))
            devices[device].clock.skew = skew
            note("d\(device) clock skew \(skew / 60_000) min")
        }
    }

    /// One sync; faults end it early (a later sync picks up).
    @discardableResult
    func sync(_ device: Int, final: Bool = false) async -> SyncReport? {
        guard devices[device].online else { return nil }
        syncing = device
        defer { syncing = nil }
        do {
            let report = try await client(device).sync(ledgerAt: devices[device].path)
            note("d\(device) sync: pushed \(report.pushed) pulled \(report.pulled) dup \(report.duplicates) conflicted \(report.conflicted) already \(report.alreadyRecorded)\(report.rebased ? " rebased" : "") head \(report.head.position)")
            return report
        } catch let fault as SimulatedFault {
            note("d\(device) sync abandoned: \(fault)")
        } catch {
            note("d\(device) sync failed: \(error)")
            if final {
                var kind: Violation.Kind = "\(error)".contains("precision") ? .commodityPrecision : .syncFails
                if case SyncError.changedDuringSync = error { kind = .syncStarvedByWrites }
                if "\(error)".contains("unknown-transaction") { kind = .strandedAfterAlreadyRecorded }
                violation(kind, "d\(device): a sync with no faults failed: \(error)")
            }
        }
        return nil
    }

    /// The schedule is over: every device comes online and syncs until nothing moves, open conflicts are settled,
    /// and the invariants are checked.
    private func finish() async throws {
        faultsOn = false
        for index in devices.indices { devices[index].online = true }
        note("final rounds")
        guard await quiesce() else { return }
        if await settleConflicts() { guard await quiesce() else { return } }
        try await checkInvariants()
    }

    /// Rounds of syncs until one in which nobody pushed (at most 6): in that round every device pulled up to one
    /// unchanging server head, so another would move nothing. False, with a violation, if it never settles.
    func quiesce() async -> Bool {
        for _ in 0..<6 {
            var pushed = false
            for device in devices.indices {
                guard let report = await sync(device, final: true) else { return false }
                if report.pushed + report.conflicted + report.alreadyRecorded + report.duplicates > 0 || report.rebased { pushed = true }
            }
            if !pushed { return true }
        }
        violation(.syncFails, "six rounds of syncs with no faults still push events")
        return false
    }
}
