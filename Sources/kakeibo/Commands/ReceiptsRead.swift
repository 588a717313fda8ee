import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboReceipts
import KakeiboTesseract

/// `kakeibo receipts read FILE`: the rows OCR saw and the fields parsed from them, for inspecting one receipt.
struct ReceiptsRead: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read one receipt image (or --observations JSON) and print its rows and parsed fields; appends nothing.")
    @Argument(help: "A JPEG, PNG or TIFF receipt image.") var file: String?
    @Option(help: "Text observations JSON from another OCR engine instead of an image.") var observations: String?
    @Option(help: "Tesseract page segmentation mode: 3, 4, 6 or 11.") var psm: Int32 = ReceiptReading.defaultMode.rawValue
    @Option(help: "Write the sanitised observations as JSON to this file (a fixture for parser tests).") var saveObservations: String?
    @OptionGroup var output: OutputOptions
    @OptionGroup var engineOptions: EngineOptions

    func run() throws {
        guard let mode = TesseractEngine.SegmentationMode(rawValue: psm) else { throw ValidationError("--psm must be 3, 4, 6 or 11") }
        let reading = try ReceiptReading.read(file: file, observations: observations, mode: mode, engine: engineOptions)
        let parser = ReceiptParser(options: ReceiptParserOptions(model: .trained(for: reading.engine.name)))
        let (rows, receipt) = parser.parse(reading.observations)
        if let saveObservations {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(parser.sanitiser.sanitise(reading.observations)).write(to: URL(fileURLWithPath: saveObservations))
        }
        switch output.format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(receipt), as: UTF8.self))
        case .table, .csv:
            for row in rows {
                print(String(format: "%3d %3.0f%%  ", row.index, row.meanConfidence * 100) + Terminal.safe(row.text))
            }
            func line<V>(_ name: String, _ field: ReceiptField<V>?) {
                guard let field else { return print("\(name): -") }
                print("\(name): \(Terminal.safe(String(describing: field.value)))  confidence \(Int(field.confidence * 100))%  rows \(field.rows)")
            }
            line("merchant", receipt.merchant)
            line("date", receipt.date)
            line("time", receipt.time)
            // A currency nobody printed says so: inferred from the address or tax id, or assumed (no ledger: MYR).
            if let currency = receipt.currency, let basis = receipt.currencyBasis, basis != .printed {
                let how = basis == .assumed ? "assumed: the receipt prints no currency and names no place that has one"
                    : "inferred from the rows cited; the receipt prints no currency"
                print("currency: \(currency.value) (\(how))  confidence \(Int(currency.confidence * 100))%  rows \(currency.rows)")
            } else {
                line("currency", receipt.currency)
            }
            // Money as `receipt show` prints it: decimals and the currency, not minor units.
            let currency = (try? Currency(code: receipt.currency?.value ?? "")) ?? Currency(uncheckedCode: "XXX", minorDigits: 2)
            func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).description }
            if let total = receipt.total {
                print("total: \(money(total.value))  confidence \(Int(total.confidence * 100))%  rows \(total.rows)")
            } else {
                print("total: -")
            }
            for item in receipt.items {
                print("item: \(Terminal.safe(item.description))  " + (item.quantity.map { "x\($0)  " } ?? "")
                      + "\(money(item.amount))  confidence \(Int(item.confidence * 100))%  rows \(item.rows)")
            }
            for warning in receipt.warnings { print("warning: \(warning)") }
        }
    }
}
