import KakeiboDomain

/// Text that came from a file: tabs become spaces, runs of spaces collapse, ends are trimmed, so
/// what reaches a payee or memo is printable (control characters are refused earlier, by line).
enum UntrustedText {
    static func clean(_ text: Substring) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? nil : result
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
