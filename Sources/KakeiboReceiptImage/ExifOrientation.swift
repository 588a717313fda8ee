/// How a camera says its JPEG is to be turned to stand upright: the EXIF Orientation tag (0x0112), 1 to 8.
///
/// A phone held upright stores its sensor's landscape pixels and tag 6 ("rotate 90° clockwise to view"); OpenCV's
/// `imread` applied it for the PP-OCR worker, and Leptonica, which decodes for both engines now (issue 35: the image
/// is decoded once per engine), does not read EXIF. Read here from the file's first APP1 segment, bounds-checked at
/// every step, so a damaged or hostile header gives `.upright`, never a crash. Only JPEG: the format phones write.
public enum ExifOrientation: UInt16, Sendable, CaseIterable {
    case upright = 1, mirrored = 2, upsideDown = 3, flipped = 4
    case transposed = 5, rotatedClockwise = 6, transverse = 7, rotatedCounterclockwise = 8

    /// The orientation a JPEG's EXIF declares; `.upright` without one. `bytes` is the start of the file: the EXIF
    /// segment comes before the image data, so 128 KiB holds it (a segment is at most 64 KiB).
    public init(jpeg bytes: [UInt8]) {
        self = Self.read(bytes) ?? .upright
    }

    private static func read(_ bytes: [UInt8]) -> ExifOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        // Segments: FF, marker, a big-endian length that counts itself, the payload. Image data (SOS) ends the search.
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard marker != 0xDA, length >= 2 else { return nil }
            let payload = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end <= bytes.count, end - payload > 14, Array(bytes[payload..<payload + 6]) == Array("Exif\0\0".utf8) {
                return tiff(Array(bytes[payload + 6..<end]))
            }
            offset = end
        }
        return nil
    }

    /// The Orientation entry of a TIFF header's first directory (IFD0).
    private static func tiff(_ tiff: [UInt8]) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true // "II"
        case (0x4D, 0x4D): little = false // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard u16(2) == 42, let directory = u32(4), let count = u16(directory) else { return nil }
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            // Tag 0x0112, type SHORT (3), one value, kept in the entry's first two value bytes.
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112 {
                guard u16(at + 2) == 3, let value = u16(at + 8) else { return nil }
                return ExifOrientation(rawValue: UInt16(value))
            }
        }
        return nil
    }
}
