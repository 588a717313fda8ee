import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Histogram
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync

/// The household server under load (issue 30): LEDGERS ledgers × DEVICES devices, each device recording one to
/// three expenses and syncing, over and over, all at once, for SECONDS, against one `kakeibo server run` on
/// loopback. Push latency (each `POST …/events` round trip, as the device sees it) goes into an HdrHistogram.
/// At the end every device syncs until quiet and must hold the server's log byte for byte (same head position
/// and chain hash) with every expense any device recorded in it: no error, no lost event.
///
///     sync-load POSTGRES_URL REMOTE_BASE [SECONDS] [LEDGERS] [DEVICES]
///
/// Run by `Tests/Postgres/sync-load.sh` (`make sync-load`), which starts PostgreSQL and the server.
@main
struct SyncLoad {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: sync-load POSTGRES_URL http://127.0.0.1:PORT [SECONDS] [LEDGERS] [DEVICES]\n".utf8))
            exit(2)
        }
        let (postgres, base) = (arguments[0], arguments[1])
        let seconds = arguments.count > 2 ? Int(arguments[2]) ?? 60 : 60
        let ledgers = arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20
        let devices = arguments.count > 4 ? Int(arguments[4]) ?? 3 : 3
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-sync-load-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // Set-up, not timed: the ledgers, one token per device, the first device's file adopted, the others cloned.
        let run = "l\(UInt32(truncatingIfNeeded: getpid()))"
        var fleet: [Device] = []
        for l in 0..<ledgers {
            let name = "\(run)-\(l)"
            let tokens = try await HouseholdServer.withStore(postgres: postgres) { store in
                try await store.initialise(ledger: name)
                var tokens: [String] = []
                for d in 0..<devices { tokens.append(try await store.issueToken(ledger: name, member: "m\(d)", device: "d\(d)", scope: .write).description) }
                return tokens
            }
            let remote = try SyncRemote("\(base)/ledgers/\(name)")
            for d in 0..<devices {
                let device = Device(ledger: name, index: d, path: folder.appendingPathComponent("\(name)-\(d).sqlite").path,
                                    remote: remote, token: tokens[d])
                if d == 0 { try device.create() }
                _ = try await device.client(recording: nil).sync(ledgerAt: device.path)
                fleet.append(device)
            }
        }
        print("set up: \(ledgers) ledgers × \(devices) devices")

        let latencies = Latencies()
        let deadline = ContinuousClock.now + .seconds(seconds)
        let started = ContinuousClock.now
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for device in fleet {
                group.addTask { await device.work(until: deadline, latencies: latencies) }
            }
            var all: [Outcome] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        let elapsed = ContinuousClock.now - started
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

        // Settle: each device syncs until nothing moves (two rounds cover a push seen by a device synced earlier).
        var errors = outcomes.flatMap(\.errors)
        for _ in 0..<2 {
            for device in fleet {
                do { _ = try await device.client(recording: nil).sync(ledgerAt: device.path) } catch { errors.append("settle \(device.name): \(error)") }
            }
        }
        var lost = 0, diverged = 0
        for l in 0..<ledgers {
            let name = "\(run)-\(l)"
            let members = fleet.filter { $0.ledger == name }
            let token = members[0].token
            let (verified, head) = try await HouseholdServer.withStore(postgres: postgres) { store in
                (try await store.verify(ledger: name), try await store.head(ledger: name, bearer: token))
            }
            if let problem = verified.problem { errors.append("server verify \(name): position \(problem.position): \(problem.reason)") }
            // Every expense any device recorded, once: the sum of their amounts is the groceries balance everywhere.
            let recordedCents = outcomes.filter { $0.ledger == name }.map(\.cents).reduce(0, +)
            for device in members {
                let ledger = try Ledger.open(at: device.path)
                let digest = try ledger.head().description
                if digest != "\(head.position):\(head.hash)" {
                    diverged += 1
                    errors.append("\(device.name): head \(digest.prefix(20))…, server \(head.position):\(head.hash.prefix(12))…")
                }
                let held = try ledger.balances().accounts.filter { "\($0.account)" == "expenses:groceries" }.map(\.amount.minorUnits).reduce(0, +)
                if held != recordedCents { lost += 1; errors.append("\(device.name): groceries \(held) cents, recorded \(recordedCents)") }
            }
        }

        let syncs = outcomes.map(\.syncs).reduce(0, +), recorded = outcomes.map(\.recorded).reduce(0, +)
        let histogram = latencies.snapshot()
        func ms(_ microseconds: UInt64) -> String { String(format: "%.1f ms", Double(microseconds) / 1000) }
        print("ran \(String(format: "%.1f", wall)) s: \(syncs) syncs, \(histogram.totalCount) pushes, \(recorded) events recorded and pushed "
              + "(\(String(format: "%.0f", Double(recorded) / wall)) events/s, \(String(format: "%.0f", Double(histogram.totalCount) / wall)) pushes/s, "
              + "\(String(format: "%.0f", Double(syncs) / wall)) syncs/s)")
        print("push latency: p50 \(ms(histogram.valueAtPercentile(50))), p90 \(ms(histogram.valueAtPercentile(90))), "
              + "p99 \(ms(histogram.valueAtPercentile(99))), max \(ms(histogram.max))")
        print("errors: \(errors.count); devices missing or doubling an expense: \(lost); devices not at the server's head: \(diverged)")
        for error in errors.prefix(20) { print("  \(error)") }
        exit(errors.isEmpty && lost == 0 && diverged == 0 ? 0 : 1)
    }
}

