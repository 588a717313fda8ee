import ArgumentParser
import KakeiboDomain
import KakeiboReceiptFiles
import KakeiboReceipts
import KakeiboTesseract

/// `kakeibo receipts read FILE`: the rows OCR saw and the fields parsed from them, for inspecting one receipt.
struct ReceiptsRead: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read one receipt image (or --observations JSON) and print its rows and parsed fields; appends nothing.")
    @Argument(help: "A JPEG, PNG or TIFF receipt image.") var file: String?
    @Option(help: "Text observations JSON from another OCR engine instead of an image.") var observations: String?
    @Option(help: "Tesseract page segmentation mode: 3, 4, 6 or 11.") var psm: Int32 = TesseractEngine.Settings().mode.rawValue
    @Option(help: "Write the sanitised observations as JSON to this file (a fixture for parser tests).") var saveObservations: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var engineOptions: EngineOptions

    func run() throws {
        guard let mode = TesseractEngine.SegmentationMode(rawValue: psm) else { throw ValidationError("--psm must be 3, 4, 6 or 11") }
        var settings = TesseractEngine.Settings()
        settings.mode = mode
        let reading: ReceiptReader.Inspection
        if let observations {
            reading = try ReceiptReader.inspect(observationsAt: observations)
        } else {
            guard let file else { throw ValidationError("give a receipt image or --observations FILE.json") }
            reading = try ReceiptReader.inspect(imageAt: file, makeEngine: try engineOptions.factory(tesseract: settings))
        }
        if let saveObservations { try reading.writeSanitisedObservations(to: saveObservations) }
        print(try reading.report(json: output.format == .json))
    }
}
