import Foundation
@testable import KakeiboReceipts
import KakeiboReceiptsTraining
import XCTest

/// The learned ranker's pieces: softmax pooling by value, isotonic calibration, the committed model's shape.
final class RankingTests: XCTestCase {
    func testProbabilitiesSumToOneAndCandidatesWithTheSameValuePool() throws {
        let ranker = LinearRanker(weights: [1, 0])
        let candidates = [
            FieldCandidate<Int64>(value: 500, rows: [3], named: [("a", 1.0), ("b", 0)]),
            FieldCandidate<Int64>(value: 700, rows: [9], named: [("a", 1.5), ("b", 0)]),
            FieldCandidate<Int64>(value: 500, rows: [12], named: [("a", 1.0), ("b", 0)]),
        ]
        let p = ranker.probabilities(candidates.map(\.features))
        XCTAssertEqual(p.reduce(0, +), 1, accuracy: 1e-12)
        XCTAssertGreaterThan(p[1], p[0], "a higher score is likelier on its own")
        let choice = try XCTUnwrap(ranker.choose(candidates))
        XCTAssertEqual(choice.value, 500, "two readings of 5.00 together outweigh one of 7.00")
        XCTAssertEqual(choice.probability, p[0] + p[2], accuracy: 1e-12)
        XCTAssertEqual(Set(choice.rows), [3, 12])
        XCTAssertNil(ranker.choose([FieldCandidate<Int64>]()))
    }

    func testTheFoundationFreeExponentialMatchesFoundations() {
        for x in stride(from: -60.0, through: 0, by: 0.37) {
            XCTAssertEqual(x.exponential, Foundation.exp(x), accuracy: Foundation.exp(x) * 1e-12, "e^\(x)")
        }
    }

    func testIsotonicCalibrationNeverDecreasesAndSmoothsSmallBlocks() {
        // Raw 0.9 is right 3 times in 4, raw 0.5 once in 4, raw 0.99 always (12 of 12).
        var points: [(raw: Double, correct: Bool)] = []
        points += [(0.5, true), (0.5, false), (0.5, false), (0.5, false)]
        points += [(0.9, true), (0.9, true), (0.9, true), (0.9, false)]
        points += Array(repeating: (0.99, true), count: 12)
        let calibration = IsotonicCalibration.fit(points)
        var previous = -1.0
        for raw in stride(from: 0.0, through: 1.0, by: 0.01) {
            let value = calibration.calibrate(raw)
            XCTAssertGreaterThanOrEqual(value, previous - 1e-12, "monotone at \(raw)")
            previous = value
        }
        XCTAssertEqual(calibration.calibrate(0.99), 13.0 / 14.0, accuracy: 1e-9, "12 of 12 right says (12+1)/(12+2), not certainty")
        XCTAssertEqual(calibration.calibrate(0.5), 2.0 / 6.0, accuracy: 1e-9)
        XCTAssertLessThan(calibration.calibrate(1.0), 1)
    }

    func testAViolatingPairIsPooled() {
        // Raw 0.6 right, raw 0.7 wrong: order violated, so both get the pooled rate.
        let calibration = IsotonicCalibration.fit([(0.6, true), (0.7, false)])
        XCTAssertEqual(calibration.calibrate(0.6), calibration.calibrate(0.7), accuracy: 1e-12)
    }

    func testTheCommittedModelFitsTodaysFeaturesAndHasComputedThresholds() {
        let model = ReceiptModel.trained
        XCTAssertTrue(model.isCompatible, "features changed since `make train-receipts`: retrain and commit the model")
        XCTAssertNotEqual(model.provenance, "untrained")
        for field in [model.total, model.date, model.merchant] {
            XCTAssertEqual(field.calibration.knots, field.calibration.knots.sorted())
            XCTAssertEqual(field.calibration.values, field.calibration.values.sorted())
            XCTAssertTrue(field.calibration.values.allSatisfy { $0 > 0 && $0 < 1 }, "smoothed: never certain")
            XCTAssertGreaterThan(field.highConfidence, 0.5)
        }
        XCTAssertEqual(model.targetPrecision, ModelTrainer.defaultTargetPrecision)
    }

    func testParsingWithTheModelMarksHighConfidenceByTheFieldsOwnThreshold() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/malaysian-tax-invoice.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any]
        let observations = try JSONDecoder().decode([TextObservation].self, from: JSONSerialization.data(withJSONObject: document?["observations"] ?? []))
        let receipt = ReceiptParser().parse(observations).receipt
        let total = try XCTUnwrap(receipt.total)
        XCTAssertEqual(total.highConfidenceAt, ReceiptModel.trained.total.highConfidence)
        XCTAssertEqual(total.isHighConfidence, total.confidence >= ReceiptModel.trained.total.highConfidence)
        let rules = ReceiptParser(options: ReceiptParserOptions(model: nil)).parse(observations).receipt
        XCTAssertNil(rules.total?.highConfidenceAt, "the hand rules keep their own threshold")
    }
}

extension RankingTests {
    /// Issue 13 item 6: an import says why a receipt needs review, one phrase a field.
    func testReviewReasonsNameTheMissingOrUncertainFields() {
        var receipt = ParsedReceipt()
        XCTAssertEqual(receipt.reviewReasons, ["no total", "no date", "no merchant"])
        receipt.total = ReceiptField(value: 100, confidence: 0.99, rows: [1], highConfidenceAt: 0.95)
        receipt.date = ReceiptField(value: "2018-01-02", confidence: 0.734, rows: [2], highConfidenceAt: 0.95)
        receipt.merchant = ReceiptField(value: "SHOP", confidence: 0.9, rows: [0])
        XCTAssertEqual(receipt.reviewReasons, ["date 73 %"])
        XCTAssertTrue(receipt.needsReview)
    }
}
