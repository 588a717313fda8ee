import ArgumentParser
import KakeiboDomain
import KakeiboSync

/// `kakeibo checkpoint`: the log's tree head (issue 34), as a C2SP checkpoint note body or JSON.
struct CheckpointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoint",
        abstract: "Print the log's tree head: origin (the ledger's id), size and Merkle root.",
        discussion: "Save it somewhere else; later, `kakeibo verify --expect-root SIZE:ROOT` or `kakeibo prove --consistency SIZE` "
            + "shows the log still extends it, and `kakeibo proof check` checks a proof against it.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case note, json }

    @OptionGroup var global: GlobalOptions
    @Option(help: "note (C2SP tlog-checkpoint body: origin, size, base64 root) or json ({origin, size, root}).")
    var format: Format = .note

    func run() throws {
        let checkpoint = try global.openLedger().checkpoint()
        switch format {
        // With the server's signature and the cosignatures this device collected for this tree, when it synced (issue 34, part 5).
        case .note: print(try WitnessFiles(ledgerAt: global.path).signedNote(for: checkpoint.noteBody).description, terminator: "")
        case .json: Printer.json(["origin": .string(checkpoint.origin), "size": .int(Int64(checkpoint.size)), "root": .string(checkpoint.root.hex)])
        }
    }
}
