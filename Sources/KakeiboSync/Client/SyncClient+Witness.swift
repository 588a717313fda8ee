import Foundation
import GRDB
import KakeiboChain
import KakeiboEventStore

/// What a device saw of the server before a sync changed anything: its key and its signed checkpoint.
struct WitnessView: Sendable {
    var key: SignedNote.Verifier
    var note: SignedNote
    var checkpoint: Checkpoint
}

/// The device as a witness of its server (issue 34, part 5), on every sync:
///
/// 1. Before anything is pushed or pulled: the server's signed checkpoint, checked against the last
///    checkpoint this device cosigned and against the newest one every other device cosigned (the
///    server serves them back): the same size must have the same root, no tree may shrink, and a
///    larger tree must come with an RFC 9162 consistency proof from the smaller. A split view, the
///    server showing this device a history forked from what another saw, fails one of these; the
///    sync then refuses in one line naming both checkpoints and keeps both signed notes beside the
///    ledger (`WitnessFiles`), and the file, its pending events and the server are left as they were.
/// 2. After the sync: the new checkpoint, checked against the first (consistency) and against the
///    events the file now holds (their tree's root), then cosigned with this device's key and pushed.
///
/// A server that serves no checkpoint (an older one, or an in-memory test double) is synced with as
/// before, until a file has pinned a server key; from then on a missing checkpoint is refused.
extension SyncClient {
    func witnessBeforeSync(ledgerAt path: String) async throws -> WitnessView? {
        let files = WitnessFiles(ledgerAt: path)
        // Other devices' cosignatures are asked for BEFORE the checkpoint: a device whose sync ends between the two
        // requests cosigns a larger tree than one fetched earlier, which looked like a shrinking log, a fork
        // (SyncConcurrencyTests: three devices pushing at once). Fetched first, every tree they list is one the
        // server had signed before the checkpoint it shows now, so an honest server's is never smaller.
        var listed: CosignaturesReply?
        do {
            listed = try await call("GET", ledgerPath + "/checkpoint/cosignatures")
        } catch SyncError.refused(let status, let error) where (status == 404 || status == 405) && error.error != "no-ledger" {
            listed = nil // a server without witness routes: `signedCheckpoint` decides what that means
        }
        guard let view = try await signedCheckpoint(files) else { return nil }
        let others: CosignaturesReply
        if let listed { others = listed } else { others = try await call("GET", ledgerPath + "/checkpoint/cosignatures") }
        if let last = try files.lastCheckpoint(), last.signature(by: view.key) != nil {
            try await requireConsistent(seen: last, seenBy: "cosigned by this device at its last sync", shown: view, files)
        }
        var checked: Set<String> = []
        for other in others.cosignatures {
            // Only what the server itself signed is evidence against it; a note it did not sign proves nothing.
            guard let note = try? SignedNote(parsing: other.note), note.signature(by: view.key) != nil,
                  checked.insert(note.text).inserted else { continue }
            let name = (try? SignedNote.Verifier(other.key))?.name ?? other.key
            try await requireConsistent(seen: note, seenBy: "cosigned by \(name), device \(other.device)", shown: view, files)
        }
        return view
    }

    func witnessAfterSync(_ before: WitnessView?, ledgerAt path: String, report: SyncReport) async throws -> SyncReport {
        let files = WitnessFiles(ledgerAt: path)
        guard let view = try await signedCheckpoint(files, expectedKey: before?.key) else { return report }
        if let before {
            try await requireConsistent(seen: before.note, seenBy: "shown at the start of this sync", shown: view, files)
        }
        let signer = try SyncTrace.time("signer") { try files.signer() }
        // The events this file holds as the server's: their tree must be (a prefix of) the one the server signed.
        let synced = try SyncTrace.time("status") { try SyncClient.status(ledgerAt: path).synced ?? 0 }
        let local = try SyncTrace.time("local checkpoint") { try Self.localCheckpoint(ledgerAt: path, size: synced, origin: view.checkpoint.origin) }
        let path = local.size < view.checkpoint.size ? try await consistencyPath(from: local.size, to: view.checkpoint.size) : []
        if Witness.verdict(seen: local, shown: view.checkpoint, path: path) != .consistent {
            let mine = SignedNote(text: local.noteBody, signatures: [try signer.sign(local.noteBody)])
            let evidence = try files.keepEvidence(seen: mine, shown: view.note, reason: "the signed root is not the tree of the events served")
            throw WitnessError.wrongRoot(signed: .init(view.checkpoint), local: .init(local), evidence: evidence)
        }
        guard let serverSignature = view.note.signature(by: view.key) else { return report }
        let cosigned = SignedNote(text: view.note.text, signatures: [serverSignature, try signer.sign(view.note.text)])
        let _: CosignaturesReply.Cosigned = try await call("POST", ledgerPath + "/checkpoint/cosignatures",
                                                           body: CosignatureRequest(note: cosigned.description, key: signer.verifier.description))
        // What the server serves now for that tree carries every device's cosignature of it: kept, so
        // `checkpoint --format note` lists them.
        var kept = cosigned
        if let served = try? await signedCheckpoint(files, expectedKey: view.key), served.note.text == cosigned.text {
            for signature in served.note.signatures where !kept.signatures.contains(signature) { kept.signatures.append(signature) }
        }
        try SyncTrace.time("keep checkpoint") { try files.keep(checkpoint: kept) }
        if try files.pinnedServerKey() == nil { try files.pin(view.key) }
        return report
    }

