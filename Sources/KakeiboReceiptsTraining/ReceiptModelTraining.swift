import Foundation
import KakeiboReceipts

/// One run of `receipts train`: every engine's reading of the receipts (from its observation cache, else by OCR),
/// the labelled candidates, one model per engine, and the provenance the committed model records.
public struct ReceiptModelTraining {
    /// One engine's reading: its name, the folder its observations are cached in, and how to start it for
    /// receipts the cache lacks.
    public struct Reading: Sendable {
        public var engine: String
        public var cache: String
        public var makeEngine: @Sendable () throws -> any OCREngine

        public init(engine: String, cache: String, makeEngine: @escaping @Sendable () throws -> any OCREngine) {
            self.engine = engine
            self.cache = cache
            self.makeEngine = makeEngine
        }
    }

    /// Every engine's labelled receipts, in reading order.
    public private(set) var labelled: [LabelledReceipt] = []
    /// One model per engine; empty when no trainer was given (a dump of the candidates only).
    public private(set) var models: [String: ReceiptModel] = [:]
    public private(set) var provenance: TrainingProvenance

    /// `digest` is SHA-256 in hex (the caller's: this module links no hash library).
    public init(directories: [String], readings: [Reading], trainer: ModelTrainer?, workers: Int, commit: String,
                digest: ([UInt8]) -> String) throws {
        var engines: [String: String] = [:]
        var truth: [(id: String, truth: ReceiptTruth)] = []
        for reading in readings {
            var corpus = try ReceiptCorpus(directories: directories)
            corpus.read(with: ReceiptBatch(workers: workers, makeEngine: reading.makeEngine), cache: reading.cache)
            // Caches filled before engine.json was kept: the installed engine says what it is (one worker start).
            let descriptor = try (try? ReceiptCorpus.engine(in: reading.cache)) ?? reading.makeEngine().descriptor
            engines[reading.engine] = TrainingProvenance.engineLine(version: descriptor.version, models: descriptor.models)
            truth = corpus.receipts.map { ($0.id, $0.truth) }
            let labelled = corpus.labelled(parser: ReceiptParser(options: ReceiptParserOptions(model: nil)))
            self.labelled += labelled
            guard let trainer else { continue }
            let groups = Set(labelled.map(\.group)).count
            models[reading.engine] = trainer.train(
                labelled, provenance: "\(reading.engine): \(labelled.count) receipts from \(groups) merchant groups, \(trainer.folds) grouped folds for calibration")
        }
        provenance = TrainingProvenance(trainingSetDigest: digest(Array(TrainingProvenance.canonicalTruth(truth).utf8)),
                                        receipts: truth.count, engines: engines, commit: commit)
    }

    /// The models as the Swift source of `ReceiptModel+Trained.swift`.
    public func swiftSource(command: String) -> String {
        ReceiptModel.swiftSource(models, provenance: provenance, command: command)
    }

    /// Every candidate with its features and whether it is right, one JSON object a line (for analysis).
    public func candidateLines() -> [String] {
        var lines: [String] = []
        for receipt in labelled {
            func add<V>(_ field: String, _ candidates: [FieldCandidate<V>], _ right: (V) -> Bool) {
                for candidate in candidates {
                    let object: [String: Any] = ["id": receipt.id, "group": receipt.group, "field": field, "value": "\(candidate.value)",
                                                 "correct": right(candidate.value), "features": candidate.features]
                    if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) { lines.append(String(decoding: data, as: UTF8.self)) }
                }
            }
            add("total", receipt.candidates.total) { receipt.truth.totalIsRight($0) }
            add("date", receipt.candidates.date) { receipt.truth.dateIsRight($0) }
            add("merchant", receipt.candidates.merchant) { receipt.truth.merchantIsRight($0) }
        }
        return lines
    }
}

extension ReceiptEvaluation {
    /// Each receipt's fields as one JSON object a line: confidence, whether right, whether marked high confidence.
    public static func detailLines(_ outcomes: [Outcome]) -> [String] {
        outcomes.map { outcome in
            let object: [String: Any] = [
                "id": outcome.id, "group": outcome.truth.merchantGroup ?? "",
                "total": [outcome.receipt.total?.confidence ?? 0, outcome.totalCorrect, outcome.receipt.total?.isHighConfidence ?? false],
                "date": [outcome.receipt.date?.confidence ?? 0, outcome.dateCorrect, outcome.receipt.date?.isHighConfidence ?? false],
                "merchant": [outcome.receipt.merchant?.confidence ?? 0, outcome.merchantFuzzyCorrect, outcome.receipt.merchant?.isHighConfidence ?? false],
            ]
            return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
    }
}
