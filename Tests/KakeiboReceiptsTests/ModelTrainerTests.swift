import KakeiboReceipts
@testable import KakeiboReceiptsTraining
import KakeiboTestSupport
import XCTest

/// Training and measuring: folds never split a merchant, the trainer learns what marks the right candidate, the
/// threshold is where precision reaches the target, and the statistics are the textbook ones.
final class ModelTrainerTests: XCTestCase {
    func testFoldsNeverSplitAMerchantGroupAndCoverEveryReceipt() {
        let groups = (0..<100).map { "shop-\($0 % 17)" }
        let folds = GroupedFolds(groups: groups, k: 5).folds
        XCTAssertEqual(folds.count, 5)
        XCTAssertEqual(folds.flatMap { $0 }.sorted(), Array(0..<100))
        for (a, b) in [(0, 1), (0, 4), (2, 3)] {
            XCTAssertTrue(Set(folds[a].map { groups[$0] }).isDisjoint(with: folds[b].map { groups[$0] }))
        }
        XCTAssertLessThanOrEqual(folds.map(\.count).max()! - folds.map(\.count).min()!, 6, "balanced by receipts")
    }

    /// Synthetic receipts: the right total carries feature 0 = 1 and a noisy feature 1; wrong ones a random feature 1.
    private func syntheticReceipts(_ count: Int, seed: UInt64) -> [LabelledReceipt] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            var candidates = ReceiptCandidates()
            let right = Int64(1000 + index)
            let dimension = FeatureSet.total.count
            for slot in 0..<5 {
                var features = [Double](repeating: 0, count: dimension)
                features[0] = slot == 0 ? 1 : 0
                features[1] = Double(random.next() % 100) / 100
                candidates.total.append(FieldCandidate(value: slot == 0 ? right : right + Int64(slot) * 7, rows: [slot], named: Array(zip(FeatureSet.total, features))))
            }
            let truth = ReceiptTruth(company: "X", dateISODayFirst: "2020-01-01", totalMinor: right, merchantGroup: "group-\(index % 23)")
            return LabelledReceipt(id: "r\(index)", truth: truth, rules: ParsedReceipt(), candidates: candidates)
        }
    }

    func testTheTrainerLearnsWhatMarksTheRightCandidateAndCrossValidationScoresHeldOutGroups() {
        // Small, so a debug build trains it in seconds: 48 receipts, 3 folds.
        let receipts = syntheticReceipts(48, seed: 7)
        let model = ModelTrainer(folds: 3).train(receipts, provenance: "test")
        XCTAssertGreaterThan(model.total.ranker.weights[0], 1, "the marking feature earns a large weight")
        let predictions = ModelTrainer(folds: 3).crossValidate(receipts)
        let right = zip(receipts, predictions).filter { $0.0.truth.totalIsRight($0.1.receipt.total?.value) }.count
        XCTAssertEqual(right, receipts.count)
        XCTAssertTrue(predictions.allSatisfy { $0.receipt.total?.highConfidenceAt != nil })
    }

    func testTheThresholdIsTheLowestConfidenceWherePrecisionReachesTheTarget() {
        let trainer = ModelTrainer(folds: 5, targetPrecision: 0.9)
        // 0.95 ×10 all right; 0.8 ×10 with 1 wrong (19/20 = 0.95 ≥ 0.9); 0.6 ×10 with 5 wrong (24/30 = 0.8 < 0.9).
        var scored: [(confidence: Double, correct: Bool)] = Array(repeating: (0.95, true), count: 10)
        scored += Array(repeating: (0.8, true), count: 9) + [(0.8, false)]
        scored += Array(repeating: (0.6, true), count: 5) + Array(repeating: (0.6, false), count: 5)
        XCTAssertEqual(trainer.highConfidence(scored), 0.8)
        XCTAssertEqual(ModelTrainer(targetPrecision: 1).highConfidence([(0.9, false)]), 1.0001, "never reached: nothing is sure")
    }

    func testWilsonIntervalAndCalibrationError() {
        let interval = ReceiptEvaluation.wilson(81, 100)
        XCTAssertEqual(interval.lower, 0.7222, accuracy: 0.0005)
        XCTAssertEqual(interval.upper, 0.8749, accuracy: 0.0005)
        XCTAssertEqual(ReceiptEvaluation.wilson(0, 0).upper, 1)
        // Bin 0.9–1.0: confidence 0.95, half right → |0.5 − 0.95| over all the fields.
        let scored: [(confidence: Double, correct: Bool)] = [(0.95, true), (0.95, false)]
        XCTAssertEqual(ReceiptEvaluation.expectedCalibrationError(scored), 0.45, accuracy: 1e-12)
        XCTAssertEqual(ReceiptEvaluation.reliability(scored).count, 1)
    }

    /// The names travel with the values: a model whose feature names differ in order from the candidates' is not
    /// used (the rules' reading stands), even though the lengths agree.
    func testAModelTrainedOnOtherFeatureNamesOrOrderIsNotUsed() {
        let receipts = syntheticReceipts(48, seed: 7)
        let model = ModelTrainer(folds: 3).train(receipts, provenance: "test")
        XCTAssertNotNil(model.total.choose(receipts[0].candidates.total))
        var swapped = model.total
        swapped.features.swapAt(0, 1)
        XCTAssertNil(swapped.choose(receipts[0].candidates.total))
    }

    /// What the extractors build, name by name, is the declared `FeatureSet` the committed model was trained on.
    func testTheExtractorsBuildTheDeclaredFeatureNamesInOrder() {
        let lines = ["KEDAI BUKU MAJU SDN BHD", "NO 12 JALAN SS2", "TAX INVOICE", "DATE: 12/03/2018 14:20", "BOOK 10.00",
                     "TOTAL 10.00", "CASH 20.00", "CHANGE 10.00"]
        let observations = lines.enumerated().map { index, text in
            TextObservation(text: text, x: 0.1, y: 0.05 + Double(index) * 0.05, width: 0.8, height: 0.03, confidence: 0.95)
        }
        let parser = ReceiptParser(options: ReceiptParserOptions(model: nil))
        let (_, candidates) = parser.read(rows: parser.rows(from: observations))
        XCTAssertFalse(candidates.total.isEmpty)
        XCTAssertFalse(candidates.date.isEmpty)
        XCTAssertFalse(candidates.merchant.isEmpty)
        for candidate in candidates.total { XCTAssertEqual(candidate.featureNames, FeatureSet.total) }
        for candidate in candidates.date { XCTAssertEqual(candidate.featureNames, FeatureSet.date) }
        for candidate in candidates.merchant { XCTAssertEqual(candidate.featureNames, FeatureSet.merchant) }
    }
}
