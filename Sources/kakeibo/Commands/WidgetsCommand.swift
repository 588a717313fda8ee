import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboLedger

struct WidgetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgets", abstract: "Glanceable JSON snapshots for phone and desktop widgets.",
        subcommands: [Export.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write income, budgets, expenses, transfers, accounts, forecast and index JSON into a directory.",
            discussion: "The same log and --as-of give byte-identical files; each carries its schema version, the log position and a SHA-256 of itself.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir")) var out: String
        @Option(name: .customLong("as-of"), help: ArgumentHelp("Snapshot as of this date (default: today).", valueName: "YYYY-MM-DD"),
                transform: LocalDate.init(iso:))
        var asOf: LocalDate?

        func run() throws {
            let documents = try global.openLedger().widgetSnapshots(asOf: asOf)
            let directory = URL(fileURLWithPath: out, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                for document in documents {
                    try Data(document.fileContents.utf8).write(to: directory.appendingPathComponent(document.fileName), options: .atomic)
                }
            } catch {
                throw CommandFailure("cannot write widget files into \(out): \((error as NSError).localizedDescription); check the path and permissions")
            }
            switch output.format {
            case .json:
                Printer.json(.array(documents.map { ["file": .string($0.fileName), "contentHash": .string($0.contentHash)] }))
            case .csv:
                print(CSVWriter.render(header: ["file", "content_hash"], rows: documents.map { [$0.fileName, $0.contentHash] }))
            case .table:
                var table = TextTable([("file", .left), ("content hash", .left)])
                for document in documents { table.add([document.fileName, document.contentHash]) }
                print(table.render())
            }
        }
    }
}
