/// Maps a ranker's raw probability to how often such a choice was right, fitted on out-of-fold predictions
/// (pool-adjacent-violators, so the map never decreases). Between knots the value is interpolated linearly.
///
/// Why isotonic and not Platt: softmax probabilities pooled over duplicate values are not logistic in shape
/// (many choices sit at 0.99+ with different accuracy), and isotonic needs no such assumption.
public struct IsotonicCalibration: Hashable, Sendable, Codable {
    /// Raw probabilities, increasing.
    public var knots: [Double]
    /// Calibrated probabilities at the knots, non-decreasing.
    public var values: [Double]

    public init(knots: [Double], values: [Double]) {
        self.knots = knots
        self.values = values
    }

    /// The identity: used before a model is trained.
    public static let identity = IsotonicCalibration(knots: [0, 1], values: [0, 1])

    public func calibrate(_ raw: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return raw }
        if raw <= first { return values.first! }
        if raw >= last { return values.last! }
        var low = 0, high = knots.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if knots[middle] <= raw { low = middle } else { high = middle }
        }
        let span = knots[high] - knots[low]
        guard span > 0 else { return values[high] }
        let t = (raw - knots[low]) / span
        return values[low] + t * (values[high] - values[low])
    }

    /// Pool adjacent violators over (raw probability, right or wrong) pairs.
    ///
    /// Each block's rate is smoothed as (right + 1) / (count + 2), and the smoothed rates pooled again where
    /// smoothing broke the order: a block of 12 right out of 12 says 0.93, not 1.0. Calibration is fitted on a
    /// few hundred receipts, and a certainty it never measured would let an app auto-accept a wrong field.
    public static func fit(_ points: [(raw: Double, correct: Bool)]) -> IsotonicCalibration {
        guard !points.isEmpty else { return .identity }
        let sorted = points.sorted { $0.raw < $1.raw }
        let first = pool(sorted.map { (x: $0.raw, y: $0.correct ? 1.0 : 0, weight: 1.0) })
        let smoothed = pool(first.map { (x: $0.x, y: ($0.y * $0.weight + 1) / ($0.weight + 2), weight: $0.weight) })
        return IsotonicCalibration(knots: smoothed.map(\.x), values: smoothed.map(\.y))
    }

    /// Weighted pool-adjacent-violators: merges neighbouring blocks until `y` never decreases; each block keeps
    /// its weighted mean `x` and `y` and its total weight.
    static func pool(_ points: [(x: Double, y: Double, weight: Double)]) -> [(x: Double, y: Double, weight: Double)] {
        var blocks: [(x: Double, y: Double, weight: Double)] = []
        for point in points {
            blocks.append(point)
            while blocks.count > 1, blocks[blocks.count - 2].y >= blocks[blocks.count - 1].y {
                let last = blocks.removeLast(), previous = blocks.removeLast()
                let weight = previous.weight + last.weight
                blocks.append(((previous.x * previous.weight + last.x * last.weight) / weight,
                               (previous.y * previous.weight + last.y * last.weight) / weight, weight))
            }
        }
        return blocks
    }
}
