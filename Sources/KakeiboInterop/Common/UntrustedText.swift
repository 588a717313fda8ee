import KakeiboDomain

/// Text that came from a file: tabs become spaces, runs of spaces collapse, ends are trimmed, so
/// what reaches a payee or memo is printable (control characters are refused earlier, by line).
enum UntrustedText {
    static func clean(_ text: Substring) -> String? {
        // Spaces and tabs are single bytes that no other scalar's UTF-8 contains, so the bytes are
        // walked; most text (a payee, a memo) has nothing to trim or fold and is taken as it is.
        let bytes = text.utf8
        guard let first = bytes.first else { return nil }
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        var folds = first == space || first == tab || bytes.last == space || bytes.last == tab
        if !folds {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == tab || (byte == space && previous == space) { folds = true; break }
                previous = byte
            }
        }
        if !folds { return String(text) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if byte == space || byte == tab {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(space) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return result.isEmpty ? nil : String(decoding: result, as: UTF8.self)
    }

    /// hledger tags in a comment: `key: value`, separated by commas.
    static func tags(in comment: String?) -> [String: String] {
        guard let comment, comment.utf8.contains(UInt8(ascii: ":")) else { return [:] }
        var tags: [String: String] = [:]
        for segment in comment.split(separator: ",") {
            guard let colon = segment.firstIndex(of: ":") else { continue }
            guard let name = segment[..<colon].split(separator: " ").last, segment[..<colon].last != " " else { continue }
            tags[String(name)] = String(segment[segment.index(after: colon)...].trimmingSpaces())
        }
        return tags
    }
}

extension Substring {
    /// The 1-based column at which `part`, a slice of this line, starts, counted in characters as
    /// hledger counts them; on an ASCII line (most of them) bytes are characters and are counted instead.
    func column(of part: Substring) -> Int {
        let before = utf8[startIndex..<part.startIndex]
        if before.allSatisfy({ $0 < 0x80 }) { return before.count + 1 }
        return distance(from: startIndex, to: part.startIndex) + 1
    }

    /// Where the ASCII character `c` first stands, found in the UTF-8 bytes: no other scalar's
    /// encoding holds an ASCII byte, and a byte walk needs no index checks or grapheme breaking.
    func firstIndex(ofASCII c: Unicode.Scalar) -> Index? { utf8.firstIndex(of: UInt8(ascii: c)) }

    /// What follows the ASCII character at `index`.
    func after(ascii index: Index) -> Substring { self[utf8.index(after: index)...] }

    /// Whether the text starts with the ASCII character `c`.
    func starts(withASCII c: Unicode.Scalar) -> Bool { utf8.first == UInt8(ascii: c) }

    /// Without leading and trailing spaces and tabs. Walks scalars, not characters: this runs on
    /// every journal line, and grapheme breaking is the costly part of a character walk.
    func trimmingSpaces() -> Substring {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, scalars[start] == " " || scalars[start] == "\t" { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before] == " " || scalars[before] == "\t" else { break }
            end = before
        }
        return self[start..<end]
    }
}
