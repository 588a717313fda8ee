import Foundation
import Synchronization

/// Runs async library code from a synchronous `ParsableCommand.run()`: the root command stays
/// synchronous (its `main` renders every error in one place) and only `server` and `sync` wait here.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}
