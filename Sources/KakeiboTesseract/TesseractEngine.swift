import CTesseract
import Foundation
import KakeiboReceiptImage
import KakeiboReceipts

/// Tesseract behind `OCREngine`, on its C API.
///
/// A handle is not thread-safe, so this class is deliberately not `Sendable`: give each worker its own.
public final class TesseractEngine: OCRRereading {
    /// Page segmentation modes Tesseract offers that make sense for receipts (chosen by measurement).
    public enum SegmentationMode: Int32, Sendable, CaseIterable {
        case auto = 3
        case singleColumn = 4
        case singleBlock = 6
        case sparse = 11
    }

    /// How Tesseract turns the grayscale page into black and white (its `thresholding_method`).
    public enum Binarization: Int, Sendable, CaseIterable {
        /// One global Otsu threshold: fine on clean scans, loses faded thermal print next to dark ink.
        case otsu = 0
        case leptonicaOtsu = 1
        /// A local (Sauvola) threshold per window: follows uneven lighting and fading.
        case sauvola = 2
    }

    public let descriptor: OCREngineDescriptor
    private let handle: OpaquePointer
    private let mode: SegmentationMode
    /// Narrower images are scaled up to this width (receipt text wants 20–30 px letters).
    public var minimumWidth: Int = 1400
    /// Checked from the file's header before anything is decoded.
    public var limits = ImageLimits()
    /// The page the last `recognize` read (deskewed, at `scale` × the original), kept for `reread`: the parser's
    /// closer looks at the date (on the dev set 52 → 55 of 60 dates, 4 repaired and 1 broken, for about 15 % more CPU).
    private var lastPage: (pix: UnsafeMutablePointer<PIX>, scale: Float)?

    /// Folders Debian and Homebrew install models into, tried after `TESSDATA_PREFIX`.
    public static let defaultDatapaths = [
        "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata", "/opt/homebrew/share/tessdata", "/usr/local/share/tessdata",
    ]

    public init(language: String = "eng", datapath: String? = nil, mode: SegmentationMode = .auto, binarization: Binarization = .otsu) throws(TesseractError) {
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
        _ = TessBaseAPISetVariable(api, "thresholding_method", String(binarization.rawValue))
        self.handle = api
        self.mode = mode
        let version = TessVersion().map { String(cString: $0) } ?? "unknown"
        self.descriptor = OCREngineDescriptor(name: "tesseract", version: version, language: language)
    }

