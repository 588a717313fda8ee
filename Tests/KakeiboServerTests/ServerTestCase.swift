import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import Logging
import PostgresNIO
import XCTest

/// A fresh server ledger per test on the PostgreSQL `make test` starts (`KAKEIBO_TEST_POSTGRES`),
/// and a temporary folder for device files. Without PostgreSQL the tests skip, saying why.
class ServerTestCase: XCTestCase {
    var postgresURL: String!
    var ledgerName: String!
    var directory: URL!

    override func setUpWithError() throws {
        guard let url = ProcessInfo.processInfo.environment["KAKEIBO_TEST_POSTGRES"], !url.isEmpty else {
            print("skipping \(name): KAKEIBO_TEST_POSTGRES is not set (`make test` starts a throwaway PostgreSQL)")
            throw XCTSkip("KAKEIBO_TEST_POSTGRES is not set: `make test` starts a throwaway PostgreSQL")
        }
        postgresURL = url
        var generator = SystemRandomNumberGenerator()
        ledgerName = "t" + String((0..<12).map { _ in Array("abcdefghijklmnopqrstuvwxyz0123456789")[Int(generator.next() % 36)] })
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs `body` against the server's router, in process, with a new empty ledger.
    func withServer<T: Sendable>(_ body: @escaping @Sendable (Harness) async throws -> T) async throws -> T {
        var logger = Logger(label: "kakeibo-test")
        logger.logLevel = .error
        let client = PostgresClient(configuration: try PostgresURL.configuration(postgresURL), backgroundLogger: logger)
        let store = ServerStore(client: client, logger: logger)
        let app = HouseholdServer.application(store: store, host: "127.0.0.1", port: 0, serverName: "kakeibo test")
        let ledger = ledgerName!
        let directory = directory!
        return try await app.test(.router) { client in
            try await store.initialise(ledger: ledger)
            return try await body(Harness(store: store, client: client, ledger: ledger, directory: directory))
        }
    }
}

/// The server under test, its router client and its ledger.
struct Harness: Sendable {
    let store: ServerStore
    let client: any TestClientProtocol
    let ledger: String
    let directory: URL

    func path(_ device: String) -> String { directory.appendingPathComponent("\(device).sqlite").path }

    /// A ledger file with a household's accounts, on a deterministic clock; `seed` keeps ids apart.
    func makeLedger(_ device: String, seed: UInt64) throws -> Ledger {
        let ledger = try Ledger.create(at: path(device), currency: .usd, timeZone: "UTC", environment: environment(device, seed: seed))
        try ledger.record(batch: [
            .openAccount(name: "assets:checking", type: .asset, currency: nil),
            .openAccount(name: "income:salary", type: .income, currency: nil),
            .addCategory(.init(name: "groceries")),
            .addCategory(.init(name: "dining")),
        ])
        return ledger
    }

    /// The live clock and random ids: a deterministic one would mint the same ids again each time
    /// a device's file is reopened. `seed` only names the device in messages.
    func environment(_ device: String, seed: UInt64) -> LedgerEnvironment {
        var environment = LedgerEnvironment.live
        environment.actor = device
        return environment
    }

    func open(_ device: String, seed: UInt64) throws -> Ledger {
        try Ledger.open(at: path(device), environment: environment(device, seed: seed))
    }

    /// `account,currency,amount` lines, as `kakeibo balance --format csv` prints them.
    func balanceLines(_ ledger: Ledger) throws -> [String] {
        try ledger.balances().accounts.map { "\($0.account),\($0.amount.currency.code),\($0.amount.decimalString)" }
    }

    @discardableResult
    func expense(_ ledger: Ledger, _ amount: String, payee: String = "Corner Shop", category: String = "groceries") throws -> String {
        try ledger.record(.captureExpense(.init(amount: amount, date: LocalDate(iso: "2026-11-02"), from: "assets:checking",
                                                to: category, payee: payee))).transactionID!
    }

