import Foundation
import XCTest

/// `checkpoint`, `prove`, `proof check`, `verify --expect-root` (issue 34): a proof made on one
/// machine is checked with no ledger, and any change to what it proves makes the check fail.
final class ProofCommandTests: KakeiboCLITestCase {
    /// The standard ledger, its expense edited and voided (three events of one transaction), then
    /// 20 more payments so the tree has stored nodes (16 leaves and up) under and beside the proof.
    private func provenLedger() throws -> (txn: String, head: String) {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        for amount in 1...20 { try record("expense", "\(amount)", "--from", "assets:checking", "--category", "groceries") }
        try ok("void", txn, "--reason", "duplicate")
        let checkpoint = try ok("checkpoint", "--format", "json").jsonObject()
        let size = try XCTUnwrap(checkpoint["size"] as? Int), root = try XCTUnwrap(checkpoint["root"] as? String)
        return (txn, "\(size):\(root)")
    }

    private func write(_ object: Any, _ name: String) throws -> String {
        let path = sandbox.path(name)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `proof check` with no --db and no ledger file anywhere near.
    private func check(_ file: String, root: String? = nil) throws -> CommandResult {
        try sandbox.runRaw(["proof", "check", file] + (root.map { ["--root", $0] } ?? []))
    }

    private func assertRefused(_ result: CommandResult, containing text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.exitCode, 1, "\(result)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "one line:\n\(result)", file: file, line: line)
        XCTAssertTrue(result.err.contains(text), "expected \(text.debugDescription):\n\(result)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    func testCheckpointNoteAndJSONAgree() throws {
        let (_, head) = try provenLedger()
        let note = try ok("checkpoint").stdoutLines
        XCTAssertEqual(note.count, 3)
        let json = try ok("checkpoint", "--format", "json").jsonObject()
        XCTAssertEqual(note[0], json["origin"] as? String)
        XCTAssertEqual("\(note[1]):", head.prefix(while: { $0 != ":" }) + ":")
        let root = try XCTUnwrap(Data(base64Encoded: note[2]))
        XCTAssertEqual(root.map { String(format: "%02x", $0) }.joined(), json["root"] as? String)
        // The origin is the ledger's id: its first event's (a UUID).
        XCTAssertTrue(note[0].isUUIDShaped, note[0])
    }

    func testProveOnePaymentAndCheckItWithNoLedger() throws {
        let (txn, head) = try provenLedger()
        let proof = try ok("prove", txn, "--format", "json").jsonObject()
        let events = try XCTUnwrap(proof["events"] as? [[String: Any]])
        XCTAssertEqual(events.count, 3, "capture, edit, void")
        XCTAssertEqual(events.map { $0["position"] as? Int }, [7, 10, 31])
        XCTAssertEqual("\(proof["size"] as? Int ?? 0):\(proof["root"] as? String ?? "")", head)
        for event in events {
            XCTAssertEqual(Set(event.keys), ["position", "hash", "previousHash", "envelope", "payload", "path"])
        }
        // A tree of 31 leaves: 5 siblings for a leaf in the first 16 or 8, 4 for the last (it has no sibling at the bottom).
        XCTAssertEqual(events.map { ($0["path"] as? [String])?.count }, [5, 5, 4])
        let file = try write(proof, "payment.proof.json")
        try FileManager.default.removeItem(atPath: db)
        let checked = try check(file, root: head)
        XCTAssertEqual(checked.exitCode, 0, "\(checked)")
        XCTAssertTrue(checked.out.hasPrefix("ok: inclusion proof holds: 3 events at position 7, 10, 31, in the tree of 31"), checked.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: db), "proof check opens no ledger")
    }

    /// One byte of every hashed field, one at a time: the check fails in one line naming what broke.
    func testFlippingAnyHashedByteOfAProofFails() throws {
        let (txn, head) = try provenLedger()
        let proof = try ok("prove", txn, "--format", "json").jsonObject()
        XCTAssertEqual(try check(try write(proof, "good.json"), root: head).exitCode, 0)

        func flippedHex(_ hex: String, at index: Int) -> String {
            var chars = Array(hex)
            chars[index] = chars[index] == "0" ? "1" : "0"
            return String(chars)
        }
        func flippedText(_ text: String, at index: Int) -> String {
            var bytes = Array(text.utf8)
            bytes[index] = bytes[index] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
            return String(decoding: bytes, as: UTF8.self)
        }
        var cases: [(String, [String: Any])] = []
        var events = try XCTUnwrap(proof["events"] as? [[String: Any]])
        for (number, event) in events.enumerated() {
            for field in ["hash", "previousHash"] {
                var copy = events
                copy[number][field] = flippedHex(try XCTUnwrap(event[field] as? String), at: 63)
                cases.append(("events[\(number)].\(field)", proof.merging(["events": copy]) { $1 }))
            }
            for field in ["envelope", "payload"] {
                let text = try XCTUnwrap(event[field] as? String)
                // A byte inside a value (the middle), and the last byte.
                for index in [text.utf8.count / 2, text.utf8.count - 2] {
                    var copy = events
                    copy[number][field] = flippedText(text, at: index)
                    cases.append(("events[\(number)].\(field) byte \(index)", proof.merging(["events": copy]) { $1 }))
                }
            }
            let path = try XCTUnwrap(event["path"] as? [String])
            for step in path.indices {
                var copy = events, changed = path
                changed[step] = flippedHex(path[step], at: 0)
                copy[number]["path"] = changed
                cases.append(("events[\(number)].path[\(step)]", proof.merging(["events": copy]) { $1 }))
            }
            var shortened = events
            shortened[number]["path"] = Array(path.dropLast())
            cases.append(("events[\(number)].path shortened", proof.merging(["events": shortened]) { $1 }))
            var moved = events
            moved[number]["position"] = (event["position"] as? Int ?? 0) + 1
            cases.append(("events[\(number)].position", proof.merging(["events": moved]) { $1 }))
        }
        cases.append(("root", proof.merging(["root": flippedHex(try XCTUnwrap(proof["root"] as? String), at: 10)]) { $1 }))
        cases.append(("size", proof.merging(["size": (proof["size"] as? Int ?? 0) + 1]) { $1 }))
        // Two events swapped, each keeping the other's bytes.
        events.swapAt(0, 1)
        cases.append(("events swapped", proof.merging(["events": events]) { $1 }))

        for (number, (name, tampered)) in cases.enumerated() {
            let file = try write(tampered, "tampered-\(number).json")
            let result = try check(file, root: head)
            XCTAssertEqual(result.exitCode, 1, "\(name) still checks:\n\(result)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(name):\n\(result)")
            XCTAssertTrue(result.err.hasPrefix("kakeibo: error: \(file): proof fails: "), "\(name):\n\(result)")
        }
        // Without --root, a changed root and size are at least not the root the other events lead to.
        let root = proof.merging(["root": flippedHex(try XCTUnwrap(proof["root"] as? String), at: 10)]) { $1 }
        assertRefused(try check(try write(root, "root-only.json")), containing: "its path leads to root")
    }

    func testWrongRootOrSizeIsRefused() throws {
        let (txn, head) = try provenLedger()
        let file = try write(try ok("prove", txn, "--format", "json").jsonObject(), "p.json")
        let size = head.prefix(while: { $0 != ":" }), root = head.drop(while: { $0 != ":" }).dropFirst()
        let otherRoot = String(root.prefix(63)) + (root.last == "0" ? "1" : "0")
        assertRefused(try check(file, root: "\(size):\(otherRoot)"), containing: "proof fails: it is against the tree of \(size) with root \(root), not \(size):\(otherRoot)")
        assertRefused(try check(file, root: "\(Int(size)! - 1):\(root)"), containing: "proof fails: it is against the tree of \(size)")
        assertRefused(try check(file, root: "12:abc"), containing: "--root 12:abc is not a tree head")
        assertRefused(try check(sandbox.path("missing.json")), containing: "cannot read")
        let notJSON = sandbox.path("notes.txt")
        try "not a proof\n".write(toFile: notJSON, atomically: true, encoding: .utf8)
        assertRefused(try check(notJSON), containing: "notes.txt: not a proof: not JSON")
    }

    /// A byte of the ledger behind a proof changed (under the append-only triggers): a proof made
    /// from it no longer checks against the checkpoint taken before, and `verify` names the event.
    func testTamperedLedgerMakesItsProofFail() throws {
        let (txn, head) = try provenLedger()
        // Change one digit of the edit's amount in its stored payload (position 10).
        try SQLite3.run(db, """
            DROP TRIGGER events_refuse_update;
            UPDATE events SET payload = replace(payload, '1300', '1400') WHERE position = 10;
            """)
        let file = try write(try ok("prove", txn, "--format", "json").jsonObject(), "p.json")
        assertRefused(try check(file, root: head), containing: "proof fails: event at position 10: SHA-256(previousHash, envelope, payload) is")

        // Its stored hash rewritten to match: the chain breaks at the next event, and the tree no longer has the old root.
        try SQLite3.run(db, """
            UPDATE events SET hash = X'\(String(repeating: "ab", count: 32))' WHERE position = 10;
            """)
        let second = try write(try ok("prove", txn, "--format", "json").jsonObject(), "q.json")
        XCTAssertEqual(try check(second, root: head).exitCode, 1)
        // `verify --expect-root` alone reads the stored tree (a projection, O(log n) rows) and no longer
        // re-hashes the log (issue 34: "without re-hashing the whole log, when a consistency path
        // suffices"), so a hash rewritten in the file under the stored tree is not its to find: the full
        // verification finds it, alone or with --expect-root and --digest, naming the event.
        let full = try kakeibo("verify")
        XCTAssertEqual(full.exitCode, 1)
        XCTAssertTrue(full.err.contains("verification failed at position 10"), "\(full)")
        XCTAssertEqual(try kakeibo("verify", "--expect-root", head, "--digest").exitCode, 1)
    }

    /// Two events swapped in the ledger file: proofs of either fail against the checkpoint from before.
    func testSwappedEventsInTheLedgerFail() throws {
        let (txn, head) = try provenLedger()
        try SQLite3.run(db, """
            DROP TRIGGER events_refuse_update;
            CREATE TEMP TABLE swap AS SELECT position, payload FROM events WHERE position IN (10, 11);
            UPDATE events SET payload = (SELECT payload FROM swap WHERE swap.position = 21 - events.position) WHERE position IN (10, 11);
            """)
        let file = try write(try ok("prove", txn, "--format", "json").jsonObject(), "p.json")
        assertRefused(try check(file, root: head), containing: "proof fails: event at position 10")
    }

    func testConsistencyProofAndExpectRoot() throws {
        try standardLedger()
        let old = try ok("checkpoint", "--format", "json").jsonObject()
        let oldHead = "\(old["size"] as? Int ?? 0):\(old["root"] as? String ?? "")"
        for amount in 1...40 { try record("expense", "\(amount)", "--from", "assets:checking", "--category", "groceries") }
        let verified = try ok("verify", "--expect-root", oldHead)
        XCTAssertTrue(verified.out.contains("tree of 9 has root \(old["root"] as? String ?? "")"), verified.out)

        let proof = try ok("prove", "--consistency", "9", "--format", "json").jsonObject()
        XCTAssertEqual(Set(proof.keys), ["origin", "oldSize", "oldRoot", "size", "root", "path"])
        XCTAssertEqual(proof["oldRoot"] as? String, old["root"] as? String)
        XCTAssertEqual(proof["size"] as? Int, 49)
        let file = try write(proof, "c.json")
        let now = try ok("checkpoint", "--format", "json").jsonObject()
        XCTAssertEqual(try check(file, root: "49:\(now["root"] as? String ?? "")").exitCode, 0)
        var path = try XCTUnwrap(proof["path"] as? [String])
        path[1] = String(path[1].reversed())
        assertRefused(try check(try write(proof.merging(["path": path]) { $1 }, "bad.json")),
                      containing: "proof fails: the path does not show the tree of 49 extends the tree of 9")

        let wrong = String(oldHead.dropLast()) + (oldHead.last == "0" ? "1" : "0")
        let refused = try kakeibo("verify", "--expect-root", wrong)
        assertRefused(refused, containing: "the log's tree of size 9 has root \(old["root"] as? String ?? ""), not ")
        assertRefused(try kakeibo("prove", "--consistency", "50"), containing: "the log has 49 events; there is no tree of size 50 in it")
        assertRefused(try kakeibo("verify", "--expect-root", "50:\(now["root"] as? String ?? "")"), containing: "no tree of size 50")
    }

    /// `verify --expect-root` alone reads the stored tree, not the log (issue 34): it says what it checked
    /// and what it did not, gives the same in JSON, and still re-hashes the newest event, so a payload
    /// changed at the head is refused in one line naming its position, with the log as it was.
    func testExpectRootReadsTheStoredTreeAndRehashesTheNewestEvent() throws {
        let (_, head) = try provenLedger()
        let size = Int(head.prefix(while: { $0 != ":" }))!
        let out = try ok("verify", "--expect-root", head).out
        XCTAssertTrue(out.contains("ok: tree of \(size) has root"), out)
        XCTAssertTrue(out.contains("a consistency path of 0 hashes from the stored tree, and the newest event re-hashed"), out)
        XCTAssertTrue(out.contains("`kakeibo verify` re-hashes every event"), out)
        try record("expense", "7", "--from", "assets:checking", "--category", "groceries")
        let json = try ok("verify", "--expect-root", head, "--format", "json").jsonObject()
        XCTAssertEqual(json["valid"] as? Bool, true)
        XCTAssertEqual(json["size"] as? Int, size)
        XCTAssertEqual(json["headSize"] as? Int, size + 1)
        XCTAssertGreaterThan(json["consistencyPath"] as? Int ?? 0, 0)

        try SQLite3.run(db, """
            DROP TRIGGER events_refuse_update;
            UPDATE events SET payload = payload || ' ' WHERE position = \(size + 1);
            """)
        let before = try SQLite3.run(db, "SELECT count(*), max(position), sum(length(payload)) FROM events;")
        assertRefused(try kakeibo("verify", "--expect-root", head),
                      containing: "the newest event (position \(size + 1)) does not hash to its stored chain hash")
        XCTAssertEqual(try SQLite3.run(db, "SELECT count(*), max(position), sum(length(payload)) FROM events;"), before)
    }

    /// The tree is a projection: replay rebuilds it to the same root, and replay --check compares it.
    func testReplayRebuildsTheSameTree() throws {
        let (_, head) = try provenLedger()
        try ok("replay")
        XCTAssertEqual(try ok("verify", "--expect-root", head).exitCode, 0)
        try SQLite3.run(db, "DELETE FROM merkle_nodes WHERE level = 4 AND idx = 0")
        let check = try kakeibo("replay", "--check")
        XCTAssertEqual(check.exitCode, 1)
        XCTAssertTrue(check.err.contains("merkle_nodes"), "\(check)")
        // Even with a node missing, answers are the log's (computed from the level below).
        XCTAssertEqual(try ok("checkpoint", "--format", "json").jsonObject()["root"] as? String, String(head.drop(while: { $0 != ":" }).dropFirst()))
        try ok("replay")
        try ok("replay", "--check")
    }
}
