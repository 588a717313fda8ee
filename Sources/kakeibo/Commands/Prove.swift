import ArgumentParser
import KakeiboDomain

/// `kakeibo prove`: an inclusion proof for a transaction's events, or a consistency proof from an
/// older tree size, as JSON anyone can check with `kakeibo proof check` (or Documentation/Proofs.md).
struct Prove: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prove a transaction is in the log (every event of it), or that the log extends an older size.",
        discussion: "The proof is JSON; `kakeibo proof check FILE` checks it on any machine, without the ledger.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case json }

    @OptionGroup var global: GlobalOptions
    @Option(help: "json (the only format: the proof is a document).") var format: Format = .json
    @Option(help: ArgumentHelp("Prove the log's tree extends its tree of this size instead.", valueName: "OLD_SIZE"))
    var consistency: UInt64?
    @Argument(help: "Transaction id, or a unique start or end of it (4+ characters).") var transaction: String?

    func validate() throws {
        if consistency == nil && transaction == nil { throw ValidationError("give a transaction id, or --consistency OLD_SIZE") }
        if consistency != nil && transaction != nil { throw ValidationError("give a transaction id or --consistency OLD_SIZE, not both") }
    }

    func run() throws {
        let ledger = try global.openLedger()
        if let consistency {
            Printer.json(try ledger.consistencyProof(from: consistency).json)
        } else if let transaction {
            Printer.json(try ledger.inclusionProof(of: try ledger.resolveTransactionID(transaction)).json)
        }
    }
}
