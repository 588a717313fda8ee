import KakeiboChain
import KakeiboDomain

extension ProofDocument {
    /// `proof check`'s answer for a proof that holds: its kind, what it proves, and the tree head it is against.
    /// `rootChecked` says whether that head was the one the user trusts, or only the one the proof states.
    public func text(_ format: ReportFormat, rootChecked: Bool) -> String {
        let head = checkpoint
        let (kind, detail): (String, String) = switch self {
        case .inclusion(let proof): ("inclusion", "\(proof.events.count) event\(proof.events.count == 1 ? "" : "s") at position "
                                      + proof.events.map { String($0.position) }.joined(separator: ", "))
        case .consistency(let proof): ("consistency", "the tree of \(proof.oldSize) (root \(proof.oldRoot.hex)) is a prefix")
        }
        return switch format {
        case .json:
            JSONValue.object(["valid": .bool(true), "kind": .string(kind), "origin": .string(head.origin), "size": .int(Int64(head.size)),
                              "root": .string(head.root.hex), "rootChecked": .bool(rootChecked)]).prettyString()
        case .csv:
            CSVWriter.render(header: ["valid", "kind", "origin", "size", "root"], rows: [["true", kind, head.origin, String(head.size), head.root.hex]])
        case .table:
            TerminalText.safe("ok: \(kind) proof holds: \(detail), in the tree of \(head.size) of \(head.origin) with root \(head.root.hex)")
        }
    }
}
