import Foundation
import KakeiboPPOCR
import KakeiboReceiptImage
import KakeiboReceipts
import KakeiboTesseract

/// Makes engines by `DefaultOCREngine`'s policy for a batch: the default engine when its worker starts, else the
/// next in `DefaultOCREngine.fallbacks`, and from then on the engine that worked (one notice per fallback, not
/// one per worker). Decided when the first image that passed its checks needs an engine, so a batch of bad files
/// starts none. Shared by the CLI, the server and the web app. Here, beside the receipt reader, because the policy
/// names both engines and hands PP-OCR the reader's decoder; `KakeiboPPOCR` itself knows neither (issue 35).
public final class DefaultEngineFactory: @unchecked Sendable {
    private let lock = NSLock()
    private var candidates: [String]
    private let tesseract: TesseractEngine.Settings
    private let notice: @Sendable (_ failure: any Error, _ next: String) -> Void

    /// `notice` hears why an engine could not start and which is tried next (the front end words it).
    public init(tesseract: TesseractEngine.Settings = TesseractEngine.Settings(),
                notice: @escaping @Sendable (_ failure: any Error, _ next: String) -> Void = { _, _ in }) {
        candidates = [DefaultOCREngine.name] + DefaultOCREngine.fallbacks
        self.tesseract = tesseract
        self.notice = notice
    }

    @Sendable public func make() throws -> any OCREngine {
        lock.lock()
        defer { lock.unlock() }
        while let name = candidates.first {
            guard let model = PPOCRModel(engineName: name) else { break }
            do {
                return try PPOCREngine(model: model, decode: UprightImage.pixels(imageAt:))
            } catch {
                candidates.removeFirst()
                notice(error, candidates.first ?? "tesseract")
            }
        }
        return try TesseractEngine.factory(tesseract)()
    }
}
