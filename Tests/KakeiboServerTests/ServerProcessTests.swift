import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import PostgresNIO
import XCTest

/// The `kakeibo server` process itself, over real loopback HTTP: SIGTERM stops it cleanly, and a
/// server killed before or after a push's commit (must show 5) loses nothing and takes nothing twice.
final class ServerProcessTests: ServerTestCase {
    var servers: [Process] = []

    override func tearDownWithError() throws {
        for server in servers where server.isRunning { server.terminate(); server.waitUntilExit() }
        try super.tearDownWithError()
    }

    /// Starts `kakeibo server run` on a free loopback port and waits for its `listening on` line.
    func startServer(fault: String? = nil) throws -> (process: Process, remote: SyncRemote) {
        let process = Process()
        process.executableURL = try KakeiboBinary.locate()
        process.arguments = ["server", "run", "--postgres", postgresURL, "--listen", "127.0.0.1:0"]
        var environment = ProcessInfo.processInfo.environment
        environment["KAKEIBO_SERVE_FAULT"] = fault
        process.environment = environment
        let output = directory.appendingPathComponent("server-\(servers.count).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        servers.append(process)
        for _ in 0..<300 {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on 127.0.0.1:") }) {
                let port = line.split(separator: ":").last!
                return (process, try SyncRemote("http://127.0.0.1:\(port)/ledgers/\(ledgerName!)"))
            }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw XCTSkip("kakeibo server run did not start: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
    }

    /// The test's own configuration folder: `sync` keeps device tokens there (`TokenStore`), never in the real home.
    var cliEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["KAKEIBO_CONFIG"] = directory.appendingPathComponent("config").path
        environment["KAKEIBO_TOKEN"] = nil
        return environment
    }

    func kakeibo(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(try KakeiboBinary.locate(), arguments, environment: cliEnvironment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func serverCounts() async throws -> (max: Int64, count: Int64) {
        let (url, ledger) = (postgresURL!, ledgerName!)
        return try await HouseholdServer.withStore(postgres: url) { store in
            let row = try await store.client.query("""
                SELECT coalesce(max(position), 0), count(*) FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = \(ledger)
                """, logger: store.logger).collect()[0].makeRandomAccess()
            return (try row[0].decode(Int64.self), try row[1].decode(Int64.self))
        }
    }

    func sync(_ path: String, _ remote: SyncRemote, _ token: String) async throws -> SyncReport {
        try await SyncClient(remote: remote, token: token).sync(ledgerAt: path)
    }

    func testKilledBeforeAndAfterCommitLandsEachEventOnce() async throws {
        XCTAssertEqual(try kakeibo(["server", "init", "--postgres", postgresURL, "--ledger", ledgerName]), "created ledger \(ledgerName!)")
        let token = try kakeibo(["server", "token", "--postgres", postgresURL, "--ledger", ledgerName, "--member", "alice", "--device", "laptop"])
        XCTAssertNotNil(DeviceToken(token))
        let path = directory.appendingPathComponent("a.sqlite").path
        let ledger = try Ledger.create(at: path, currency: .usd, timeZone: "UTC")
        try ledger.record(batch: [.openAccount(name: "assets:checking", type: .asset, currency: nil), .addCategory(.init(name: "food"))])
        func spend(_ amount: String) throws {
            _ = try Ledger.open(at: path).record(.captureExpense(.init(amount: amount, date: LocalDate(iso: "2026-11-02"),
                                                                        from: "assets:checking", to: "food")))
        }

        var (server, remote) = try startServer()
        let adopted = try await sync(path, remote, token)
        XCTAssertGreaterThan(adopted.adopted, 0)
        server.terminate() // SIGTERM: a graceful shutdown exits 0
        server.waitUntilExit()
        XCTAssertEqual(server.terminationStatus, 0)
        XCTAssertEqual(server.terminationReason, .exit)

        for (fault, amounts) in [("before-commit", ["1.00", "2.00", "3.00"]), ("after-commit", ["4.00", "5.00"])] {
            for amount in amounts { try spend(amount) }
            let before = try await serverCounts()
            let digest = try Ledger.open(at: path).head()
            (server, remote) = try startServer(fault: fault)
            do {
                _ = try await sync(path, remote, token)
                XCTFail("the server was to die mid-push (\(fault))")
            } catch let error as SyncError {
                guard case .transport = error else { return XCTFail("\(fault): \(error)") }
            }
            server.waitUntilExit()
            XCTAssertEqual(server.terminationStatus, 137)
            XCTAssertEqual(try Ledger.open(at: path).head(), digest, "a failed sync changed the file")
            let during = try await serverCounts()
            XCTAssertEqual(during.count, before.count + (fault == "after-commit" ? Int64(amounts.count) : 0))
            XCTAssertEqual(during.max, during.count, "positions have a gap")

            (server, remote) = try startServer()
            let retried = try await sync(path, remote, token)
            XCTAssertEqual(retried.pushed, fault == "before-commit" ? amounts.count : 0, fault)
            XCTAssertEqual(retried.duplicates, fault == "after-commit" ? amounts.count : 0, fault)
            let after = try await serverCounts()
            XCTAssertEqual(after.count, before.count + Int64(amounts.count), "\(fault): an event landed twice or not at all")
            XCTAssertEqual(after.max, after.count)
            XCTAssertEqual(try Ledger.open(at: path).head().description, "\(retried.head.position):\(retried.head.hash)")
            server.terminate()
            server.waitUntilExit()
        }
        XCTAssertEqual(try kakeibo(["server", "verify", "--postgres", postgresURL, "--ledger", ledgerName]),
                       "ok: \(try Ledger.open(at: path).head().position) events, hash chain intact")
        XCTAssertTrue(try Ledger.open(at: path).verify().isValid)
    }

    /// The `kakeibo sync` command itself: clone, equal digests, and a push a read token may not make: the sync
    /// still pulls (N10), says in one line that the device's own event stays here, and with nothing new on the
    /// server leaves the file byte for byte as it was.
    func testSyncCommandClonesAndRefusesInOneLine() async throws {
        _ = try kakeibo(["server", "init", "--postgres", postgresURL, "--ledger", ledgerName])
        let writer = try kakeibo(["server", "token", "--postgres", postgresURL, "--ledger", ledgerName, "--member", "alice", "--device", "laptop"])
        let reader = try kakeibo(["server", "token", "--postgres", postgresURL, "--ledger", ledgerName, "--member", "kid", "--device", "tablet", "--scope", "read"])
        let (a, b) = (directory.appendingPathComponent("a.sqlite").path, directory.appendingPathComponent("b.sqlite").path)
        _ = try kakeibo(["--db", a, "init", "--currency", "USD"])
        _ = try kakeibo(["--db", a, "account", "open", "assets:checking", "--type", "asset"])
        _ = try kakeibo(["--db", a, "category", "add", "food"])
        _ = try kakeibo(["--db", a, "expense", "4.20", "--from", "assets:checking", "--category", "food"])
        let digest = try kakeibo(["--db", a, "verify", "--digest"])
        let (server, remote) = try startServer()
        XCTAssertTrue(try kakeibo(["--db", a, "sync", "--remote", remote.description, "--token", writer]).hasPrefix("adopted "))
        XCTAssertTrue(try kakeibo(["--db", b, "sync", "--remote", remote.description, "--token", reader]).hasPrefix("cloned "))
        XCTAssertEqual(try kakeibo(["--db", b, "verify", "--digest"]), digest)
        XCTAssertEqual(try kakeibo(["--db", b, "conflicts"]), "no conflicts")

        _ = try kakeibo(["--db", b, "expense", "1.00", "--from", "assets:checking", "--category", "food"])
        XCTAssertTrue(try kakeibo(["--db", b, "sync", "--status"]).contains("1 event recorded here not yet synced"))
        let before = try Data(contentsOf: URL(fileURLWithPath: b))
        let refused = try ChildProcess.run(try KakeiboBinary.locate(), ["--db", b, "sync", "--remote", remote.description, "--token", reader],
                                           environment: cliEnvironment)
        XCTAssertEqual(refused.status, 0, refused.stderr)
        XCTAssertEqual(refused.stderr, "")
        XCTAssertTrue(refused.stdout.contains("1 event recorded here was not pushed: this device's token may only read"), refused.stdout)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: b)), before)
        server.terminate()
        server.waitUntilExit()
    }

