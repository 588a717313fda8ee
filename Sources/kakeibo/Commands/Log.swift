import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The event log itself, in order.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "First position to show.") var from: Int64 = 1
    @Option(help: "How many events to show at most.") var limit: Int = 1000

    func run() throws {
        let events = try global.openLedger().events(from: max(from, 1), limit: max(limit, 0))
        switch output.format {
        case .json:
            Printer.json(.array(events.map { event in
                ["position": .int(event.position), "eventId": .string(event.eventID), "stream": .string(event.stream),
                 "streamVersion": .int(event.streamVersion), "type": .string(event.type), "schemaVersion": .int(event.schemaVersion),
                 "occurredOn": event.occurredOn.map(JSONValue.string) ?? .null,
                 "recordedAt": .string(Printer.timestamp(event.recordedAt)), "source": .string(event.source), "provenance": event.provenance.map(JSONValue.string) ?? .null,
                 "actor": .string(event.actor), "payload": event.payload]
            }))
        case .csv:
            print(CSVWriter.render(header: ["position", "recorded_at", "type", "stream", "source", "actor", "payload"], rows: events.map {
                [String($0.position), Printer.timestamp($0.recordedAt), $0.type, $0.stream, $0.source, $0.actor, $0.payload.canonicalString()]
            }))
        case .table:
            var table = TextTable([("pos", .right), ("recorded", .left), ("type", .left), ("stream", .left), ("source", .left), ("actor", .left)])
            for event in events {
                table.add([String(event.position), Printer.timestamp(event.recordedAt), event.type, event.stream, event.source, event.actor])
            }
            print(table.render())
        }
    }
}
