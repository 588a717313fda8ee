import ArgumentParser
import Foundation
import KakeiboReceipts
import KakeiboTesseract

/// `kakeibo receipts eval DIR`: runs the whole pipeline on every `<id>.jpg|png` with a `<id>.json` truth and scores it.
struct ReceiptsEval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score receipt reading on a folder of images with truth JSON (<id>.jpg|png + <id>.json).")
    @Argument(help: "Folder of receipts with truth.") var directory: String
    @OptionGroup var output: OutputOptions
    @Option(help: "Tesseract page segmentation mode: 3, 4, 6 or 11.") var psm: Int32 = ReceiptReading.defaultMode.rawValue
    @Option(help: "Worker threads, one Tesseract handle each (default: every core).") var jobs: Int?
    @Flag(help: "Print each receipt's misses on stderr.") var verbose = false
    @Option(help: ArgumentHelp("Keep each image's OCR observations here and reuse them (parser work without re-running OCR).", visibility: .hidden))
    var observationsCache: String?
    @Option(help: ArgumentHelp("Scale narrower images up to this width before OCR.", visibility: .hidden)) var minimumWidth: Int = 1400
    @Option(help: ArgumentHelp("Tesseract thresholding_method: 0 Otsu, 1 Leptonica Otsu, 2 Sauvola.", visibility: .hidden))
    var binarization: Int = ReceiptReading.defaultBinarization.rawValue
    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Re-read the date rows closer up; --no-reread-date turns it off.", visibility: .hidden))
    var rereadDate = true

    func run() throws {
        guard let mode = TesseractEngine.SegmentationMode(rawValue: psm) else { throw ValidationError("--psm must be 3, 4, 6 or 11") }
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw CommandFailure("cannot read the folder \(directory): check the path")
        }
        var images: [(id: String, path: String, truth: ReceiptTruth)] = []
        for name in names.sorted() {
            let url = folder.appendingPathComponent(name)
            guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { continue }
            let id = url.deletingPathExtension().lastPathComponent
            let truthURL = folder.appendingPathComponent(id + ".json")
            guard let truth = try? ReceiptTruth.load(truthURL) else { continue }
            images.append((id, url.path, truth))
        }
        guard !images.isEmpty else { throw CommandFailure("no <id>.jpg|png with a <id>.json truth in \(directory)") }

        let start = Date()
        var batch = ReceiptBatch(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, mode: mode)
        batch.minimumWidth = minimumWidth
        guard let binarization = TesseractEngine.Binarization(rawValue: binarization) else { throw ValidationError("--binarization must be 0, 1 or 2") }
        batch.binarization = binarization
        batch.rereadsDate = rereadDate
        let cache = observationsCache.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let cached: [[TextObservation]?] = images.map { image in
            cache.flatMap { try? JSONDecoder().decode([TextObservation].self, from: Data(contentsOf: $0.appendingPathComponent(image.id + ".json"))) }
        }
        let missing = images.indices.filter { cached[$0] == nil }
        var items = [[TextObservation]?](repeating: nil, count: images.count)
        for (index, item) in zip(missing, batch.recognize(missing.map { images[$0].path })) {
            let observations = (try? item.result.get())?.observations ?? []
            items[index] = observations
            if let cache {
                try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
                try? JSONEncoder().encode(observations).write(to: cache.appendingPathComponent(images[index].id + ".json"))
            }
        }
        let parser = ReceiptParser()
        var outcomes: [ReceiptEvaluation.Outcome] = []
        for (index, image) in images.enumerated() {
            let item = (seconds: 0.0, observations: items[index] ?? cached[index] ?? [])
            let page = OCRPage(observations: item.observations, preprocessing: [], imageWidth: 0, imageHeight: 0)
            let receipt = parser.parse(page.observations).receipt
            outcomes.append(.init(id: image.id, receipt: receipt, truth: image.truth, seconds: item.seconds))
        }
        let evaluation = ReceiptEvaluation(outcomes: outcomes, wallSeconds: Date().timeIntervalSince(start))
        if verbose {
            for outcome in outcomes where !(outcome.totalCorrect && outcome.dateCorrect && outcome.merchantFuzzyCorrect) {
                var misses: [String] = []
                if !outcome.totalCorrect { misses.append("total \(outcome.receipt.total.map { String($0.value) } ?? "-") want \(outcome.truth.totalMinor)") }
                if !outcome.dateCorrect { misses.append("date \(outcome.receipt.date?.value ?? "-") want \(outcome.truth.dateISODayFirst)") }
                if !outcome.merchantFuzzyCorrect { misses.append("merchant \"\(outcome.receipt.merchant?.value ?? "-")\" want \"\(outcome.truth.company)\"") }
                Terminal.printNote("\(outcome.id): " + misses.joined(separator: "; "))
            }
        }
        let report = evaluation.report()
        switch output.format {
        case .json:
            let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        case .table, .csv:
            let fields = report["fields"] as! [String: [String: Any]]
            print("receipts: \(evaluation.outcomes.count)")
            for name in ["total", "date", "merchant", "merchant_fuzzy"] {
                let field = fields[name]!
                print("\(name): \(field["correct"]!)/\(evaluation.outcomes.count) (\(field["accuracy"]!))")
            }
            print("seconds per receipt: \(report["seconds_per_receipt"]!)")
            let calibration = report["calibration"] as! [String: Any]
            print("high-confidence fields: \(calibration["high_confidence"]!); other: \(calibration["other"]!)")
        }
    }
}
