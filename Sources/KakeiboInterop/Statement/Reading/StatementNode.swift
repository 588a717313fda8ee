/// An element of an OFX or CAMT document: its name (upper-cased for OFX, local name for XML), its
/// text, its attributes, children and the line it opens on. Both the SGML tokenizer and the XML
/// parser build it, so one reader walks OFX 1.x and 2.x alike.
final class StatementNode {
    let name: String
    var text = ""
    var attributes: [String: String] = [:]
    var children: [StatementNode] = []
    let line: Int
    weak var parent: StatementNode?

    init(name: String, line: Int, parent: StatementNode?) {
        self.name = name; self.line = line; self.parent = parent
    }

    func child(_ name: String) -> StatementNode? { children.first { $0.name == name } }
    func all(_ name: String) -> [StatementNode] { children.filter { $0.name == name } }

    /// The child found by following `names`, one level each.
    func path(_ names: String...) -> StatementNode? {
        var node: StatementNode? = self
        for name in names { node = node?.child(name) }
        return node
    }

    /// The trimmed text of the child at `names`; nil when absent or empty.
    func value(_ names: String...) -> String? {
        var node: StatementNode? = self
        for name in names { node = node?.child(name) }
        guard let text = node?.text else { return nil }
        let trimmed = text.trimmingBankSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Every descendant (depth first, in document order) named `name`.
    func descendants(_ name: String) -> [StatementNode] {
        var found: [StatementNode] = []
        var stack = Array(children.reversed())
        while let node = stack.popLast() {
            if node.name == name { found.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }

    /// `/Document/BkToCstmrStmt/Stmt[2]/Ntry[5]`: where an XML error points when a line is not enough.
    var elementPath: String {
        var parts: [String] = []
        var node: StatementNode? = self
        while let current = node {
            if let parent = current.parent {
                let siblings = parent.all(current.name)
                let index = siblings.firstIndex { $0 === current }.map { $0 + 1 } ?? 1
                parts.append(siblings.count > 1 ? "\(current.name)[\(index)]" : current.name)
            } else if !current.name.isEmpty {
                parts.append(current.name)
            }
            node = current.parent
        }
        return "/" + parts.reversed().joined(separator: "/")
    }
}

extension StringProtocol {
    func trimmingBankSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
