#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Random 64-bit values from the operating system's generator, fetched 512 at a time.
///
/// `SystemRandomNumberGenerator` makes one `getrandom` system call per value, and every
/// recorded command takes three ids: on a 100k-transaction journal import that was 300k calls,
/// about 0.25 s of the recording thread's 7 s (perf, `TimeOrderedID`'s random bits and the
/// kernel's `crng_make_state`). The values are the same operating-system randomness, read
/// 4 KiB at a time instead of 8 bytes.
final class SystemRandomPool: Sendable {
    static let shared = SystemRandomPool()

    private struct Pool {
        var values = [UInt64](repeating: 0, count: 512)
        var next = 512
    }

    private let pool = Mutex(Pool())

    func next() -> UInt64 {
        pool.withLock { pool in
            if pool.next == pool.values.count {
                pool.values.withUnsafeMutableBytes(Self.fill)
                pool.next = 0
            }
            defer { pool.next += 1 }
            return pool.values[pool.next]
        }
    }

    private static func fill(_ bytes: UnsafeMutableRawBufferPointer) {
        #if canImport(Glibc)
        // Glibc's Swift module leaves out <sys/random.h>; /dev/urandom is the same generator.
        let file = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        if file >= 0 {
            defer { close(file) }
            var filled = 0
            while filled < bytes.count {
                let count = read(file, bytes.baseAddress! + filled, bytes.count - filled)
                if count > 0 { filled += count } else if count == 0 || errno != EINTR { break }
            }
            if filled == bytes.count { return }
        }
        #elseif canImport(Darwin)
        arc4random_buf(bytes.baseAddress!, bytes.count)
        return
        #endif
        // No bulk source (or it failed): the standard library's generator, one value at a time.
        var system = SystemRandomNumberGenerator()
        for offset in stride(from: 0, to: bytes.count, by: 8) {
            bytes.storeBytes(of: system.next() as UInt64, toByteOffset: offset, as: UInt64.self)
        }
    }
}
