import Foundation
import KakeiboChain

/// What a device keeps as a witness of its server, in a folder beside its ledger file
/// (`books.kakeibo` → `books.kakeibo.witness/`, 0700), never in the log:
///
/// - `device.key`: this device's Ed25519 key, `PRIVATE+KEY+NAME+KEYID+BASE64` (Go's `sumdb/note`
///   form), 0600, created the first time it cosigns. Beside the file and not in the user's
///   configuration folder like the token (`TokenStore`): the key vouches for what this copy of the
///   ledger saw, so a copy elsewhere is another witness with a key of its own.
/// - `server.pub`: the server's verifier key, pinned at the first sync that saw a checkpoint; a
///   checkpoint not signed by it is refused from then on.
/// - `checkpoint.note`: the last checkpoint this device checked and cosigned (the server's
///   signature and its own), the start of the next sync's consistency proof.
/// - `evidence/N/`: a forked history caught: `seen.note` and `shown.note`, the two checkpoints
///   the server signed that cannot both hold, and `reason.txt`, one line. Never deleted by Kakeibo.
public struct WitnessFiles: Sendable {
    public let folder: URL

    public init(ledgerAt path: String) {
        folder = URL(fileURLWithPath: path + ".witness")
    }

    public var keyPath: String { folder.appendingPathComponent("device.key").path }
    var serverKeyPath: String { folder.appendingPathComponent("server.pub").path }
    var checkpointPath: String { folder.appendingPathComponent("checkpoint.note").path }
    public var evidenceFolder: URL { folder.appendingPathComponent("evidence") }

    /// This device's key, if it has cosigned before.
    public func existingSigner() throws -> NoteSigner? {
        guard let text = try? String(contentsOfFile: keyPath, encoding: .utf8) else { return nil }
        return try NoteSigner(privateKeyText: text)
    }

    /// This device's key, created (0600) on first need.
    public func signer() throws -> NoteSigner {
        if let signer = try existingSigner() { return signer }
        let signer = try NoteSigner(name: "kakeibo-device-" + String(UInt32.random(in: .min ... .max), radix: 16))
        try write(signer.privateKeyText + "\n", to: keyPath, mode: 0o600)
        return signer
    }

    public func pinnedServerKey() throws -> SignedNote.Verifier? {
        guard let text = try? String(contentsOfFile: serverKeyPath, encoding: .utf8) else { return nil }
        return try SignedNote.Verifier(text)
    }

    func pin(_ key: SignedNote.Verifier) throws {
        try write(key.description + "\n", to: serverKeyPath, mode: 0o644)
    }

    /// The last checkpoint this device cosigned, as it kept it.
    public func lastCheckpoint() throws -> SignedNote? {
        guard let text = try? String(contentsOfFile: checkpointPath, encoding: .utf8) else { return nil }
        return try SignedNote(parsing: text)
    }

    func keep(checkpoint note: SignedNote) throws {
        try write(note.description, to: checkpointPath, mode: 0o644)
    }

    /// One forked history caught: the two signed checkpoints and why they cannot both hold.
    public struct Evidence: Sendable {
        public var folder: String
        public var seen: SignedNote
        public var shown: SignedNote
        public var reason: String
    }

    /// Keeps `seen` and `shown` in a new numbered folder; its path.
    func keepEvidence(seen: SignedNote, shown: SignedNote, reason: String) throws -> String {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: evidenceFolder.path)) ?? []
        let number = (existing.compactMap(Int.init).max() ?? 0) + 1
        let folder = evidenceFolder.appendingPathComponent(String(number))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try write(seen.description, to: folder.appendingPathComponent("seen.note").path, mode: 0o644)
        try write(shown.description, to: folder.appendingPathComponent("shown.note").path, mode: 0o644)
        try write(reason + "\n", to: folder.appendingPathComponent("reason.txt").path, mode: 0o644)
        return folder.path
    }

    /// Every piece of evidence kept, oldest first.
    public func evidence() throws -> [Evidence] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: evidenceFolder.path)) ?? []).compactMap(Int.init).sorted()
        return try names.map { number in
            let folder = evidenceFolder.appendingPathComponent(String(number))
            func read(_ name: String) throws -> String { try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8) }
            return Evidence(folder: folder.path, seen: try SignedNote(parsing: read("seen.note")), shown: try SignedNote(parsing: read("shown.note")),
                            reason: try read("reason.txt").trimmingCharacters(in: .newlines))
        }
    }

    /// Writes through a scratch file and a rename, so a crash leaves the old file or the new one.
    private func write(_ text: String, to path: String, mode: Int) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let scratch = path + ".new"
        guard manager.createFile(atPath: scratch, contents: Data(text.utf8), attributes: [.posixPermissions: mode]) else {
            throw WitnessError.cannotWrite(path: scratch, reason: "cannot create it")
        }
        guard rename(scratch, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: scratch)
            throw WitnessError.cannotWrite(path: path, reason: reason)
        }
    }
}

extension WitnessFiles {
    /// `body` (a checkpoint's note text) as a signed note with every signature this device holds for it: the
    /// server's and the cosignatures it collected at its last sync, when that was the same tree, and this device's
    /// own when it has a key. What `checkpoint --format note` prints: the body alone when there is none (a file
    /// that never synced: no key is made by a read, so the output stays the same from run to run).
    public func signedNote(for body: String) throws -> SignedNote {
        var note = SignedNote(text: body)
        if let kept = try lastCheckpoint(), kept.text == body { note.signatures = kept.signatures }
        if let signer = try existingSigner(), note.signature(by: signer.verifier) == nil { note = note.adding(try signer.sign(body)) }
        return note
    }
}
