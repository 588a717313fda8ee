import Foundation
import KakeiboDomain

extension SourceLocation {
    /// The location as a parsed transaction or posting keeps it: without the line's text. The
    /// text is a heap String per line (~70 bytes with its header), and a journal of 100k
    /// transactions keeps about 300k lines, ~20 MB by that estimate; with the import's key
    /// counting it took its peak RSS from 183 MB to 149 MB (before the import streamed the
    /// journal). Only an error shows the text, and `excerpt` reads it back from the file.
    var withoutText: SourceLocation {
        var copy = self
        copy.text = ""
        return copy
    }

    /// The line's text for an error's excerpt: the one kept, or else line `line` of `file` read
    /// again (a parsed journal keeps no text; see `withoutText`). Empty when neither is there.
    var excerpt: String {
        if !text.isEmpty { return text }
        guard line > 0, let data = FileManager.default.contents(atPath: file) else { return "" }
        var number = 1
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            if number == line { return Self.shown(data[start..<index]) }
            number += 1
            start = data.index(after: index)
        }
        return number == line ? Self.shown(data[start...]) : ""
    }

    /// A line read back from a file as an excerpt shows it: without a BOM or a CR, controls made visible.
    private static func shown(_ bytes: Data) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasSuffix("\r") { text.removeLast() }
        return FreeText.withControlsShown(text)
    }
}
