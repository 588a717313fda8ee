import Foundation
import KakeiboChain
import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import PostgresNIO
import XCTest

/// Devices that witness their server (issue 34, part 5), as a person types the commands, against a real
/// `kakeibo server run`: every sync checks the server's signed checkpoint and cosigns it; a server that
/// shows device B a history forked from the one A saw is refused by B's next sync in one line naming both
/// checkpoints, the two signed notes are kept beside B's ledger, `verify --witnesses` lists them, and no
/// event of either history is lost. The server's misdeeds are SQL on its tables, as its operator could.
final class WitnessForkTests: ServerProcessTestCase {
    /// Runs SQL as the URL's (super)user, each row's columns as text.
    func sql(_ text: String) async throws -> [[String?]] {
        try await HouseholdServer.withStore(postgres: postgresURL) { store in
            try await store.client.query(PostgresQuery(unsafeSQL: text), logger: store.logger).collect().map { row in
                try row.makeRandomAccess().map { try $0.decode(String?.self) }
            }
        }
    }

    func path(_ device: String) -> String { directory.appendingPathComponent("\(device).sqlite").path }

    func expense(_ device: String, _ amount: String) throws {
        try ok(["--db", path(device), "expense", amount, "--from", "assets:checking", "--category", "groceries", "--payee", "Corner Shop",
                "--date", "2026-11-02"])
    }

    func head(_ device: String) throws -> String { try ok(["--db", path(device), "verify", "--digest"]) }

