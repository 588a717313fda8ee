extension ServerStore {
    /// `server verify`: the hash chain first, then the books: the log replayed into a fresh replica through the
    /// ledger's own rules (`verifyBooks`). The books are not replayed over a broken chain, whose events cannot be
    /// trusted to be the ones written. The number of events, and the first problem as `position N: reason`, if any.
    public func verifyChainAndBooks(ledger name: String) async throws -> (count: Int64, problem: String?) {
        let chain = try await verify(ledger: name)
        if let problem = chain.problem { return (chain.count, "position \(problem.position): \(problem.reason)") }
        let books = try await verifyBooks(ledger: name)
        return (chain.count, books.map { "position \($0.position): \($0.reason)" })
    }
}
