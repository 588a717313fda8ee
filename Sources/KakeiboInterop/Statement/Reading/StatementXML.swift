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
    static func withoutProcessingInstructions(_ text: String) -> String {
        guard text.contains("<?") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "<?"), let end = rest[start.upperBound...].range(of: "?>") {
            result += rest[..<start.lowerBound]
            result += String(repeating: "\n", count: rest[start.lowerBound..<end.upperBound].filter { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.count)
            rest = rest[end.upperBound...]
        }
        return result + rest
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
