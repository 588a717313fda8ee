import KakeiboDomain
import KakeiboSync

/// `kakeibo verify --witnesses`: what this file's witness folder holds (issue 34, part 5). Fails, after listing
/// it, when the folder keeps evidence of a forked history: two checkpoints the server signed that cannot both hold.
extension Verify {
    func runWitnesses() throws {
        let report = try WitnessReport(ledgerAt: global.path)
        func head(_ note: WitnessReport.Note) -> String {
            note.checkpoint.map { "\($0.size):\($0.root.hex)" } ?? "not a checkpoint"
        }
        func json(_ note: WitnessReport.Note) -> JSONValue {
            .object(["size": note.checkpoint.map { .int(Int64($0.size)) } ?? .null, "root": note.checkpoint.map { .string($0.root.hex) } ?? .null,
                     "origin": note.checkpoint.map { .string($0.origin) } ?? .null, "serverSigned": .bool(note.serverSigned),
                     "signers": .array(note.signers.map(JSONValue.string))])
        }
        switch output.format {
        case .json:
            Printer.json(["serverKey": report.serverKey.map(JSONValue.string) ?? .null, "deviceKey": report.deviceKey.map(JSONValue.string) ?? .null,
                          "lastCheckpoint": report.last.map(json) ?? .null,
                          "forks": .array(report.forks.map { .object(["folder": .string($0.folder), "reason": .string($0.reason),
                                                                     "seen": json($0.seen), "shown": json($0.shown)]) })])
        case .csv:
            print(CSVWriter.render(header: ["evidence", "reason", "seen", "shown"],
                                   rows: report.forks.map { [$0.folder, $0.reason, head($0.seen), head($0.shown)] }))
        case .table:
            guard let serverKey = report.serverKey else {
                print("no witness record: this file has not synced with a server that signs checkpoints")
                break
            }
            print("server key (pinned): \(serverKey)")
            if let deviceKey = report.deviceKey { print("this device's key: \(deviceKey)") }
            if let last = report.last {
                print("last cosigned checkpoint: \(head(last)), signed by \(last.signers.joined(separator: ", "))"
                      + (last.serverSigned ? "" : " (NOT signed by the pinned server key)"))
            }
            if report.forks.isEmpty { print("no forked history seen") }
            for (number, fork) in report.forks.enumerated() {
                print("forked history \(number + 1): the server signed checkpoint \(head(fork.seen)) (signed by \(fork.seen.signers.joined(separator: ", ")))"
                      + " and checkpoint \(head(fork.shown)) (signed by \(fork.shown.signers.joined(separator: ", "))); \(fork.reason); kept in \(fork.folder)")
            }
        }
        if let first = report.forks.first {
            let count = report.forks.count
            throw CommandFailure("\(count) forked histor\(count == 1 ? "y" : "ies") caught: the server signed checkpoint \(head(first.seen)) and "
                                 + "checkpoint \(head(first.shown)), which cannot both hold (evidence in \(first.folder))")
        }
    }
}
