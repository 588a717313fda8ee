/// Something that turns an image file into text observations. Implementations hold native handles
/// that are usually not thread-safe, so the protocol does not require `Sendable`: use one per worker.
public protocol OCREngine {
    /// Name, version and language, recorded with every scan so results can be traced to the model.
    var descriptor: OCREngineDescriptor { get }
    func recognize(imageAt path: String) throws -> OCRPage
}

/// Which engine read a receipt, for provenance.
public struct OCREngineDescriptor: Hashable, Sendable, Codable {
    public var name: String
    public var version: String
    public var language: String
    /// The model files' SHA-256 by file name, for engines whose models are files of their own (PP-OCR).
    public var models: [String: String]?

    public init(name: String, version: String, language: String, models: [String: String]? = nil) {
        self.name = name
        self.version = version
        self.language = language
        self.models = models
    }
}

/// What an engine read from one image, and how the image was prepared first.
public struct OCRPage: Hashable, Sendable, Codable {
    public var observations: [TextObservation]
    /// Steps applied before recognition, e.g. `grayscale`, `upscale 2x`, `deskew -1.20°`.
    public var preprocessing: [String]
    public var imageWidth: Int
    public var imageHeight: Int

    public init(observations: [TextObservation], preprocessing: [String], imageWidth: Int, imageHeight: Int) {
        self.observations = observations
        self.preprocessing = preprocessing
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }
}