    @discardableResult
    func income(_ ledger: Ledger, _ amount: String) throws -> String {
        try ledger.record(.recordIncome(.init(amount: amount, date: LocalDate(iso: "2026-11-01"), from: "income:salary",
                                              to: "assets:checking", payee: "Employer"))).transactionID!
    }

    func token(_ scope: Scope = .write, member: String = "alice", device: String = "phone") async throws -> String {
        try await store.issueToken(ledger: ledger, member: member, device: device, scope: scope).description
    }

    var remote: SyncRemote { try! SyncRemote("http://127.0.0.1/ledgers/\(ledger)") }

    func sync(_ path: String, token: String) async throws -> SyncReport {
        try await SyncClient(remote: remote, token: token, transport: RouterTransport(client: client)).sync(ledgerAt: path)
    }

    /// Alice's device "a" with a new household ledger and Bob's device "b" with its clone, both
    /// synced: where every two-device test starts. Their tokens.
    func twoSyncedDevices() async throws -> (a: String, b: String) {
        let tokens = (a: try await token(device: "a"), b: try await token(member: "bob", device: "b"))
        _ = try makeLedger("a", seed: 1)
        _ = try await sync(path("a"), token: tokens.a)
        _ = try await sync(path("b"), token: tokens.b)
        return tokens
    }

    /// Device "a", then "b", then "a" again sync, so both end at the server's head; b's report.
    @discardableResult
    func syncBoth(_ tokens: (a: String, b: String)) async throws -> SyncReport {
        _ = try await sync(path("a"), token: tokens.a)
        let b = try await sync(path("b"), token: tokens.b)
        _ = try await sync(path("a"), token: tokens.a)
        return b
    }

    /// Each device's balance lines, once its file has shown it holds a sound log its projections
    /// agree with (verify, and a replay that changes nothing), and the two heads are one.
    func settledBalances(file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String]] {
        var lines: [String: [String]] = [:], heads: Set<String> = []
        for (device, seed) in [("a", UInt64(1)), ("b", UInt64(2))] {
            let ledger = try open(device, seed: seed)
            heads.insert(try ledger.head().description)
            lines[device] = try balanceLines(ledger)
            XCTAssertTrue(try ledger.verify().isValid, device, file: file, line: line)
            XCTAssertEqual(try ledger.replayDifferences(), [], device, file: file, line: line)
        }
        XCTAssertEqual(heads.count, 1, "one head on both devices", file: file, line: line)
        return lines
    }

    /// A raw request, for the refusals a well-behaved client never sends.
    func request(_ method: HTTPRequest.Method, _ path: String, token: String?, body: Data? = nil,
                 protocolVersion: String? = "1") async throws -> (status: Int, json: [String: Any]) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let protocolVersion { headers[HTTPField.Name("Kakeibo-Protocol")!] = protocolVersion }
        let response = try await client.executeRequest(uri: "/v1/ledgers/\(ledger)/\(path)", method: method, headers: headers,
                                                       body: body.map { ByteBuffer(bytes: $0) })
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
        return (Int(response.status.code), object)
    }

    /// Rows of a query run as the URL's (super)user, each column as text.
    func sql(_ text: String) async throws -> [[String?]] {
        try await store.client.query(PostgresQuery(unsafeSQL: text), logger: store.logger).collect().map { row in
            try row.makeRandomAccess().map { try $0.decode(String?.self) }
        }
    }
}

/// `SyncTransport` through HummingbirdTesting's router client: the real routes and store,
/// without sockets, so convergence tests run hundreds of syncs in seconds.
struct RouterTransport: SyncTransport {
    let client: any TestClientProtocol

    func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        var uri = "/" + path
        if !query.isEmpty { uri += "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&") }
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        headers[HTTPField.Name(SyncProtocol.header)!] = String(SyncProtocol.version)
        let response = try await client.executeRequest(uri: uri, method: HTTPRequest.Method(rawValue: method)!, headers: headers,
                                                       body: body.map { ByteBuffer(bytes: $0) })
        return (Int(response.status.code), Data(response.body.readableBytesView))
    }
}
