import Foundation
import GRDB
import KakeiboEventStore

/// The server's cache of per-ledger replicas: one SQLite ledger file per server ledger, the same
/// schema as a device's, holding that ledger's events and projections. It is what the server
/// checks pushed events against (`EventAdmission`, through `Ledger.replicate`), and nothing more:
/// PostgreSQL stays the one truth, and any replica can be thrown away and rebuilt from it.
///
/// A replica is only written under its ledger row's lock (`FOR UPDATE`), so one process never
/// writes a replica twice at once. Two server processes must not share a cache folder.
public final class ServerReplicas: @unchecked Sendable {
    /// The folder the files live in.
    public let directory: String
    /// A folder this object made itself (no `--cache`) is removed with it.
    private let ownsDirectory: Bool
    private let lock = NSLock()
    private var writers: [Int64: any DatabaseWriter] = [:]

    /// Replicas in `directory` (made when first needed), or in a fresh temporary folder removed
    /// when this object goes: the default, since a replica is only a cache.
    public init(directory: String? = nil) {
        self.directory = directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-server-\(UUID().uuidString)").path
        ownsDirectory = directory == nil
    }

    deinit {
        lock.withLock {
            for writer in writers.values { Self.close(writer) }
            writers = [:]
        }
        if ownsDirectory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// WAL pages between automatic checkpoints of a replica (`writer(ledgerId:)` says why).
    static let checkpointPages = 16_384

    func path(ledgerId: Int64) -> String { (directory as NSString).appendingPathComponent("ledger-\(ledgerId).sqlite") }

    /// The open replica of `ledgerId`: the file in the cache, or a new empty ledger file.
    func writer(ledgerId: Int64) throws -> any DatabaseWriter {
        try lock.withLock {
            if let writer = writers[ledgerId] { return writer }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let path = path(ledgerId: ledgerId)
            let writer: any DatabaseWriter
            if FileManager.default.fileExists(atPath: path) {
                do {
                    writer = try LedgerDatabase.openWritable(at: path)
                } catch {
                    // Not a ledger any more (a torn write, another program): only a cache, so start again.
                    Self.remove(path)
                    writer = try LedgerDatabase.open(at: path, mode: .create, createFolders: false)
                }
            } else {
                writer = try LedgerDatabase.open(at: path, mode: .create, createFolders: false)
            }
            // A cache needs no durable commit: a commit lost to a power cut leaves the replica behind PostgreSQL, and
            // the next request catches it up (`ServerStore.replica`); WAL with NORMAL never corrupts the file.
            // With every ledger connection's FULL, each push waited on an fsync: adopting 100,000 events in 200
            // requests spent 23.9 s in the replica's commits against ≈ 1 s of CPU (release, this machine).
            //
            // Checkpoints every 16,384 WAL pages (64 MiB) instead of SQLite's 1,000: each checkpoint copies every page the
            // commits since the last one touched and waits for two fsyncs, and a push or upload of 500 events rewrites
            // the same right-edge index pages and balances in every commit. Adopting 100,004 events in 201 requests, the
            // server's writes (pwrite) were 14 % of its CPU (perf, release, load 6). The WAL stays at most ~64 MiB.
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
            }
            writers[ledgerId] = writer
            return writer
        }
    }

    /// Throws the replica of `ledgerId` away: the next `writer(ledgerId:)` starts an empty one.
    func discard(ledgerId: Int64) {
        lock.withLock {
            if let writer = writers.removeValue(forKey: ledgerId) { Self.close(writer) }
            Self.remove(path(ledgerId: ledgerId))
        }
    }

    private static func close(_ writer: any DatabaseWriter) {
        if let pool = writer as? DatabasePool { try? pool.close() } else if let queue = writer as? DatabaseQueue { try? queue.close() }
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
