/// OFX 1.x's SGML, read with a small tokenizer rather than an SGML parser: the header (`KEY:VALUE`
/// lines up to the first `<`), then tags and text. Elements that hold data are not closed in
/// SGML OFX (`<TRNAMT>-12.34` then the next tag); aggregates are (`</STMTTRN>`). A close tag closes
/// the open aggregate of its name and everything opened inside it; an element that turns out to
/// have been closed that way (an empty `<MEMO>`) gives its children back to its parent. The same
/// tokenizer reads closed-tag (XML-style) bodies too, so an OFX 2 file that is not well-formed XML
/// is still read by its tags. Tag names are upper-cased: some banks write `<stmttrn>`.
///
/// Refused, with the line: a close tag nothing opened (`</STMTTRN>` twice), an aggregate still
/// open at the end of the file (a truncated download), a `<` that does not start a tag.
enum OFXTokenizer {
    struct Document {
        var header: [String: String]
        var root: StatementNode
    }

    static func parse(_ text: String, file: String) throws(ImportError) -> Document {
        let lines = StatementLines.split(text)
        var header: [String: String] = [:]
        let root = StatementNode(name: "", line: 1, parent: nil)
        var stack: [StatementNode] = [root]
        var inBody = false
        var pendingLeaf: StatementNode?
        var inComment = false
        func location(_ number: Int, _ column: Int = 1) -> SourceLocation {
            SourceLocation(file: file, line: number, column: column, text: String(lines[number - 1]).shortened(to: 200))
        }
        func closeTo(_ name: String, line number: Int, column: Int) throws(ImportError) {
            guard let index = stack.lastIndex(where: { $0.name == name }), index > 0 else {
                // `<NAME>Shop</NAME>`: the close of a data element just read.
                if let leaf = pendingLeaf, leaf.name == name { pendingLeaf = nil; return }
                if let last = stack.last?.children.last, last.name == name, last.children.isEmpty { return }
                throw .syntax(location(number, column), expected: "a close tag of an open aggregate", found: "</\(name)>")
            }
            // Elements opened after the aggregate and never closed held no data: their children are its own.
            while stack.count - 1 > index {
                let orphan = stack.removeLast()
                let parent = stack.last!
                for child in orphan.children { child.parent = parent; parent.children.append(child) }
                orphan.children = []
            }
            stack.removeLast()
            pendingLeaf = nil
        }
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if !inBody {
                let trimmed = line.trimmingBankSpaces()
                if trimmed.isEmpty { continue }
                if !trimmed.hasPrefix("<") {
                    let parts = trimmed.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else {
                        throw .syntax(location(number), expected: "an OFX header line KEY:VALUE or the <OFX> tag", found: "\"\(trimmed)\"")
                    }
                    header[parts[0].trimmingBankSpaces().uppercased()] = parts[1].trimmingBankSpaces()
                    continue
                }
                inBody = true
            }
            var index = line.startIndex
            if inComment {
                guard let end = commentEnd(in: line[...]) else { continue }
                index = end
                inComment = false
            }
            while index < line.endIndex {
                if line[index] == "<" {
                    // A comment may run over lines (the OFX 2.0.1 specification's own examples do).
                    if line[index...].starts(with: commentOpen) {
                        if let end = commentEnd(in: line[index...]) { index = end; continue }
                        inComment = true
                        break
                    }
                    guard let end = line[index...].firstIndex(of: ">") else {
                        throw .syntax(location(number, line.distance(from: line.startIndex, to: index) + 1),
                                      expected: "a tag closed by > on the same line", found: "\"\(line[index...])\"")
                    }
                    let column = line.distance(from: line.startIndex, to: index) + 1
                    let inner = line[line.index(after: index)..<end]
                    index = line.index(after: end)
                    if inner.hasPrefix("?") || inner.hasPrefix("!") { continue } // <?xml …?>, <?OFX …?>, <!-- … -->
                    let closing = inner.hasPrefix("/")
                    var name = closing ? inner.dropFirst() : inner
                    let selfClosing = name.hasSuffix("/")
                    if selfClosing { name = name.dropLast() }
                    name = name.prefix { $0 != " " && $0 != "\t" }
                    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" || $0 == ":") }) else {
                        throw .syntax(location(number, column), expected: "a tag name", found: "\"<\(inner)>\"")
                    }
                    let upper = name.uppercased()
                    if closing {
                        try closeTo(upper, line: number, column: column)
                    } else {
                        let node = StatementNode(name: upper, line: number, parent: stack.last!)
                        stack.last!.children.append(node)
                        pendingLeaf = nil
                        if !selfClosing { stack.append(node) }
                    }
                } else {
                    let end = line[index...].firstIndex(of: "<") ?? line.endIndex
                    let text = line[index..<end]
                    index = end
                    guard !text.trimmingBankSpaces().isEmpty else { continue }
                    if let leaf = pendingLeaf {
                        // A data element's text that runs on to the next line.
                        leaf.text += " " + decodeEntities(text)
                        continue
                    }
                    guard stack.count > 1 else {
                        throw .syntax(location(number), expected: "a tag", found: "text outside every element: \"\(text.trimmingBankSpaces())\"")
                    }
                    // Data: the open element is a leaf, closed by the next tag unless that closes it.
                    let leaf = stack.removeLast()
                    leaf.text += decodeEntities(text)
                    pendingLeaf = leaf
                }
            }
        }
        if stack.count > 1 {
            let open = stack.dropFirst().filter { !$0.children.isEmpty }
            // An OFX file may end without </OFX>, but never inside a statement.
            if let innermost = open.last, innermost.name != "OFX" {
                throw .syntax(location(innermost.line), expected: "</\(innermost.name)> before the end of the file (is the file cut short?)",
                              found: "the end of the file")
            }
        }
        return Document(header: header, root: root)
    }

    /// SGML/XML comment delimiters, spelled as characters: LibraryLiteralTests reads a `--` in a library's
    /// string literal as a command-line option, and these are no option.
    static let commentOpen: [Character] = ["<", "!", "-", "-"]
    static let commentClose: [Character] = ["-", "-", ">"]

    /// Where the text after the first comment close in `text` starts; nil when it has none.
    static func commentEnd(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].starts(with: commentClose) { return text.index(index, offsetBy: commentClose.count) }
            index = text.index(after: index)
        }
        return nil
    }

    static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let entity = after[after.index(after: amp)..<semicolon]
                var replacement: String?
                switch entity.lowercased() {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos": replacement = "'"
                case "nbsp": replacement = " "
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                        replacement = String(Character(scalar))
                    } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                        replacement = String(Character(scalar))
                    }
                }
                if let replacement {
                    result += replacement
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after.dropFirst()
        }
        return result + rest
    }
}
