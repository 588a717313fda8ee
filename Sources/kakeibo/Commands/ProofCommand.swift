import ArgumentParser
import Foundation
import KakeiboChain
import KakeiboDomain
import KakeiboReports

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
        print(document.text(output.format, rootChecked: expected != nil))
        if output.format == .table && expected == nil {
            print("note: give --root SIZE:ROOTHEX from a checkpoint you trust to know the root is that ledger's")
        }
    }
}

/// A refused proof, with the file it came from (rendered by ErrorMessage+Proofs).
struct ProofCheckRefusal: Error {
    var file: String
    var failure: ProofCheckFailure
}