    /// The server's signed checkpoint and key (the pinned one, else the one it names, trusted on first use); nil
    /// when it serves none and none was pinned.
    private func signedCheckpoint(_ files: WitnessFiles, expectedKey: SignedNote.Verifier? = nil) async throws -> WitnessView? {
        let pinned = try files.pinnedServerKey() ?? expectedKey
        let (status, data) = try await SyncTrace.time("GET checkpoint") {
            try await transport.send(method: "GET", path: ledgerPath + "/checkpoint", query: [:], body: nil, token: token)
        }
        guard status == 200 else {
            let error = try? JSONDecoder().decode(WireError.self, from: data)
            // 404/405: a server without checkpoints (a route it does not have); 409 empty: a ledger with no events yet.
            if status == 409 && error?.error == "empty" { return nil }
            if status == 404 || status == 405, error?.error != "no-ledger" {
                if let pinned { throw WitnessError.noCheckpoint(pinned: pinned.description, status: status) }
                return nil
            }
            throw SyncError.refused(status: status, error ?? WireError(error: "http-\(status)", detail: String(decoding: data.prefix(200), as: UTF8.self)))
        }
        let key: SignedNote.Verifier
        if let pinned {
            key = pinned
        } else {
            let reply: CosignaturesReply = try await call("GET", ledgerPath + "/checkpoint/cosignatures")
            do { key = try SignedNote.Verifier(reply.serverKey) } catch {
                throw WitnessError.unsigned(pinned: reply.serverKey, detail: "the key the server names is not a verifier key")
            }
        }
        let note: SignedNote
        do { note = try SignedNote(parsing: String(decoding: data, as: UTF8.self)) } catch {
            throw WitnessError.unsigned(pinned: key.description, detail: "not a signed note: \(error)")
        }
        guard note.signature(by: key) != nil else { throw WitnessError.unsigned(pinned: key.description, detail: "no valid signature by it") }
        guard let checkpoint = Checkpoint(noteBody: note.text) else {
            throw WitnessError.unsigned(pinned: key.description, detail: "the signed text is not a checkpoint")
        }
        return WitnessView(key: key, note: note, checkpoint: checkpoint)
    }

    /// Refuses, keeping both notes as evidence, unless `shown` extends (or is) the tree of `seen`.
    private func requireConsistent(seen note: SignedNote, seenBy: String, shown: WitnessView, _ files: WitnessFiles) async throws {
        guard let seen = Checkpoint(noteBody: note.text) else { return }
        var path: [Digest32]? = []
        if seen.size > 0 && seen.size < shown.checkpoint.size {
            do {
                path = try await consistencyPath(from: seen.size, to: shown.checkpoint.size)
            } catch SyncError.refused(let status, _) where (400..<500).contains(status) {
                path = nil // the server declines to prove it: no proof is what a fork looks like
            } catch SyncError.malformedReply {
                path = nil
            }
            // Anything else (the network, a server error) is no evidence either way: the sync stops with it.
        }
        let verdict = seen.size == 0 && seen.origin == shown.checkpoint.origin
            ? .consistent : Witness.verdict(seen: seen, shown: shown.checkpoint, path: path)
        guard verdict != .consistent else { return }
        let evidence = try files.keepEvidence(seen: note, shown: shown.note, reason: "\(verdict): \(seenBy)")
        throw WitnessError.forked(seen: .init(seen), seenBy: seenBy, shown: .init(shown.checkpoint), verdict: verdict, evidence: evidence)
    }

    private func consistencyPath(from oldSize: UInt64, to newSize: UInt64) async throws -> [Digest32] {
        let reply: ConsistencyReply = try await call("GET", ledgerPath + "/proof/consistency",
                                                     query: ["from": String(oldSize), "to": String(newSize)])
        return try reply.path.map { hex in
            guard let digest = Digest32(hex: hex) else { throw SyncError.malformedReply("a consistency path hash is not 64 hex digits") }
            return digest
        }
    }

    /// The checkpoint of the file's first `size` events: from the file's tree projection (`MerkleNodeStore`, O(log n)
    /// rows), else from their chain hashes (one pass, constant memory).
    static func localCheckpoint(ledgerAt path: String, size: Int64, origin: String) throws -> Checkpoint {
        let reader = try LedgerDatabase.open(at: path, mode: .open)
        defer { try? LocalReplica.close(reader) }
        return try reader.read { db in
            if let root = try? MerkleTree.root(size: UInt64(size), in: MerkleNodeStore.Source(db)) {
                return Checkpoint(origin: origin, size: UInt64(size), root: root)
            }
            var tree = Witness.StreamingRoot()
            let hashes = try Data.fetchCursor(db, sql: "SELECT hash FROM events WHERE position <= ? ORDER BY position", arguments: [size])
            while let hash = try hashes.next() {
                guard let digest = Digest32(bytes: hash) else { throw SyncError.unverifiableLog(position: Int64(tree.size) + 1, reason: "a hash is not 32 bytes") }
                tree.append(chainHash: digest)
            }
            return Checkpoint(origin: origin, size: tree.size, root: tree.root)
        }
    }
}