/// Push round trips in microseconds, from every device at once.
final class Latencies: @unchecked Sendable {
    private let lock = NSLock()
    private var histogram = Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
    func record(_ microseconds: UInt64) { lock.withLock { _ = histogram.record(microseconds) } }
    func snapshot() -> Histogram<UInt64> { lock.withLock { histogram } }
}

/// The CLI's transport, timing each push, on a session that lets every device have its connection:
/// `URLSession.shared` allows 6 per host, so 60 devices would mostly measure the queue in this process.
struct TimingTransport: SyncTransport {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = 256
        return URLSession(configuration: configuration)
    }()
    let transport: URLSessionTransport
    let latencies: Latencies?

    init(base: URL, latencies: Latencies?) {
        transport = URLSessionTransport(base: base, session: Self.session)
        self.latencies = latencies
    }

    func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        let start = ContinuousClock.now
        let reply = try await transport.send(method: method, path: path, query: query, body: body, token: token)
        if method == "POST", path.hasSuffix("/events"), let latencies {
            let elapsed = ContinuousClock.now - start
            latencies.record(UInt64(elapsed.components.seconds) * 1_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000_000))
        }
        return reply
    }
}

struct Outcome: Sendable {
    var ledger: String
    var syncs = 0
    var recorded = 0
    var cents: Int64 = 0
    var errors: [String] = []
}

struct Device: Sendable {
    let ledger: String
    let index: Int
    let path: String
    let remote: SyncRemote
    let token: String
    var name: String { "\(ledger)/d\(index)" }

    func client(recording latencies: Latencies?) -> SyncClient {
        SyncClient(remote: remote, token: token, transport: TimingTransport(base: remote.server, latencies: latencies))
    }

    func create() throws {
        let ledger = try Ledger.create(at: path, currency: .usd, timeZone: "UTC")
        try ledger.record(batch: [.openAccount(name: "assets:checking", type: .asset, currency: nil), .addCategory(.init(name: "groceries"))])
    }

    /// Record one to three expenses, sync; again until `deadline`.
    func work(until deadline: ContinuousClock.Instant, latencies: Latencies) async -> Outcome {
        var outcome = Outcome(ledger: ledger)
        var random = SplitMix64(seed: UInt64(abs(name.hashValue)))
        let client = client(recording: latencies)
        while ContinuousClock.now < deadline {
            do {
                let ledger = try Ledger.open(at: path)
                for _ in 0..<(1 + Int(random.next() % 3)) {
                    let payee = "load \(name) \(outcome.recorded)"
                    let cents = 1 + random.next() % 9_999
                    _ = try ledger.record(.captureExpense(.init(amount: "\(cents / 100).\(String(format: "%02d", Int(cents % 100)))",
                                                                date: try LocalDate(iso: "2026-11-02"), from: "assets:checking",
                                                                to: "groceries", payee: payee)))
                    outcome.recorded += 1
                    outcome.cents += Int64(cents)
                }
                _ = try await client.sync(ledgerAt: path)
                outcome.syncs += 1
            } catch {
                outcome.errors.append("\(name): \(error)")
                if outcome.errors.count > 5 { break }
            }
        }
        return outcome
    }
}
