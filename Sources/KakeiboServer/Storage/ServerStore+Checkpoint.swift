import KakeiboChain
import KakeiboSync
import Logging
import PostgresNIO

/// Signed checkpoints, consistency proofs and cosignatures (issue 34, part 5).
///
/// The server signs the checkpoint of a ledger's whole log each time one is asked for, with its
/// one Ed25519 key (`kakeibo_signing_keys`, created by the first request; see server migration 3
/// for why it lives in the database). Devices check it against the last checkpoint they saw and
/// against their own log, add their signature and push it back; the note served then carries
/// every device's signature of that same tree, and `checkpoint/cosignatures` lists the newest one
/// each device cosigned, so any device can ask for a consistency proof from another's view to the
/// tree it is shown, which a server that forked the devices' views cannot give.
extension ServerStore {
    /// The server's signing key, created (once, whoever asks first) when there is none.
    func signer(on connection: PostgresConnection) async throws -> NoteSigner {
        if let text = try await connection.query("SELECT private_key FROM kakeibo_signing_keys", logger: logger).collect().first {
            return try NoteSigner(privateKeyText: try text.makeRandomAccess()[0].decode(String.self))
        }
        let fresh = try NoteSigner(name: "kakeibo-server-" + String(UInt32.random(in: .min ... .max), radix: 16))
        try await connection.query("""
            INSERT INTO kakeibo_signing_keys (singleton, private_key) VALUES (1, \(fresh.privateKeyText)) ON CONFLICT DO NOTHING
            """, logger: logger)
        let text = try await connection.query("SELECT private_key FROM kakeibo_signing_keys", logger: logger).collect()[0]
        return try NoteSigner(privateKeyText: try text.makeRandomAccess()[0].decode(String.self))
    }

    /// The origin line of `ledgerId`'s checkpoints: its ledger id, the event id of its `LedgerCreated` (position 1).
    func origin(ledgerId: Int64, on connection: PostgresConnection) async throws -> String {
        let rows = try await connection.query("""
            SELECT event_id FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND position = 1
            """, logger: logger).collect()
        guard let row = rows.first else { throw ServerError(409, "empty", "the ledger has no events yet, so no checkpoint") }
        return try row.makeRandomAccess()[0].decode(String.self)
    }

    /// The checkpoint of the ledger's whole log as the tree stands (caught up first).
    func checkpoint(ledgerId: Int64, on connection: PostgresConnection) async throws -> Checkpoint {
        let (head, _) = try await head(ledgerId: ledgerId, on: connection)
        try await extendTree(ledgerId: ledgerId, through: head.position, on: connection)
        let size = UInt64(head.position)
        let root = try await withStoredTree(ledgerId: ledgerId, on: connection) { try MerkleTree.root(size: size, in: $0) }
        return Checkpoint(origin: try await origin(ledgerId: ledgerId, on: connection), size: size, root: root)
    }

    /// `GET v1/ledgers/NAME/checkpoint`: the signed note of the ledger's checkpoint, the server's signature
    /// first, then every device's cosignature of the same tree.
    public func signedCheckpoint(ledger: String, bearer: String?) async throws -> String {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
            let checkpoint = try await checkpoint(ledgerId: caller.ledgerId, on: connection)
            let signer = try await signer(on: connection)
            var note = SignedNote(text: checkpoint.noteBody, signatures: [try signer.sign(checkpoint.noteBody)])
            for row in try await connection.query("""
                SELECT note FROM kakeibo_cosignatures
                WHERE ledger_id = \(caller.ledgerId) AND size = \(Int64(checkpoint.size)) AND root = \(checkpoint.root.hex)
                ORDER BY device_id
                """, logger: logger).collect() {
                guard let cosigned = try? SignedNote(parsing: try row.makeRandomAccess()[0].decode(String.self)),
                      cosigned.text == note.text else { continue }
                for signature in cosigned.signatures where signature.name != signer.name { note = note.adding(signature) }
            }
            return note.description
        }
    }

    /// `GET v1/ledgers/NAME/proof/consistency?from=OLD&to=NEW` (NEW: the head when absent).
    public func consistency(ledger: String, bearer: String?, from oldSize: UInt64, to newSize: UInt64?) async throws -> ConsistencyReply {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
            let checkpoint = try await checkpoint(ledgerId: caller.ledgerId, on: connection)
            let size = newSize ?? checkpoint.size
            guard oldSize >= 1, oldSize <= size, size <= checkpoint.size else {
                throw ServerError(416, "bad-sizes", "a consistency proof needs 1 ≤ from ≤ to ≤ \(checkpoint.size), not \(oldSize) and \(size)")
            }
            let (oldRoot, root, path) = try await withStoredTree(ledgerId: caller.ledgerId, on: connection) { source in
                (try MerkleTree.root(size: oldSize, in: source), try MerkleTree.root(size: size, in: source),
                 oldSize == size ? [] : try MerkleTree.consistencyPath(oldSize: oldSize, newSize: size, in: source))
            }
            return ConsistencyReply(origin: checkpoint.origin, oldSize: oldSize, oldRoot: oldRoot.hex, size: size, root: root.hex,
                                    path: path.map(\.hex))
        }
    }

    /// `POST v1/ledgers/NAME/checkpoint/cosignatures`: keeps a device's cosignature of a checkpoint this server signed.
    /// Any scope may witness: cosigning changes no books.
    public func cosign(ledger: String, bearer: String?, request: CosignatureRequest) async throws -> CosignaturesReply.Cosigned {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
            let signer = try await signer(on: connection)
            guard let note = try? SignedNote(parsing: request.note), let checkpoint = Checkpoint(noteBody: note.text) else {
                throw ServerError.malformed("the note is not a signed checkpoint")
            }
            guard note.signature(by: signer.verifier) != nil else {
                throw ServerError(422, "not-signed", "this server did not sign that checkpoint")
            }
            guard let key = try? SignedNote.Verifier(request.key), key.name != signer.name, note.signature(by: key) != nil else {
                throw ServerError(422, "not-cosigned", "the note carries no valid signature by the key given")
            }
            let kept = SignedNote(text: note.text, signatures: [note.signature(by: signer.verifier)!, note.signature(by: key)!])
            try await connection.query("""
                INSERT INTO kakeibo_cosignatures (ledger_id, device_id, size, root, verifier_key, note)
                VALUES (\(caller.ledgerId), \(caller.deviceId), \(Int64(checkpoint.size)), \(checkpoint.root.hex), \(key.description), \(kept.description))
                ON CONFLICT (ledger_id, device_id, size) DO UPDATE
                SET root = excluded.root, verifier_key = excluded.verifier_key, note = excluded.note, created_at = now()
                """, logger: logger)
            return .init(device: caller.deviceId, key: key.description, note: kept.description)
        }
    }

    /// `GET v1/ledgers/NAME/checkpoint/cosignatures`: the newest checkpoint each device cosigned.
    public func cosignatures(ledger: String, bearer: String?) async throws -> CosignaturesReply {
        try await transaction { connection in
            let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
            let signer = try await signer(on: connection)
            let rows = try await connection.query("""
                SELECT DISTINCT ON (device_id) device_id, verifier_key, note FROM kakeibo_cosignatures
                WHERE ledger_id = \(caller.ledgerId) ORDER BY device_id, size DESC
                """, logger: logger).collect()
            return CosignaturesReply(serverKey: signer.verifier.description, cosignatures: try rows.map { row in
                let r = row.makeRandomAccess()
                return .init(device: try r[0].decode(String.self), key: try r[1].decode(String.self), note: try r[2].decode(String.self))
            })
        }
    }
}
