import KakeiboReceipts

/// Trains a `ReceiptModel` and measures it honestly.
///
/// - `train` fits each field's ranker on every receipt given, calibrates it on grouped out-of-fold
///   predictions (a receipt's confidence always comes from a model that never saw its merchant), and computes
///   the high-confidence threshold from those same out-of-fold predictions.
/// - `crossValidate` does all of that inside each of k grouped folds and scores the held-out fold: the
///   figures `receipts eval --folds` reports.
public struct ModelTrainer: Sendable {
    public var folds: Int
    public var targetPrecision: Double
    /// The rankers' L2 penalty per receipt (see `RankerTrainer.l2`).
    public var l2: Double

    /// The inner out-of-fold precision each threshold is computed for. Measured by grouped 5-fold CV on PP-OCR's text
    /// (outside precision, coverage): 0.99 → 97.6 %, 57.6 %; 0.993 → 98.1 %, 56.5 %; 0.995 → 98.1 %, 37.2 %. The issue
    /// asks ≥ 98 % with ≥ 40 % coverage, so 0.993. Issue 33 asks ≥ 99 % with ≥ 55 %: on PP-OCRv6 small's text,
    /// 0.993 → 98.7 %, 64.7 % (date 271/275); 0.996 → 99.6 %, 62.8 % (date 267/268, merchant 154/155); 0.998 the same.
    public static let defaultTargetPrecision = 0.996

    public init(folds: Int = 5, targetPrecision: Double = ModelTrainer.defaultTargetPrecision, l2: Double = RankerTrainer.defaultL2) {
        self.folds = folds
        self.targetPrecision = targetPrecision
        self.l2 = l2
    }

    /// One receipt's fields as a model that never saw its merchant chose them.
    public struct Prediction: Sendable {
        public var receipt: ParsedReceipt
    }

    public func train(_ receipts: [LabelledReceipt], provenance: String) -> ReceiptModel {
        let rankers = fitRankers(receipts)
        let outOfFold = outOfFoldRaw(receipts, k: folds)
        let calibrations = calibrations(outOfFold)
        var thresholds: [ReceiptFieldName: Double] = [:]
        for field in ReceiptFieldName.allCases {
            thresholds[field] = highConfidence((outOfFold[field] ?? []).map { (calibrations[field]!.calibrate($0.raw), $0.correct) })
        }
        return model(rankers, calibrations, thresholds, provenance: provenance)
    }

    /// Grouped k-fold: each fold's receipts parsed by a model trained (and calibrated, and thresholded) on the others.
    public func crossValidate(_ receipts: [LabelledReceipt]) -> [Prediction] {
        var predictions = [Prediction?](repeating: nil, count: receipts.count)
        for fold in GroupedFolds(groups: receipts.map(\.group), k: folds).folds where !fold.isEmpty {
            let held = Set(fold)
            let training = receipts.indices.filter { !held.contains($0) }.map { receipts[$0] }
            let model = train(training, provenance: "fold")
            for index in fold {
                predictions[index] = Prediction(receipt: model.choose(receipts[index].candidates, over: receipts[index].rules))
            }
        }
        return predictions.map { $0! }
    }

    // MARK: - Steps

    typealias Rankers = [ReceiptFieldName: LinearRanker]
    /// Per field: the raw pooled probability of the chosen value, and whether that value was right.
    typealias RawPredictions = [ReceiptFieldName: [(raw: Double, correct: Bool)]]

    private func fitRankers(_ receipts: [LabelledReceipt]) -> Rankers {
        var rankers: Rankers = [:]
        for field in ReceiptFieldName.allCases {
            rankers[field] = RankerTrainer(l2: l2).fit(receipts.map { $0.problem(field) }, dimension: Self.features(field).count)
        }
        return rankers
    }

    private func outOfFoldRaw(_ receipts: [LabelledReceipt], k: Int) -> RawPredictions {
        var raw: RawPredictions = [:]
        for fold in GroupedFolds(groups: receipts.map(\.group), k: k).folds where !fold.isEmpty {
            let held = Set(fold)
            let rankers = fitRankers(receipts.indices.filter { !held.contains($0) }.map { receipts[$0] })
            for index in fold {
                let receipt = receipts[index]
                if let choice = rankers[.total]!.choose(receipt.candidates.total) {
                    raw[.total, default: []].append((choice.probability, receipt.truth.totalIsRight(choice.value)))
                }
                if let choice = rankers[.date]!.choose(receipt.candidates.date) {
                    raw[.date, default: []].append((choice.probability, receipt.truth.dateIsRight(choice.value)))
                }
                if let choice = rankers[.merchant]!.choose(receipt.candidates.merchant) {
                    raw[.merchant, default: []].append((choice.probability, receipt.truth.merchantIsRight(choice.value)))
                }
            }
        }
        return raw
    }

    private func calibrations(_ raw: RawPredictions) -> [ReceiptFieldName: IsotonicCalibration] {
        var result: [ReceiptFieldName: IsotonicCalibration] = [:]
        for field in ReceiptFieldName.allCases { result[field] = IsotonicCalibration.fit(raw[field] ?? []) }
        return result
    }

    /// The lowest calibrated confidence at which the out-of-fold choices at or above it are right at least
    /// `targetPrecision` of the time. 1.0001 when no threshold reaches it: nothing is "sure".
    func highConfidence(_ scored: [(confidence: Double, correct: Bool)]) -> Double {
        let sorted = scored.sorted { $0.confidence > $1.confidence }
        var threshold = 1.0001
        var right = 0, seen = 0
        var index = 0
        while index < sorted.count {
            // Take every prediction tied at this confidence together: a threshold cannot split them.
            let level = sorted[index].confidence
            while index < sorted.count, sorted[index].confidence == level {
                seen += 1
                right += sorted[index].correct ? 1 : 0
                index += 1
            }
            if Double(right) / Double(seen) >= targetPrecision { threshold = level }
        }
        return threshold
    }

    private func model(_ rankers: Rankers, _ calibrations: [ReceiptFieldName: IsotonicCalibration], _ thresholds: [ReceiptFieldName: Double],
                       provenance: String) -> ReceiptModel {
        func field(_ name: ReceiptFieldName) -> FieldModel {
            FieldModel(features: Self.features(name), ranker: rankers[name]!, calibration: calibrations[name]!, highConfidence: thresholds[name]!)
        }
        return ReceiptModel(total: field(.total), date: field(.date), merchant: field(.merchant), targetPrecision: targetPrecision, provenance: provenance)
    }

    static func features(_ field: ReceiptFieldName) -> [String] {
        switch field {
        case .total: FeatureSet.total
        case .date: FeatureSet.date
        case .merchant: FeatureSet.merchant
        }
    }
}
