import KakeiboDomain
import KakeiboLedger

/// Imports plan their accounts by reading the ledger outside the write lock, so a concurrent
/// import can open one of those accounts first. The ledger then refuses the batch whole, and
/// the import is planned again against the new state (at most three times).
enum ConcurrentImport {
    static func retrying<T>(_ attempt: () throws -> T) throws -> T {
        for tries in 1... {
            do {
                return try attempt()
            } catch let failure as BatchEntryError where tries < 3 && isAccountOpenedMeanwhile(failure) {
                continue
            }
        }
        fatalError("unreachable: the loop returns or throws")
    }

    static func isAccountOpenedMeanwhile(_ failure: BatchEntryError) -> Bool {
        if case .accountExists? = failure.underlying as? LedgerError { return true }
        return false
    }
}
