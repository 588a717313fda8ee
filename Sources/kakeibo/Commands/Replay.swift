import ArgumentParser
import KakeiboDomain

struct Replay: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild every projection from the log; --check compares a scratch rebuild with the live tables.")
    @OptionGroup var common: CommonOptions
    @Flag(help: "Rebuild into a scratch copy and exit 1 if anything differs from the live projections.") var check = false

    func run() throws {
        let ledger = try global.openLedger()
        if check {
            // Advice to rebuild is only sound when the log itself verifies.
            try ledger.checkIntegrity(before: "compare the projections with a replay")
            let differences = try ledger.replayDifferences(progress: Terminal.progress("replay --check"))
            switch output.format {
            case .json: Printer.json(["matches": .bool(differences.isEmpty), "differingTables": .array(differences.map(JSONValue.string))])
            case .csv: print(CSVWriter.render(header: ["table"], rows: differences.map { [$0] }))
            case .table: if differences.isEmpty { print("ok: projections match a replay of the log") }
            }
            if !differences.isEmpty {
                throw CommandFailure("projections differ from a replay in: \(differences.joined(separator: ", ")); run `kakeibo replay` to rebuild them")
            }
        } else {
            let position = try ledger.replay(progress: Terminal.progress("replay"))
            switch output.format {
            case .json: Printer.json(["position": .int(position)])
            case .csv: print(CSVWriter.render(header: ["position"], rows: [[String(position)]]))
            case .table: print("rebuilt projections from \(position) events")
            }
        }
    }
}
