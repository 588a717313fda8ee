import KakeiboEventStore

/// The result of `verify`: the chain, the accounting invariants and the projections.
public struct VerificationReport: Sendable {
    public var eventCount: Int64
    /// The chain head, to keep elsewhere and check later with `--expect`.
    public var head: ChainDigest
    /// The first problem in the log itself (chain, structure, accounting), if any.
    public var logProblem: ChainProblem?
    /// Append-only triggers that are missing from the database.
    public var missingTriggers: [String]
    /// Projection tables that differ from a replay of the log.
    public var projectionDifferences: [String]
    /// The trial balance's non-zero sums, one per commodity ("10.00 USD"): what the balances of
    /// every account add up to, where double entry makes them zero. Empty when the books balance.
    public var unbalancedBooks: [String] = []

    public var isValid: Bool { logProblem == nil && missingTriggers.isEmpty && projectionDifferences.isEmpty && unbalancedBooks.isEmpty }

    /// One line per problem, empty when valid.
    public var problems: [String] {
        var lines: [String] = []
        if let logProblem { lines.append("log: \(logProblem)") }
        if !missingTriggers.isEmpty {
            lines.append("schema: append-only triggers missing (\(missingTriggers.joined(separator: ", "))): the log was writable by hand")
        }
        for table in projectionDifferences {
            lines.append("projection: table \(table) differs from a replay of the log")
        }
        for sum in unbalancedBooks {
            lines.append("books: the balances of all accounts sum to \(sum), not zero")
        }
        return lines
    }
}
