import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
@testable import KakeiboSync
import XCTest

/// A server that lives in memory: it serves a canonical log it is handed (info, head, pages) and
/// nothing else, so a test can make it serve a forged but well-chained event. No PostgreSQL.
final class InMemorySequencer: SyncTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var log: [CanonicalEvent] = []
    private(set) var pageRequests = 0

    func serve(_ events: [CanonicalEvent]) { lock.withLock { log.append(contentsOf: events) } }
    var head: LedgerHead { lock.withLock { LedgerHead(position: log.last?.position ?? 0, hash: log.last?.hash ?? Hex.zeroHash) } }

    func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        let encoder = JSONEncoder()
        switch (method, path) {
        case ("GET", "v1/info"):
            return (200, try encoder.encode(ServerInfo(protocol: SyncProtocol.version, server: "in-memory")))
        case ("GET", _) where path.hasSuffix("/head"):
            return (200, try encoder.encode(head))
        case ("GET", _) where path.hasSuffix("/events"):
            let after = Int64(query["after"] ?? "0") ?? 0, limit = Int(query["limit"] ?? "500") ?? 500
            let page: EventPage = lock.withLock {
                pageRequests += 1
                let rest = log.filter { $0.position > after }
                let head = LedgerHead(position: log.last?.position ?? 0, hash: log.last?.hash ?? Hex.zeroHash)
                return EventPage(events: Array(rest.prefix(limit)), head: head, more: rest.count > limit)
            }
            return (200, try encoder.encode(page))
        default:
            return (405, try encoder.encode(WireError(error: "method", detail: "\(method) \(path) is not served in memory")))
        }
    }
}

