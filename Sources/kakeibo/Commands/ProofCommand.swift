import ArgumentParser
import Foundation
import KakeiboChain
import KakeiboDomain

/// `kakeibo proof check FILE`: checks a proof offline, with no ledger (issue 34).
struct ProofCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proof", abstract: "Check proofs made by `kakeibo prove`, with no ledger.",
        subcommands: [ProofCheck.self])
}

struct ProofCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check an inclusion or consistency proof: every hash it carries, and the tree head it is against.",
        discussion: "Without --root the proof is only shown to be consistent with the root it states; give the root you trust "
            + "(from `kakeibo checkpoint --format json` on the ledger, or its owner) to know it is that ledger's.")

    @OptionGroup var output: OutputOptions
    @Option(help: ArgumentHelp("The tree head the proof must be against.", valueName: "SIZE:ROOTHEX")) var root: String?
    @Argument(help: "The proof file (JSON).") var file: String

    func run() throws {
        let expected = try root.map { try TreeHeadArgument($0, option: "--root") }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("cannot read \(file)")
        }
        let document: ProofDocument
        do {
            document = try ProofDocument(parsing: Array(data))
            try document.check(expecting: expected.map { ($0.size, $0.root) })
        } catch {
            throw ProofCheckRefusal(file: file, failure: error)
        }
        let head = document.checkpoint
        let (kind, detail): (String, String) = switch document {
        case .inclusion(let proof): ("inclusion", "\(proof.events.count) event\(proof.events.count == 1 ? "" : "s") at position "
                                      + proof.events.map { String($0.position) }.joined(separator: ", "))
        case .consistency(let proof): ("consistency", "the tree of \(proof.oldSize) (root \(proof.oldRoot.hex)) is a prefix")
        }
        switch output.format {
        case .json:
            Printer.json(["valid": .bool(true), "kind": .string(kind), "origin": .string(head.origin), "size": .int(Int64(head.size)),
                          "root": .string(head.root.hex), "rootChecked": .bool(expected != nil)])
        case .csv:
            print(CSVWriter.render(header: ["valid", "kind", "origin", "size", "root"],
                                   rows: [["true", kind, head.origin, String(head.size), head.root.hex]]))
        case .table:
            print(Terminal.safe("ok: \(kind) proof holds: \(detail), in the tree of \(head.size) of \(head.origin) with root \(head.root.hex)"))
            if expected == nil { print("note: give --root SIZE:ROOTHEX from a checkpoint you trust to know the root is that ledger's") }
        }
    }
}

/// A refused proof, with the file it came from (rendered by ErrorMessage+Proofs).
struct ProofCheckRefusal: Error {
    var file: String
    var failure: ProofCheckFailure
}
