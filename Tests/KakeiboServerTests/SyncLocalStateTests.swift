import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import XCTest

/// What sync keeps in the ledger file: its state in a migrated table, one sync at a time, and
/// reports that say which work has not reached the server yet.
final class SyncLocalStateTests: ServerTestCase {
    static func sqlite(_ path: String, _ query: String) throws -> String {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [path, query])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func kakeibo(_ arguments: String...) throws -> String {
        let result = try ChildProcess.run(try KakeiboBinary.locate(), arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testSyncTablesComeFromTheMigrationNotFromTheClient() async throws {
        try await withServer { server in
            _ = try server.makeLedger("a", seed: 1)
            // A file that never synced already has the (empty) tables: Migrations/0011_sync.sql made them.
            XCTAssertEqual(try Self.sqlite(server.path("a"), "SELECT count(*) FROM sync_state"), "0")
            XCTAssertEqual(try Self.sqlite(server.path("a"), "SELECT count(*) FROM transaction_conflicts"), "0")
            XCTAssertTrue(try Self.sqlite(server.path("a"), "SELECT identifier FROM grdb_migrations").contains("0011_sync"))
            let before = try Self.sqlite(server.path("a"), "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master ORDER BY name)")
            _ = try await server.sync(server.path("a"), token: try await server.token(device: "a"))
            XCTAssertEqual(try Self.sqlite(server.path("a"), "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master ORDER BY name)"),
                           before, "a sync creates no table of its own")
            XCTAssertEqual(try Self.sqlite(server.path("a"), "SELECT count(*) FROM sync_state"), "1")
        }
    }

    func testRegisterMarksWorkNotYetSynced() async throws {
        try await withServer { server in
            let token = try await server.token(device: "a")
            let a = try server.makeLedger("a", seed: 1)
            let synced = try server.expense(a, "10.00", payee: "Synced Shop")
            // Never synced: the register looks exactly as it always did.
            let plain = try Self.kakeibo("register", "--db", server.path("a"), "--format", "csv")
            XCTAssertEqual(plain.split(separator: "\n").first, "date,id,payee,account,currency,amount,balance")
            XCTAssertNil(try a.unsyncedTransactionIDs())

            _ = try await server.sync(server.path("a"), token: token)
            let local = try server.expense(try server.open("a", seed: 1), "2.50", payee: "Offline Shop")
            let edited = try server.open("a", seed: 1)
            XCTAssertEqual(try edited.unsyncedTransactionIDs(), [local])

            let csv = try Self.kakeibo("register", "--db", server.path("a"), "--format", "csv").split(separator: "\n").map(String.init)
            XCTAssertEqual(csv.first, "date,id,payee,account,currency,amount,balance,sync")
            let offline = csv.filter { $0.contains(local) }
            XCTAssertEqual(offline.count, 2)
            XCTAssertTrue(offline.allSatisfy { $0.hasSuffix(",unsynced") }, "\(offline)")
            XCTAssertTrue(csv.filter { $0.contains(synced) }.allSatisfy { $0.hasSuffix(",") }, "\(csv)")
            let table = try Self.kakeibo("register", "--db", server.path("a"))
            XCTAssertTrue(table.split(separator: "\n").first!.hasSuffix("sync"), table)
            XCTAssertTrue(table.split(separator: "\n").filter { $0.contains("Offline Shop") }.allSatisfy { $0.hasSuffix("unsynced") }, table)
            let json = try JSONSerialization.jsonObject(with: Data(try Self.kakeibo("register", "--db", server.path("a"), "--format", "json").utf8))
            let rows = try XCTUnwrap(json as? [[String: Any]])
            XCTAssertEqual(Set(rows.filter { $0["unsynced"] as? Bool == true }.compactMap { $0["id"] as? String }), [local])

            // Once pushed, nothing is marked.
            _ = try await server.sync(server.path("a"), token: token)
            XCTAssertEqual(try server.open("a", seed: 1).unsyncedTransactionIDs(), [])
            XCTAssertFalse(try Self.kakeibo("register", "--db", server.path("a"), "--format", "csv").contains("unsynced"))
        }
    }

    func testASecondSyncOfTheSameFileWaitsOrRefusesAndNeverInterleaves() async throws {
        try await withServer { server in
            let token = try await server.token(device: "a")
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            try server.expense(a, "1.00")
            let path = server.path("a")

            // Another sync holds the file: this one waits, then refuses in one line, and the file is untouched.
            let holder = open(path + ".sync-lock", O_RDWR | O_CREAT, 0o644)
            XCTAssertEqual(flock(holder, LOCK_EX), 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            var client = SyncClient(remote: server.remote, token: token, transport: RouterTransport(client: server.client))
            client.lockTimeout = .milliseconds(300)
            do {
                _ = try await client.sync(ledgerAt: path)
                XCTFail("a sync ran while another held the file")
            } catch let error as SyncError {
                // The error carries the path; the CLI names the command (`ErrorMessage.sync`), the library does not (issue 30).
                XCTAssertEqual(error, .alreadySyncing(path: path))
                XCTAssertEqual(error.description, "another sync of \(path) is still running; nothing was changed")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
            flock(holder, LOCK_UN)
            close(holder)

            // Two at once: the second waits for the first; both succeed and the file is the server's log.
            try server.expense(try server.open("a", seed: 1), "2.00")
            async let first = server.sync(path, token: token)
            async let second = server.sync(path, token: token)
            let (one, two) = try await (first, second)
            XCTAssertEqual(one.pushed + two.pushed, 2, "each pending event pushed once")
            let head = try await server.store.head(ledger: server.ledger, bearer: token)
            let ledger = try server.open("a", seed: 1)
            XCTAssertEqual(try ledger.head().description, "\(head.position):\(head.hash)")
            XCTAssertTrue(try ledger.verify().isValid)
            XCTAssertEqual(try ledger.replayDifferences(), [])
        }
    }
}