    func testEverySyncCosignsAndTheNoteListsEveryDevicesCosignature() async throws {
        let (url, ledger) = (postgresURL!, ledgerName!)
        try ok(["server", "init", "--postgres", url, "--ledger", ledger])
        let tokenA = try ok(["server", "token", "--postgres", url, "--ledger", ledger, "--member", "alice", "--device", "laptop"])
        let tokenB = try ok(["server", "token", "--postgres", url, "--ledger", ledger, "--member", "bob", "--device", "phone"])
        try ok(["--db", path("a"), "init", "--currency", "USD"])
        try ok(["--db", path("a"), "account", "open", "assets:checking", "--type", "asset"])
        let remote = try startServer()
        try ok(["--db", path("a"), "sync", "--remote", remote.description, "--token", tokenA])
        try ok(["--db", path("b"), "sync", "--remote", remote.description, "--token", tokenB])
        try ok(["--db", path("a"), "sync"])

        let files = WitnessFiles(ledgerAt: path("a"))
        let mode = try FileManager.default.attributesOfItem(atPath: files.keyPath)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "the device key is private")
        let keyText = try String(contentsOfFile: files.keyPath, encoding: .utf8)
        XCTAssertTrue(keyText.hasPrefix("PRIVATE+KEY+"))
        let cosignatures = try await sql("SELECT count(*)::text FROM kakeibo_cosignatures c JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(ledger)'")
        XCTAssertEqual(cosignatures[0][0], "2", "A and B each cosigned the head (A twice, one row a size)")
        let kept = try XCTUnwrap(try files.lastCheckpoint())
        XCTAssertEqual(kept.signatures.count, 3, "the server's signature and both devices' cosignatures: \(kept)")
        // checkpoint --format note: the body, then the server's signature and both devices' cosignatures of that tree.
        let note = try ok(["--db", path("a"), "checkpoint", "--format", "note"])
        XCTAssertEqual(note.split(separator: "\n").filter { $0.hasPrefix("\u{2014} ") }.count, 3, note)
        XCTAssertEqual(try SignedNote(parsing: note + "\n").signature(by: try XCTUnwrap(try files.pinnedServerKey()))?.name,
                       try files.pinnedServerKey()?.name, note)
        let report = try ok(["--db", path("a"), "verify", "--witnesses"])
        XCTAssertTrue(report.contains("no forked history seen"), report)
        let eventLog = try String(contentsOfFile: path("a"), encoding: .isoLatin1)
        XCTAssertFalse(eventLog.contains(String(keyText.split(separator: "+")[4].prefix(20))), "the key is never in the ledger file")
    }

    func testAServerThatForksBsViewIsRefusedWithBothCheckpointsAndNothingIsLost() async throws {
        let (url, ledger) = (postgresURL!, ledgerName!)
        try ok(["server", "init", "--postgres", url, "--ledger", ledger])
        let token = { (member: String, device: String) in
            try self.ok(["server", "token", "--postgres", url, "--ledger", ledger, "--member", member, "--device", device])
        }
        let (tokenA, tokenB, tokenC) = (try token("alice", "laptop"), try token("bob", "phone"), try token("carol", "tablet"))
        try ok(["--db", path("a"), "init", "--currency", "USD"])
        try ok(["--db", path("a"), "account", "open", "assets:checking", "--type", "asset"])
        try ok(["--db", path("a"), "category", "add", "groceries"])
        let remote = try startServer()
        try ok(["--db", path("a"), "sync", "--remote", remote.description, "--token", tokenA])
        try ok(["--db", path("b"), "sync", "--remote", remote.description, "--token", tokenB])
        let common = try head("b")
        let n = Int(common.split(separator: ":")[0])!

        // A records three expenses and syncs: the server signs size n+3, A cosigns it.
        for amount in ["1.00", "2.00", "3.00"] { try expense("a", amount) }
        try ok(["--db", path("a"), "sync"])
        let aHead = try head("a")
        // B records one offline.
        try expense("b", "7.00")
        let bBefore = try head("b")

        // The server forks: it takes A's three events back, and hides A's cosignature while carol's new
        // device clones the shortened log and pushes three expenses of her own onto it.
        let id = "(SELECT ledger_id FROM kakeibo_ledgers WHERE name = '\(ledger)')"
        let hidden = try await sql("SELECT device_id, size::text, root, verifier_key, note FROM kakeibo_cosignatures WHERE ledger_id = \(id) AND size > \(n)")
        XCTAssertEqual(hidden.count, 1, "A's cosignature of size n+3")
        _ = try await sql("""
            DO $$ BEGIN
                SET LOCAL session_replication_role = replica;
                DELETE FROM kakeibo_events WHERE ledger_id = \(id) AND position > \(n);
                DELETE FROM kakeibo_tree_nodes WHERE ledger_id = \(id);
                DELETE FROM kakeibo_cosignatures WHERE ledger_id = \(id) AND size > \(n);
                UPDATE kakeibo_ledgers SET head_position = \(n),
                    head_hash = (SELECT hash FROM kakeibo_events WHERE ledger_id = \(id) AND position = \(n)) WHERE ledger_id = \(id);
            END $$
            """)
        try ok(["--db", path("c"), "sync", "--remote", remote.description, "--token", tokenC])
        for amount in ["4.00", "5.00", "6.00"] { try expense("c", amount) }
        try ok(["--db", path("c"), "sync"])
        let forkHead = try head("c")
        for row in hidden {
            _ = try await sql("""
                INSERT INTO kakeibo_cosignatures (ledger_id, device_id, size, root, verifier_key, note)
                VALUES (\(id), '\(row[0]!)', \(row[1]!), '\(row[2]!)', '\(row[3]!)', $note$\(row[4]!)$note$)
                """)
        }

        // B's next sync refuses in one line naming both checkpoints, sizes and roots.
        let refused = try kakeibo(["--db", path("b"), "sync"])
        XCTAssertEqual(refused.status, 1)
        let line = refused.stderr.trimmingCharacters(in: .newlines)
        XCTAssertEqual(line.split(separator: "\n").count, 1, line)
        let rootA = try XCTUnwrap(Checkpoint(noteBody: try SignedNote(parsing: hidden[0][4]!).text)).root.hex
        let served = try await HouseholdServer.withStore(postgres: url) { try await $0.signedCheckpoint(ledger: ledger, bearer: tokenC) }
        let fork = try XCTUnwrap(Checkpoint(noteBody: try SignedNote(parsing: served).text))
        XCTAssertEqual(fork.size, UInt64(n + 3))
        XCTAssertNotEqual(fork.root.hex, rootA)
        XCTAssertTrue(line.contains("checkpoint \(n + 3):\(rootA)"), line)
        XCTAssertTrue(line.contains("checkpoint \(n + 3):\(fork.root.hex)"), line)
        XCTAssertTrue(line.contains("nothing was changed"), line)

        // The evidence: both notes, each signed by the server's key, beside B's ledger.
        let evidence = try WitnessFiles(ledgerAt: path("b")).evidence()
        XCTAssertEqual(evidence.count, 1)
        let serverKey = try XCTUnwrap(try WitnessFiles(ledgerAt: path("b")).pinnedServerKey())
        XCTAssertNotNil(evidence[0].seen.signature(by: serverKey))
        XCTAssertNotNil(evidence[0].shown.signature(by: serverKey))
        XCTAssertEqual(Checkpoint(noteBody: evidence[0].seen.text)?.root.hex, rootA)
        XCTAssertEqual(Checkpoint(noteBody: evidence[0].shown.text)?.root, fork.root)
        XCTAssertTrue(line.contains(evidence[0].folder), line)

        // verify --witnesses lists it and fails.
        let witnesses = try kakeibo(["--db", path("b"), "verify", "--witnesses"])
        XCTAssertEqual(witnesses.status, 1)
        XCTAssertTrue(witnesses.stdout.contains("forked history 1: the server signed checkpoint \(n + 3):\(rootA)"), witnesses.stdout)
        XCTAssertTrue(witnesses.stdout.contains("checkpoint \(n + 3):\(fork.root.hex)"), witnesses.stdout)
        XCTAssertTrue(witnesses.stderr.contains("1 forked history caught"), witnesses.stderr)
        let json = try ok(["--db", path("a"), "verify", "--witnesses", "--format", "json"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual((document["forks"] as? [Any])?.count, 0, "A caught nothing yet: \(json)")

        // No event of either history is lost: B's file is as it was (its offline expense still pending), A's holds
        // its three, the server and C hold the fork's three; A's next sync refuses too.
        XCTAssertEqual(try head("b"), bBefore)
        XCTAssertTrue(try ok(["--db", path("b"), "sync", "--status"]).contains("1 event recorded here not yet synced"))
        XCTAssertEqual(try head("a"), aHead)
        XCTAssertEqual(try head("c"), forkHead)
        let serverHead = try await sql("SELECT head_position::text FROM kakeibo_ledgers WHERE name = '\(ledger)'")
        XCTAssertEqual(serverHead[0][0], String(n + 3), "B pushed nothing")
        let aRefused = try kakeibo(["--db", path("a"), "sync"])
        XCTAssertEqual(aRefused.status, 1)
        XCTAssertTrue(aRefused.stderr.contains("forked"), aRefused.stderr)
        XCTAssertEqual(try head("a"), aHead)
        for device in ["a", "b", "c"] { try ok(["--db", path(device), "verify"]) }
        let registerA = try ok(["--db", path("a"), "register", "expenses:groceries"])
        for amount in ["1.00", "2.00", "3.00"] { XCTAssertTrue(registerA.contains(amount), registerA) }
    }
}

