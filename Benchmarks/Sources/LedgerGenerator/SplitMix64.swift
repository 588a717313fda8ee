import KakeiboDomain

/// The benchmark fixture's draws on the one `SplitMix64` (KakeiboDomain): the same sequence on every platform
/// and Swift version for a given seed, which is all a benchmark fixture needs.
///
/// The helpers below do their own integer arithmetic instead of `Int.random(in:using:)`, whose
/// algorithm the standard library does not promise to keep: the same seed must give the same
/// ledger next year too.
extension SplitMix64 {
    /// Uniform in `0..<bound` (Lemire's multiply-shift with rejection, so no modulo bias).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    /// Uniform in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `perMille` / 1000.
    public mutating func chance(perMille: Int) -> Bool {
        below(1000) < perMille
    }

    /// An index drawn with the given integer weights.
    public mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        var pick = below(total)
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }

    /// A log-normal-ish multiplier in per mille, by integer arithmetic only.
    ///
    /// The sum of four uniform draws in 0...8 is a binomial-like bell on 0...32 (mean 16,
    /// sd ≈ 5.2 steps); it indexes a table of e^x for x = -0.8…0.8 in steps of 0.05, so the
    /// result is roughly log-normal with σ ≈ 0.26 and median 1000 ‰. `spread` > 1 multiplies
    /// that many such factors for a wider, right-skewed tail (σ ≈ 0.26·√spread).
    public mutating func logNormalPerMille(spread: Int = 1) -> Int64 {
        var factor: Int64 = 1000
        for _ in 0..<max(1, spread) {
            let index = below(9) + below(9) + below(9) + below(9)
            factor = factor * Self.expTable[index] / 1000
        }
        return factor
    }

    /// round(1000 · e^(-0.8 + 0.05·i)) for i in 0...32.
    static let expTable: [Int64] = [
        449, 472, 497, 522, 549, 577, 607, 638, 670, 705, 741, 779, 819, 861, 905, 951, 1000,
        1051, 1105, 1162, 1221, 1284, 1350, 1419, 1492, 1568, 1649, 1733, 1822, 1916, 2014, 2117, 2226,
    ]
}
