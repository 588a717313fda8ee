import Foundation
import KakeiboChain
import KakeiboReceiptImage

/// Receipt image files: which paths to read, and a cheap check of each before OCR touches it.
///
/// Decoders are the riskiest code a hostile file reaches, so a file is refused on its size and
/// magic bytes first; the digest of the exact bytes becomes the import's idempotency key.
public enum ReceiptFile {
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "tif", "tiff"]
    /// The one byte cap on a receipt image, `ImageLimits.maximumBytes` (40 MiB), which the decoder checks too.
    public static let maximumBytes = ImageLimits.maximumBytes

    /// Files in argument order; a directory contributes its image files (by extension), sorted, not recursively.
    public static func expand(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            result += names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted().map { base + "/" + $0 }
        }
        return result
    }

    /// The lowercase hex SHA-256 of a file that looks like a JPEG, PNG or TIFF image.
    public static func checkImage(at path: String) throws(ReceiptFileError) -> String {
        guard extensions.contains((path as NSString).pathExtension.lowercased()) else { throw .unsupportedFormat(path: path) }
        let bytes = try contents(of: path)
        let magic: [[UInt8]] = [[0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                                [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
        guard magic.contains(where: { bytes.starts(with: $0) }) else { throw .notAnImage(path: path) }
        return sha256Hex(bytes)
    }

    /// The bytes of a file of at most `maximumBytes`, refusing empty ones.
    public static func contents(of path: String) throws(ReceiptFileError) -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else { throw .unreadable(path: path) }
        guard size > 0 else { throw .empty(path: path) }
        guard size <= maximumBytes else { throw .tooLarge(path: path, bytes: size, limit: maximumBytes) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard !data.isEmpty else { throw .empty(path: path) }
        return data
    }

    /// The whole digest in lowercase hex, as the event store's `sha256Hex` spells it, from the GRDB-free base.
    public static func sha256Hex(_ data: Data) -> String {
        Digest32(sha256: Array(data)).hex
    }
}
