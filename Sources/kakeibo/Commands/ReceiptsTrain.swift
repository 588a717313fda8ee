import ArgumentParser
import Foundation
import KakeiboReceipts
import KakeiboReceiptsTraining
import func KakeiboEventStore.sha256Hex

/// `kakeibo receipts train DIR...`: learns the ranker weights, the calibration and the high-confidence threshold
/// from receipts with truth, and writes them as Swift (`make train-receipts` regenerates the committed model).
struct ReceiptsTrain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Learn the receipt model from folders of images with truth JSON and write it as a Swift file.",
        shouldDisplay: false)
    @Argument(help: "Folders of receipts with truth.") var directories: [String]
    @Option(name: .customLong("read"), help: ArgumentHelp(
        "ENGINE=DIR: read every receipt with this engine (tesseract, ppocr, ppocr-v5, ppocr-v6, ppocr-v6-tiny), keeping its observations in DIR; repeat to train on both.",
        valueName: "engine=dir"))
    var readings: [String] = ["ppocr=.build/receipt-observations/ppocr"]
    @Option(help: "Write the model here (Swift source).") var out: String?
    @Option(help: "Write every candidate with its features and label as JSON lines (for analysis).") var dump: String?
    @Option(help: "Grouped folds for calibration and the threshold.") var folds = 5
    @Option(help: "L2 penalty for the rankers.") var l2 = RankerTrainer.defaultL2
    @Option(help: "Out-of-fold precision the high-confidence threshold must reach.") var precision = ModelTrainer.defaultTargetPrecision
    @Option(help: "Worker threads, one OCR engine each (default: every core).") var jobs: Int?
    @Option(help: "The commit of the parser and trainer code, recorded with the model (make train-receipts passes it).")
    var commit = "unknown"

    func run() throws {
        var models: [String: ReceiptModel] = [:]
        var everything: [LabelledReceipt] = []
        var engines: [String: String] = [:]
        var truth: [(id: String, truth: ReceiptTruth)] = []
        for reading in readings {
            let parts = reading.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let name = EngineOptions.Name(rawValue: parts[0]) else {
                throw ValidationError("--read takes ENGINE=DIR with ENGINE one of \(EngineOptions.Name.allCases.map(\.rawValue).joined(separator: ", ")), not \(reading)")
            }
            var corpus = try ReceiptCorpus(directories: directories)
            corpus.read(with: ReceiptBatch(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, makeEngine: try EngineOptions.factory(name)), cache: parts[1])
            // Caches filled before engine.json was kept: the installed engine says what it is (one worker start).
            let descriptor = try (try? ReceiptCorpus.engine(in: parts[1])) ?? EngineOptions.factory(name)().descriptor
            engines[name.rawValue] = TrainingProvenance.engineLine(version: descriptor.version, models: descriptor.models)
            truth = corpus.receipts.map { ($0.id, $0.truth) }
            let labelled = corpus.labelled(parser: ReceiptParser(options: ReceiptParserOptions(model: nil)))
            everything += labelled
            guard out != nil else { continue }
            let groups = Set(labelled.map(\.group)).count
            let model = ModelTrainer(folds: folds, targetPrecision: precision, l2: l2)
                .train(labelled, provenance: "\(name.rawValue): \(labelled.count) receipts from \(groups) merchant groups, \(folds) grouped folds for calibration")
            models[name.rawValue] = model
            Terminal.printNote("\(name.rawValue): high confidence at total \(model.total.highConfidence), date \(model.date.highConfidence), merchant \(model.merchant.highConfidence)")
        }
        if let dump { try write(everything, to: dump) }
        guard let out else { return }
        let provenance = TrainingProvenance(trainingSetDigest: sha256Hex(Array(TrainingProvenance.canonicalTruth(truth).utf8)),
                                            receipts: truth.count, engines: engines, commit: commit)
        try ReceiptModel.swiftSource(models, provenance: provenance, command: "make train-receipts").write(toFile: out, atomically: true, encoding: .utf8)
        Terminal.printNote("wrote \(out)")
    }

    private func write(_ receipts: [LabelledReceipt], to path: String) throws {
        var lines: [String] = []
        for receipt in receipts {
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
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
