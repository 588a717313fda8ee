import Foundation

/// One sync at a time per ledger file: an exclusive `flock` on `FILE.sync-lock`, held for the
/// whole pull-push-pull. A second `kakeibo sync` of the same file waits for the first (up to
/// `timeout`), then refuses with one line; the two never interleave. The lock file stays: removing
/// it would let a third process lock a new file while the second still holds the old one.
final class SyncLock {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    static func acquire(for path: String, timeout: Duration = .seconds(120)) async throws -> SyncLock {
        let lockPath = path + ".sync-lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SyncError.mismatch("cannot open \(lockPath): \(String(cString: strerror(errno)))")
        }
        let deadline = ContinuousClock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                throw SyncError.alreadySyncing(path: path)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return SyncLock(descriptor: descriptor)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
