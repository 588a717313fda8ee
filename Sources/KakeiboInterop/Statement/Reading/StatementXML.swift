import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XML (OFX 2.x, QFX, CAMT.053) into `StatementNode`s through Foundation's XMLParser: names without
/// their namespace prefix, text trimmed by the readers. The text is handed over as UTF-8 with the
/// XML declaration removed, because it was already decoded (`StatementEncoding`) and a declaration
/// saying ISO-8859-1 would make the parser decode it a second time. DTDs and external entities are
/// not resolved. A document that is not well-formed is refused with the parser's line and column.
enum StatementXML {
    static func parse(_ text: String, file: String, uppercased: Bool) throws(ImportError) -> StatementNode {
        let body = withoutProcessingInstructions(text)
        let delegate = Builder(uppercased: uppercased)
        let parser = XMLParser(data: Data(body.utf8))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let lines = StatementLines.split(text)
        func location(_ line: Int, _ column: Int) -> SourceLocation {
            let excerpt = line >= 1 && line <= lines.count ? String(lines[line - 1]).shortened(to: 200) : ""
            return SourceLocation(file: file, line: max(1, line), column: max(1, column), text: excerpt)
        }
        guard parser.parse(), delegate.stack.count == 1 else {
            let path = delegate.stack.last.map { $0.elementPath } ?? "/"
            let reason = parser.parserError.map { String(describing: ($0 as NSError).localizedDescription) } ?? "it is not well-formed"
            throw .syntax(location(parser.lineNumber, parser.columnNumber), expected: "well-formed XML",
                          found: "\(reason.shortened(to: 80)) in \(path)")
        }
        return delegate.root
    }

    /// The text without its processing instructions (`<?xml …?>`, OFX 2's `<?OFX …?>`), each
    /// replaced by the line breaks it held so lines still count right. The declaration must go (see
    /// above), and none of them carries data: FoundationXML's parser crashes on an instruction with
    /// no data (`<?OFX?>`: strlen of a null pointer, found by FuzzOFXReader), so none reaches it.
    ///
    /// Searched in UTF-8 bytes, as the parser reads them, not in characters: `<?` followed by a
    /// combining mark (`<?\u{739}`) is one character `?̹` to `String`, so a search by character
    /// missed it and the parser met an instruction it cannot read (the 10M-execution run found it at
    /// 4,387,565). Removing one instruction can join `<` and `?` around it into a new one
    /// (`<<?a?>?b?>`), so passes repeat until none is left.
    static func withoutProcessingInstructions(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var removedAny = false
        while let stripped = strippingInstructions(bytes) {
            bytes = stripped
            removedAny = true
        }
        return removedAny ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// One pass over `bytes`, or nil when there is no complete `<?…?>` to remove.
    private static func strippingInstructions(_ bytes: [UInt8]) -> [UInt8]? {
        let open = (UInt8(ascii: "<"), UInt8(ascii: "?")), close = (UInt8(ascii: "?"), UInt8(ascii: ">"))
        var result: [UInt8] = []
        var index = 0, copied = 0
        while index + 1 < bytes.count {
            guard bytes[index] == open.0, bytes[index + 1] == open.1 else { index += 1; continue }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == close.0 && bytes[end + 1] == close.1) { end += 1 }
            guard end + 1 < bytes.count else { break } // not closed: left for the parser to refuse
            if result.isEmpty { result.reserveCapacity(bytes.count) }
            result += bytes[copied..<index]
            // A line break is LF, or CR not followed by LF (CRLF counts once, at its LF).
            let breaks = (index..<end + 2).filter { bytes[$0] == 0x0A || (bytes[$0] == 0x0D && bytes[$0 + 1] != 0x0A) }.count
            result += repeatElement(0x0A, count: breaks)
            index = end + 2
            copied = index
        }
        guard copied > 0 else { return nil }
        return result + bytes[copied...]
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let root = StatementNode(name: "", line: 1, parent: nil)
        lazy var stack: [StatementNode] = [root]
        let uppercased: Bool
        weak var parser: XMLParser?
        init(uppercased: Bool) { self.uppercased = uppercased }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            var name = elementName.split(separator: ":").last.map(String.init) ?? elementName
            if uppercased { name = name.uppercased() }
            let node = StatementNode(name: name, line: parser.lineNumber, parent: stack.last)
            node.attributes = attributes
            stack.last!.children.append(node)
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if stack.count > 1 { stack.removeLast() }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last!.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last!.text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
