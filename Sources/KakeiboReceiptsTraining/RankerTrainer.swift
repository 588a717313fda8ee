import KakeiboReceipts

/// Fits a `LinearRanker` by maximising the likelihood that the softmax puts its mass on the right
/// candidates (any of them: a total printed twice is right twice), with an L2 penalty.
///
/// Features are standardised for the fit and the weights mapped back, so the stored model scores raw
/// features. Full-batch Adam: 286 receipts fit in well under a second in a release build.
public struct RankerTrainer: Sendable {
    var iterations = 400
    var learningRate = 0.05
    /// Per-receipt L2 strength on standardised features.
    var l2: Double
    /// Chosen by grouped 5-fold cross-validation on PP-OCR's text of the 286 receipts: totals right 222, 223, 226, 231,
    /// 231 of 286 at 0.003, 0.01, 0.03, 0.1, 0.3.
    public static let defaultL2 = 0.1

    init(l2: Double = RankerTrainer.defaultL2) {
        self.l2 = l2
    }

    func fit(_ problems: [RankingProblem], dimension: Int) -> LinearRanker {
        // Only receipts where some, but not every, candidate is right carry information.
        let useful = problems.filter { $0.correct.contains(true) && $0.correct.contains(false) }
        guard !useful.isEmpty else { return LinearRanker(weights: Array(repeating: 0, count: dimension)) }
        var mean = [Double](repeating: 0, count: dimension), spread = [Double](repeating: 0, count: dimension)
        var count = 0.0
        for problem in useful { for row in problem.features { count += 1; for j in 0..<dimension { mean[j] += row[j] } } }
        for j in 0..<dimension { mean[j] /= count }
        for problem in useful { for row in problem.features { for j in 0..<dimension { spread[j] += (row[j] - mean[j]) * (row[j] - mean[j]) } } }
        let scale = spread.map { ($0 / count).squareRoot() }.map { $0 > 1e-9 ? $0 : 1 }
        let standardised = useful.map { problem in
            problem.features.map { row in (0..<dimension).map { (row[$0] - mean[$0]) / scale[$0] } }
        }
        var weights = [Double](repeating: 0, count: dimension)
        var m = [Double](repeating: 0, count: dimension), v = [Double](repeating: 0, count: dimension)
        let n = Double(useful.count)
        for step in 1...iterations {
            var gradient = weights.map { l2 * $0 }
            for (features, problem) in zip(standardised, useful) {
                let p = LinearRanker(weights: weights).probabilities(features)
                let right = zip(p, problem.correct).filter { $0.1 }.map(\.0).reduce(0, +)
                for (i, row) in features.enumerated() {
                    // d(−log Σ_right p)/dw = Σ p_i x_i − Σ_right (p_i / P_right) x_i
                    let coefficient = p[i] - (problem.correct[i] ? p[i] / max(right, 1e-300) : 0)
                    if coefficient == 0 { continue }
                    for j in 0..<dimension { gradient[j] += coefficient * row[j] / n }
                }
            }
            let b1 = 0.9, b2 = 0.999
            for j in 0..<dimension {
                m[j] = b1 * m[j] + (1 - b1) * gradient[j]
                v[j] = b2 * v[j] + (1 - b2) * gradient[j] * gradient[j]
                let mHat = m[j] / (1 - pow(b1, step)), vHat = v[j] / (1 - pow(b2, step))
                weights[j] -= learningRate * mHat / (vHat.squareRoot() + 1e-8)
            }
        }
        return LinearRanker(weights: (0..<dimension).map { weights[$0] / scale[$0] })
    }

    private func pow(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= base }
        return result
    }
}