/// Issue 30: sync goes through the ledger's pipeline. A clone and a pull append and fold what the
/// server sent (no rebuild), page by page; an event this ledger's rules refuse stops the sync with
/// one line naming its position and rule, and changes nothing.
final class SyncInMemoryTransportTests: XCTestCase {
    var directory: URL!
    var source: Ledger!
    let server = InMemorySequencer()

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-memsync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        source = try Ledger.create(at: file("source"), currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 3, actor: "alice"))
        try source.record(batch: [.openAccount(name: "assets:checking", type: .asset, currency: nil), .addCategory(.init(name: "groceries"))])
        try expense("12.50")
        server.serve(try sourceEvents(from: 1))
    }

    override func tearDownWithError() throws {
        source = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func file(_ name: String) -> String { directory.appendingPathComponent(name + ".sqlite").path }

    func expense(_ amount: String) throws {
        try source.record(.captureExpense(.init(amount: amount, date: LocalDate(iso: "2026-11-02"), from: "assets:checking",
                                                to: "groceries", payee: "Corner Shop")))
    }

    func sourceEvents(from start: Int64) throws -> [CanonicalEvent] {
        let queue = try DatabaseQueue(path: file("source"))
        defer { try? queue.close() }
        return try queue.read { db in
            var events: [CanonicalEvent] = []
            try EventLog.forEachStored(from: start, in: db) { envelope, payload, previous, hash in
                events.append(CanonicalEvent(envelope: envelope, payload: payload, previousHash: EventHasher.hex(previous),
                                             hash: EventHasher.hex(hash)))
            }
            return events
        }
    }

    func client() throws -> SyncClient {
        var client = SyncClient(remote: try SyncRemote("http://in-memory.invalid/ledgers/home"), token: DeviceToken.generate().description,
                                transport: server)
        client.batchSize = 2 // several pages even for these few events
        return client
    }

    /// An `ExpenseCaptured` from an account id that was never opened, chained after the server's head with
    /// correct hashes: only the ledger's rules can tell it is wrong.
    func forgedExpense() throws -> CanonicalEvent {
        let head = server.head
        let template = try sourceEvents(from: 1).last { $0.type == "ExpenseCaptured" }!
        var event = template
        var payload = try JSONValue.parse(Array(template.payload.utf8))
        guard case .object(var fields) = payload else { throw XCTSkip("not an object") }
        fields["from"] = .string("01NOSUCHACCOUNT00000000000")
        fields["txn"] = .string("01FORGEDTXN000000000000000")
        payload = .object(fields)
        event.payload = payload.canonicalString()
        event.eventId = "01FORGEDEVENT0000000000000"
        event.stream = "txn:01FORGEDTXN000000000000000"
        event.streamVersion = 1
        event.position = head.position + 1
        event.previousHash = head.hash
        event.hash = EventHasher.hex(try event.computedHash(previous: Hex.bytes(head.hash)!))
        XCTAssertNil(event.chainProblem(expectedPosition: head.position + 1, previousHex: head.hash), "the forgery is well chained")
        return event
    }

    func assertRefusesForgery(at position: Int64, _ error: any Error, file: StaticString = #filePath, line: UInt = #line) {
        guard case .refusedServerEvent(let at, .inadmissible(let refusal))? = error as? SyncError else {
            return XCTFail("not a refused server event: \(error)", file: file, line: line)
        }
        XCTAssertEqual(at, position, file: file, line: line)
        XCTAssertEqual(refusal.rule, .unknownAccount, file: file, line: line)
        let text = String(describing: error)
        XCTAssertFalse(text.contains("\n"), "one line: \(text)", file: file, line: line)
        XCTAssertTrue(text.contains("position \(position)") && text.contains("unknown-account"), text, file: file, line: line)
    }

    func testACloneFoldsThePagesAndEqualsAReplay() async throws {
        let report = try await client().sync(ledgerAt: file("clone"))
        XCTAssertTrue(report.cloned)
        XCTAssertEqual(report.pulled, Int(server.head.position))
        let clone = try Ledger.open(at: file("clone"))
        XCTAssertEqual(try clone.head(), try source.head())
        XCTAssertEqual(try clone.replayDifferences(), [])
        XCTAssertEqual(try clone.balances(ReportScope()).accounts.map(\.amount), try source.balances(ReportScope()).accounts.map(\.amount))
    }

    func testAPullAppendsAndFoldsOnlyTheNewEvents() async throws {
        let client = try client()
        _ = try await client.sync(ledgerAt: file("device"))
        let before = try source.head().position
        try expense("3")
        try expense("4.75")
        server.serve(try sourceEvents(from: before + 1))
        let report = try await client.sync(ledgerAt: file("device"))
        XCTAssertEqual(report.pulled, 2)
        XCTAssertFalse(report.rebased)
        let device = try Ledger.open(at: file("device"))
        XCTAssertEqual(try device.head(), try source.head())
        XCTAssertEqual(try device.replayDifferences(), [], "the incremental fold equals a replay")
        XCTAssertEqual(try SyncClient.status(ledgerAt: file("device")).synced, try source.head().position)
    }

    func testACloneRefusesAnEventTheLedgerRefusesAndLeavesNoFile() async throws {
        let forged = try forgedExpense()
        server.serve([forged])
        do {
            _ = try await client().sync(ledgerAt: file("clone"))
            XCTFail("the clone took a forged event")
        } catch {
            assertRefusesForgery(at: forged.position, error)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("clone")))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".clone-") }
        XCTAssertEqual(left, [], "the scratch file is removed")
    }

    func testAPullRefusesAnEventTheLedgerRefusesAndChangesNothing() async throws {
        let client = try client()
        _ = try await client.sync(ledgerAt: file("device"))
        let device = try Ledger.open(at: file("device"))
        let (head, balances) = (try device.head(), try device.balances(ReportScope()).accounts.map(\.amount))
        let status = try SyncClient.status(ledgerAt: file("device"))
        try expense("3") // a good event before the forged one: it must not land either
        server.serve(try sourceEvents(from: head.position + 1))
        let forged = try forgedExpense()
        server.serve([forged])
        do {
            _ = try await client.sync(ledgerAt: file("device"))
            XCTFail("the pull took a forged event")
        } catch {
            assertRefusesForgery(at: forged.position, error)
        }
        XCTAssertEqual(try device.head(), head)
        XCTAssertEqual(try device.balances(ReportScope()).accounts.map(\.amount), balances)
        XCTAssertEqual(try SyncClient.status(ledgerAt: file("device")).synced, status.synced)
        XCTAssertEqual(try device.replayDifferences(), [])
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".pull-") }
        XCTAssertEqual(left, [], "no spool is left behind")
    }

    /// A long pull is spilled to a file beside the ledger, read back in order, and the file removed.
    func testPulledEventsSpillPastTheirLimitAndReadBackInOrder() throws {
        let events = try sourceEvents(from: 1)
        XCTAssertGreaterThan(events.count, 4)
        var spillPath: String?
        do {
            let pulled = PulledEvents(spillingBeside: file("device"), memoryLimit: 3)
            for first in stride(from: 0, to: events.count, by: 2) { try pulled.append(Array(events[first..<min(first + 2, events.count)])) }
            spillPath = try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.contains(".pull-") }
            XCTAssertNotNil(spillPath, "spilled to disk")
            XCTAssertEqual(pulled.count, events.count)
            XCTAssertEqual(pulled.last, events.last)
            var read: [CanonicalEvent] = []
            try pulled.forEachPage(droppingFirst: 3) { read += $0 }
            XCTAssertEqual(read, Array(events.dropFirst(3)))
            read = []
            try pulled.forEachPage { read += $0 }
            XCTAssertEqual(read, events, "read again from the start")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent(spillPath ?? "x").path), "removed")
    }
}
