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
        let readings = try readings.map { reading in
            let parts = reading.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let name = EngineOptions.Name(rawValue: parts[0]) else {
                throw ValidationError("--read takes ENGINE=DIR with ENGINE one of \(EngineOptions.Name.allCases.map(\.rawValue).joined(separator: ", ")), not \(reading)")
            }
            return ReceiptModelTraining.Reading(engine: name.rawValue, cache: parts[1], makeEngine: try EngineOptions.factory(name))
        }
        let training = try ReceiptModelTraining(directories: directories, readings: readings,
                                                trainer: out == nil ? nil : ModelTrainer(folds: folds, targetPrecision: precision, l2: l2),
                                                workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, commit: commit) { sha256Hex($0) }
        for reading in readings {
            guard let model = training.models[reading.engine] else { continue }
            Terminal.printNote("\(reading.engine): high confidence at total \(model.total.highConfidence), date \(model.date.highConfidence), merchant \(model.merchant.highConfidence)")
        }
        if let dump { try (training.candidateLines().joined(separator: "\n") + "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        guard let out else { return }
        try training.swiftSource(command: "make train-receipts").write(toFile: out, atomically: true, encoding: .utf8)
        Terminal.printNote("wrote \(out)")
    }
}