    deinit {
        forgetLastPage()
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    public func recognize(imageAt path: String) throws -> OCRPage {
        // The receipt reader's one decoder (`KakeiboReceiptImage`): checked, decoded by Leptonica, turned upright.
        let image = try UprightImage(imageAt: path, limits: limits)
        // The image owns its PIX: kept alive until this read is done with it.
        defer { withExtendedLifetime(image) {} }
        let original = image.pix
        let width = Int(pixGetWidth(original)), height = Int(pixGetHeight(original))
        guard width > 8, height > 8 else { throw TesseractError.unreadableImage(path: path) }

        forgetLastPage()
        guard let gray = pixConvertTo8(original, 0) else { throw TesseractError.unreadableImage(path: path) }
        var first = try read(gray, steps: ["grayscale"], path: path)
        lastPage = (first.page, first.scale)
        // Faded or coloured print (a purple thermal receipt) can leave Otsu with nothing legible: read it again from
        // the darkest channel with its contrast stretched, and keep whichever read found more legible words.
        if Self.legibleWords(first.observations) * 10 < first.observations.count, pixGetDepth(original) == 32,
           let darkest = pixConvertRGBToGrayMinMax(original, Int32(L_CHOOSE_MIN)) {
            var lo: UInt32 = 0, hi: UInt32 = 255
            if pixGetRankValue(darkest, 2, 0.01, &lo) == 0, pixGetRankValue(darkest, 2, 0.99, &hi) == 0, hi > lo + 16 {
                _ = pixGammaTRC(darkest, darkest, 1, Int32(lo), Int32(hi))
            }
            let second = try read(darkest, steps: ["darkest channel", "contrast stretch \(lo)-\(hi)"], path: path)
            if Self.legibleWords(second.observations) > Self.legibleWords(first.observations) {
                forgetLastPage()
                first = second
                lastPage = (second.page, second.scale)
            } else {
                var unused: UnsafeMutablePointer<PIX>? = second.page
                pixDestroy(&unused)
            }
        }
        return OCRPage(observations: first.observations, preprocessing: first.steps, imageWidth: width, imageHeight: height)
    }

    private func forgetLastPage() {
        var pointer: UnsafeMutablePointer<PIX>? = lastPage?.pix
        if pointer != nil { pixDestroy(&pointer) }
        lastPage = nil
    }

    /// Words Tesseract is sure of (≥ 80 %) with at least three letters or digits: a cheap measure of a read's quality.
    static func legibleWords(_ observations: [TextObservation]) -> Int {
        observations.filter { $0.confidence >= 0.8 && $0.text.filter { $0.isLetter || $0.isNumber }.count >= 3 }.count
    }

    /// Scales, deskews and recognises an 8-bit page; takes ownership of `gray`. Returns the page it read (a clone the
    /// caller owns) and its scale against the original, for closer looks.
    private func read(_ gray: UnsafeMutablePointer<PIX>, steps: [String], path: String)
        throws -> (observations: [TextObservation], steps: [String], page: UnsafeMutablePointer<PIX>, scale: Float) {
        var owned: [UnsafeMutablePointer<PIX>] = [gray]
        defer { for pix in owned { var pointer: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&pointer) } }
        var steps = steps
        let width = Int(pixGetWidth(gray))

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

        TessBaseAPISetImage2(handle, prepared)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw TesseractError.recognitionFailed(path: path) }
        let observations = words(width: Double(pixGetWidth(prepared)), height: Double(pixGetHeight(prepared)))
        guard let kept = pixClone(prepared) else { throw TesseractError.recognitionFailed(path: path) }
        return (observations, steps, kept, scale)
    }

    /// A region of the last page cropped, enlarged and read alone (one line or a block); boxes in page fractions.
    public func reread(_ region: OCRRegion) -> [TextObservation]? {
        guard let (page, pageScale) = lastPage else { return nil }
        let pageWidth = Double(pixGetWidth(page)), pageHeight = Double(pixGetHeight(page))
        let x0 = region.minX, x1 = region.maxX, y0 = region.minY, y1 = region.maxY
        guard (x1 - x0) * pageWidth >= 8, (y1 - y0) * pageHeight >= 8,
              let box = boxCreate(Int32(x0 * pageWidth), Int32(y0 * pageHeight), Int32((x1 - x0) * pageWidth), Int32((y1 - y0) * pageHeight)) else { return nil }
        defer { var pointer: UnsafeMutablePointer<BOX>? = box; boxDestroy(&pointer) }
        guard let crop = pixClipRectangle(page, box, nil) else { return nil }
        defer { var pointer: UnsafeMutablePointer<PIX>? = crop; pixDestroy(&pointer) }
        let scale = Float(region.scale) / pageScale
        guard let scaled = pixScale(crop, scale, scale) else { return nil }
        defer { var pointer: UnsafeMutablePointer<PIX>? = scaled; pixDestroy(&pointer) }
        TessBaseAPISetPageSegMode(handle, region.layout == .block ? PSM_SINGLE_BLOCK : PSM_SINGLE_LINE)
        defer { TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(mode.rawValue))) }
        TessBaseAPISetImage2(handle, scaled)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { return nil }
        return words(width: Double(pixGetWidth(scaled)), height: Double(pixGetHeight(scaled))).map { word in
            TextObservation(text: word.text, x: x0 + word.x * (x1 - x0), y: y0 + word.y * (y1 - y0),
                            width: word.width * (x1 - x0), height: word.height * (y1 - y0), confidence: word.confidence)
        }
    }

    /// The words of the last recognition, with boxes normalised to an image of `width` × `height`.
    private func words(width preparedWidth: Double, height preparedHeight: Double) -> [TextObservation] {
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
        return observations
    }
}
