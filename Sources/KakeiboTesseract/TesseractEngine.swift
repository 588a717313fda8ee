import CTesseract
import Foundation
import KakeiboReceipts

/// Tesseract behind `OCREngine`, on its C API.
///
/// A handle is not thread-safe, so this class is deliberately not `Sendable`: give each worker its own.
public final class TesseractEngine: OCREngine {
    /// Page segmentation modes Tesseract offers that make sense for receipts (chosen by measurement).
    public enum SegmentationMode: Int32, Sendable, CaseIterable {
        case auto = 3
        case singleColumn = 4
        case singleBlock = 6
        case sparse = 11
    }

    public let descriptor: OCREngineDescriptor
    private let handle: OpaquePointer
    private let mode: SegmentationMode
    /// Narrower images are scaled up to this width (receipt text wants 20–30 px letters).
    public var minimumWidth: Int = 1400
    /// Checked from the file's header before anything is decoded.
    public var limits = ImageLimits()

    /// Folders Debian and Homebrew install models into, tried after `TESSDATA_PREFIX`.
    public static let defaultDatapaths = [
        "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata", "/opt/homebrew/share/tessdata", "/usr/local/share/tessdata",
    ]

    public init(language: String = "eng", datapath: String? = nil, mode: SegmentationMode = .auto) throws(TesseractError) {
        // Parallelise across images, not inside one (measured faster on 2 cores).
        setenv("OMP_THREAD_LIMIT", "1", 0)
        // Leptonica reports bad files on stderr itself; the errors thrown here say it in one line.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        let candidates = [datapath, ProcessInfo.processInfo.environment["TESSDATA_PREFIX"]].compactMap { $0 } + Self.defaultDatapaths
        let path = candidates.first { FileManager.default.fileExists(atPath: "\($0)/\(language).traineddata") } ?? candidates[0]
        guard let api = TessBaseAPICreate() else { throw .modelMissing(datapath: path, language: language) }
        guard TessBaseAPIInit3(api, path, language) == 0 else {
            TessBaseAPIDelete(api)
            throw .modelMissing(datapath: path, language: language)
        }
        TessBaseAPISetPageSegMode(api, TessPageSegMode(UInt32(mode.rawValue)))
        _ = TessBaseAPISetVariable(api, "user_defined_dpi", "300")
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        self.handle = api
        self.mode = mode
        let version = TessVersion().map { String(cString: $0) } ?? "unknown"
        self.descriptor = OCREngineDescriptor(name: "tesseract", version: version, language: language)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    public func recognize(imageAt path: String) throws -> OCRPage {
        let header = try limits.check(imageAt: path)
        let decoded: UnsafeMutablePointer<PIX>?
        if header.format == .jpeg {
            // libjpeg pads a truncated file with grey and only warns: a warning means damaged data.
            var warnings: Int32 = 0
            decoded = QuietStandardError.run { pixReadJpeg(path, 0, 1, &warnings, 0) }
            if warnings > 0, decoded != nil {
                var pointer = decoded
                pixDestroy(&pointer)
                throw TesseractError.damagedImage(path: path)
            }
        } else {
            // libpng prints "libpng error: Read Error" for a truncated file before Leptonica gives up.
            decoded = QuietStandardError.run { pixRead(path) }
        }
        guard let original = decoded else { throw TesseractError.damagedImage(path: path) }
        guard Int(pixGetWidth(original)) == header.width, Int(pixGetHeight(original)) == header.height else {
            var pointer: UnsafeMutablePointer<PIX>? = original
            pixDestroy(&pointer)
            throw TesseractError.damagedImage(path: path)
        }
        var owned: [UnsafeMutablePointer<PIX>] = [original]
        defer { for pix in owned { var pointer: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&pointer) } }
        let width = Int(pixGetWidth(original)), height = Int(pixGetHeight(original))
        guard width > 8, height > 8 else { throw TesseractError.unreadableImage(path: path) }
        var steps: [String] = []

        guard let gray = pixConvertTo8(original, 0) else { throw TesseractError.unreadableImage(path: path) }
        owned.append(gray)
        steps.append("grayscale")

        // Receipt text needs roughly 20–30 px letters: scale narrow images up, page scans down.
        let scale: Float = width < minimumWidth ? min(3, Float(minimumWidth) / Float(width)) : (width > 3000 ? 0.5 : 1)
        var scaled = gray
        if scale != 1, let resized = pixScale(gray, scale, scale) {
            scaled = resized
            owned.append(resized)
            steps.append(String(format: scale > 1 ? "upscale %.2fx" : "downscale %.2fx", scale))
        }

        var angle: Float = 0, confidence: Float = 0
        var prepared = scaled
        if let deskewed = pixFindSkewAndDeskew(scaled, 0, &angle, &confidence) {
            prepared = deskewed
            owned.append(deskewed)
            if abs(angle) >= 0.1, confidence > 0 {
                steps.append(String(format: "deskew %.2f°", angle))
            }
        }

        let preparedWidth = Double(pixGetWidth(prepared)), preparedHeight = Double(pixGetHeight(prepared))
        TessBaseAPISetImage2(handle, prepared)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw TesseractError.recognitionFailed(path: path) }

        var observations: [TextObservation] = []
        if let iterator = TessBaseAPIGetIterator(handle) {
            defer { TessResultIteratorDelete(iterator) }
            let level = RIL_WORD
            repeat {
                guard let cText = TessResultIteratorGetUTF8Text(iterator, level) else { continue }
                let text = String(cString: cText)
                TessDeleteText(cText)
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                guard TessPageIteratorBoundingBox(TessResultIteratorGetPageIteratorConst(iterator), level, &left, &top, &right, &bottom) != 0 else { continue }
                let wordConfidence = Double(TessResultIteratorConfidence(iterator, level)) / 100
                observations.append(TextObservation(
                    text: text,
                    x: Double(left) / preparedWidth, y: Double(top) / preparedHeight,
                    width: Double(right - left) / preparedWidth, height: Double(bottom - top) / preparedHeight,
                    confidence: wordConfidence))
            } while TessResultIteratorNext(iterator, level) != 0
        }
        return OCRPage(observations: observations, preprocessing: steps, imageWidth: width, imageHeight: height)
    }
}
