/// A conditional logit: each candidate scores `weights · features`, a softmax over the receipt's candidates
/// turns scores into probabilities, and candidates with the same value pool theirs.
///
/// Why this model: the choice is "which of these is the total", not "is this a total", so scores only need to
/// compare within one receipt; it trains in milliseconds on 286 receipts and runs anywhere Swift runs.
public struct LinearRanker: Hashable, Sendable, Codable {
    public var weights: [Double]

    public init(weights: [Double]) {
        self.weights = weights
    }

    public func score(_ features: [Double]) -> Double {
        var sum = 0.0
        for (weight, feature) in zip(weights, features) { sum += weight * feature }
        return sum
    }

    /// Each candidate's probability of being the right one, in input order.
    public func probabilities(_ features: [[Double]]) -> [Double] {
        guard !features.isEmpty else { return [] }
        let scores = features.map(score)
        let top = scores.max()!
        let exponentials = scores.map { (($0 - top).clamped(to: -60...0)).exponential }
        let total = exponentials.reduce(0, +)
        return exponentials.map { $0 / total }
    }

    /// The value with the largest pooled probability, that probability, and the rows of its best candidate.
    public func choose<Value>(_ candidates: [FieldCandidate<Value>]) -> (value: Value, probability: Double, rows: [Int])? {
        let probabilities = probabilities(candidates.map(\.features))
        var pooled: [Value: Double] = [:]
        for (candidate, probability) in zip(candidates, probabilities) { pooled[candidate.value, default: 0] += probability }
        // Ties go to the earliest candidate, so the choice never depends on dictionary order.
        var best: (index: Int, probability: Double)?
        for (index, candidate) in candidates.enumerated() {
            let probability = pooled[candidate.value]!
            if best == nil || probability > best!.probability + 1e-12 { best = (index, probability) }
        }
        guard let best else { return nil }
        let value = candidates[best.index].value
        let strongest = zip(candidates, probabilities).filter { $0.0.value == value }.max { $0.1 < $1.1 }!.0
        let rows = Set(candidates.filter { $0.value == value }.flatMap(\.rows))
        return (value, min(best.probability, 1), strongest.rows + rows.subtracting(strongest.rows).sorted())
    }
}

extension Double {
    /// e^self without Foundation: the domain and parser stay Foundation-free. Accurate to ~1e-15 relative
    /// for the clamped range the ranker uses (−60…0).
    var exponential: Double {
        // e^x = (e^(x/2^k))^(2^k), with the Taylor series on the small remainder.
        var k = 0
        var x = self
        while abs(x) > 0.5 { x /= 2; k += 1 }
        var term = 1.0, sum = 1.0
        for n in 1...18 {
            term *= x / Double(n)
            sum += term
        }
        for _ in 0..<k { sum *= sum }
        return sum
    }

    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
