import Foundation
import Synchronization

/// Runs a decoder with file descriptor 2 pointed at /dev/null. libjpeg and libpng print their
/// complaints ("Premature end of JPEG file") straight to stderr and Leptonica offers no hook to stop it;
/// the engine reports those warnings itself, as one error line. Process-wide, so serialised
/// (stderr is unbuffered, so nothing written before is lost).
enum QuietStandardError {
    private static let lock = Mutex(())

    static func run<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in
            let saved = dup(STDERR_FILENO)
            let null = open("/dev/null", O_WRONLY)
            guard saved >= 0, null >= 0 else {
                if saved >= 0 { close(saved) }
                if null >= 0 { close(null) }
                return try body()
            }
            dup2(null, STDERR_FILENO)
            close(null)
            defer {
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
            return try body()
        }
    }
}