    /// N19: after one sync with `--remote` and `--token`, `kakeibo sync` alone syncs: the file remembers its server, the
    /// token waits in a 0600 file outside the ledger (so no copy of the ledger carries it); and `server revoke --device`
    /// takes the device's name, as `server token --device` does, as well as the token id.
    func testSyncRemembersItsServerAndTokenAndRevokeTakesTheDeviceName() async throws {
        _ = try kakeibo(["server", "init", "--postgres", postgresURL, "--ledger", ledgerName])
        let token = try kakeibo(["server", "token", "--postgres", postgresURL, "--ledger", ledgerName, "--member", "alice", "--device", "laptop"])
        let a = directory.appendingPathComponent("a.sqlite").path
        _ = try kakeibo(["--db", a, "init", "--currency", "USD"])
        _ = try kakeibo(["--db", a, "account", "open", "assets:checking", "--type", "asset"])
        _ = try kakeibo(["--db", a, "category", "add", "food"])
        let (server, remote) = try startServer()
        let first = try ChildProcess.run(try KakeiboBinary.locate(), ["--db", a, "sync", "--remote", remote.description, "--token", token],
                                         environment: cliEnvironment)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("remembered the server and this device's token"), first.stderr)

        _ = try kakeibo(["--db", a, "expense", "4.20", "--from", "assets:checking", "--category", "food"])
        XCTAssertTrue(try kakeibo(["--db", a, "sync"]).hasPrefix("pushed 1"))
        let id = try XCTUnwrap(DeviceToken(token)).id
        let stored = directory.appendingPathComponent("config/tokens/\(id)").path
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: stored)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o077, 0, "the token file is the user's only")
        let secret = try XCTUnwrap(DeviceToken(token)).secret
        for suffix in ["", "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: a + suffix))) ?? Data()
            XCTAssertNil(bytes.range(of: Data(secret.utf8)), "the ledger file\(suffix) does not carry the secret")
        }

        XCTAssertEqual(try kakeibo(["server", "revoke", "--postgres", postgresURL, "--ledger", ledgerName, "--device", "laptop"]),
                       "revoked laptop: token \(id) in \(ledgerName!)")
        let refused = try ChildProcess.run(try KakeiboBinary.locate(), ["--db", a, "sync"], environment: cliEnvironment)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("revoked"), refused.stderr)
        let again = try ChildProcess.run(try KakeiboBinary.locate(), ["server", "revoke", "--postgres", postgresURL, "--device", id],
                                         environment: cliEnvironment)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("no active device named \(id)"), again.stderr)
        server.terminate()
        server.waitUntilExit()
    }
}
