import ArgumentParser
import Foundation
import KakeiboReceipts
import KakeiboReceiptsTraining
import KakeiboTesseract

/// `kakeibo receipts eval DIR...`: runs the whole pipeline on every `<id>.jpg|png` with a `<id>.json` truth and
/// scores it; `--folds K` scores by grouped cross-validation instead (each fold by a model that never saw its merchants).
struct ReceiptsEval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score receipt reading on folders of images with truth JSON (<id>.jpg|png + <id>.json).",
        discussion: """
            Prints per-field accuracy with a 95 % Wilson interval, the precision of the fields marked high \
            confidence, a reliability table (confidence bins against accuracy) and the expected calibration error. \
            With --folds K, the model is retrained K times, grouped by the truth's source.merchant_group, and \
            every receipt is read by a model (ranker, calibration and threshold) fitted without its merchant.
            """)
    @Argument(help: "Folders of receipts with truth.") var directories: [String]
    @OptionGroup var output: OutputOptions
    @OptionGroup var engineOptions: EngineOptions
    @Option(help: "Grouped cross-validation by merchant group with K folds.") var folds: Int?
    @Flag(help: "Score the hand rules' choices and confidences instead of the learned model.") var rules = false
    @Option(help: ArgumentHelp("L2 penalty for the rankers under --folds.", visibility: .hidden)) var l2 = RankerTrainer.defaultL2
    @Option(help: ArgumentHelp("Out-of-fold precision the thresholds are computed for under --folds.", visibility: .hidden))
    var precision = ModelTrainer.defaultTargetPrecision
    @Option(help: "Tesseract page segmentation mode: 3, 4, 6 or 11.") var psm: Int32 = TesseractEngine.Settings().mode.rawValue
    @Option(help: "Worker threads, one OCR engine each (default: every core).") var jobs: Int?
    @Flag(help: "Print each receipt's misses on stderr.") var verbose = false
    @Option(help: ArgumentHelp("Write each receipt's fields, confidences and whether they are right as JSON lines.", visibility: .hidden))
    var details: String?
    @Option(help: "Keep each image's OCR observations here and reuse them (parser work without re-running OCR).")
    var observationsCache: String?
    @Option(help: ArgumentHelp("Scale narrower images up to this width before OCR.", visibility: .hidden)) var minimumWidth: Int = 1400
    @Option(help: ArgumentHelp("Tesseract thresholding_method: 0 Otsu, 1 Leptonica Otsu, 2 Sauvola.", visibility: .hidden))
    var binarization: Int = TesseractEngine.Settings().binarization.rawValue
    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Re-read the date rows closer up; --no-reread-date turns it off.", visibility: .hidden))
    var rereadDate = true

    func validate() throws {
        guard !directories.isEmpty else { throw ValidationError("give at least one folder of receipts with truth") }
        if let folds, folds < 2 { throw ValidationError("--folds must be 2 or more") }
        if folds != nil && rules { throw ValidationError("--folds trains the model; --rules scores the hand rules: give one") }
    }

    func run() throws {
        guard let mode = TesseractEngine.SegmentationMode(rawValue: psm) else { throw ValidationError("--psm must be 3, 4, 6 or 11") }
        guard let binarization = TesseractEngine.Binarization(rawValue: binarization) else { throw ValidationError("--binarization must be 0, 1 or 2") }
        var settings = TesseractEngine.Settings()
        settings.mode = mode
        settings.binarization = binarization
        settings.minimumWidth = minimumWidth
        var corpus = try ReceiptCorpus(directories: directories)
        let start = Date()
        let batch = corpus.isCached(in: observationsCache) ? nil : ReceiptBatch(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, closerLooks: rereadDate,
                                                                                 makeEngine: try engineOptions.factory(tesseract: settings))
        corpus.read(with: batch, cache: observationsCache)
        let wall = Date().timeIntervalSince(start)
        // Observations from the cache alone name no engine: the one asked for, else the default's.
        let engine = engineOptions.engine?.rawValue ?? corpus.engineName ?? DefaultOCREngine.name
        let outcomes = corpus.outcomes(folds: folds, trainer: ModelTrainer(folds: folds ?? 5, targetPrecision: precision, l2: l2),
                                       model: rules ? nil : .trained(for: engine))
        let evaluation = ReceiptEvaluation(outcomes: outcomes, wallSeconds: wall, folds: folds)
        if verbose { for miss in ReceiptEvaluation.misses(outcomes) { Terminal.printNote(miss) } }
        if let details { try (ReceiptEvaluation.detailLines(outcomes).joined(separator: "\n") + "\n").write(toFile: details, atomically: true, encoding: .utf8) }
        let report = evaluation.report()
        print(output.format == .json ? try ReceiptEvaluation.json(report) : ReceiptEvaluation.text(report, count: outcomes.count))
    }
}
