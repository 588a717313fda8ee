import Foundation
import GRDB
import KakeiboEventStore
import KakeiboLedger

/// A new ledger file being cloned from the server: made beside its path under a scratch name,
/// filled page by page as the pages arrive (each page appended and folded in its own transaction,
/// so memory holds one page, not the ledger), and linked into place only when complete. Until then
/// nothing exists at the path; a refusal or a crash leaves at most the scratch file, removed here.
final class CloneFile {
    let path: String
    private let scratch: String
    private var writer: (any DatabaseWriter)?

    init(at path: String) throws {
        self.path = path
        scratch = path + ".clone-\(UUID().uuidString)"
        let writer = try LedgerDatabase.open(at: scratch, mode: .create, createFolders: false)
        // One commit per page, and nobody sees the file until it is complete: no page waits for the disk.
        // The fold appends at the right edge of each B-tree, so a 2 MiB cache does as well as the default
        // 64 MiB and keeps it out of the peak (`ProjectionRebuilder.foldCacheKiB` measured the same for a replay).
        try writer.writeWithoutTransaction { db in
            try db.setDurableCommits(false)
            try db.setPageCache(kibibytes: 2_048)
        }
        self.writer = writer
    }

    deinit {
        if let writer { try? LocalReplica.close(writer) }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) }
    }

    /// Appends and folds one pulled page, already checked link by link (`Ledger.replicate`).
    func append(_ page: [ReplicatedEvent]) throws {
        try writer!.write { db in try LocalReplica.replicate(replicas: page, in: db) }
    }

    /// Records the sync state, folds the WAL into the file and links it at `path`.
    func finish(state: SyncState) throws {
        guard let writer else { preconditionFailure("a clone finishes once") }
        try writer.writeWithoutTransaction { db in try db.setDurableCommits(true) }
        try writer.write { db in try state.save(in: db) }
        _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try LocalReplica.close(writer)
        self.writer = nil
        guard link(scratch, path) == 0 else {
            throw SyncError.mismatch("could not create \(path): \(String(cString: strerror(errno)))")
        }
    }
}
