import ArgumentParser
import Foundation
import KakeiboDashboard
import KakeiboDomain
import KakeiboReports

struct WidgetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgets", abstract: "Glanceable JSON snapshots for phone and desktop widgets.",
        subcommands: [Export.self])

    struct Export: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write income, budgets, expenses, transfers, accounts, forecast, trend and index JSON into a directory.",
            discussion: """
                The same log and --as-of give byte-identical files; each carries its schema version, the log position and a SHA-256 of itself.
                With --html, the dashboard pages (index.html, budgets.html, …) are rendered from those documents and written beside them: \
                self-contained HTML with inline SVG, no script, nothing loaded from elsewhere; open index.html in a browser.
                """)
        @OptionGroup var common: CommonOptions
        @Option(help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir")) var out: String
        @Option(name: .customLong("as-of"), help: ArgumentHelp("Snapshot as of this date (default: today).", valueName: "YYYY-MM-DD"),
                transform: LocalDate.init(iso:))
        var asOf: LocalDate?
        @Flag(help: "Also write the dashboard's HTML pages beside the JSON.") var html = false

        func run() throws {
            let ledger = try global.openLedger()
            let documents = try ledger.widgetSnapshots(asOf: asOf)
            var files = documents.map { (name: $0.fileName, contents: $0.fileContents, hash: $0.contentHash) }
            if html {
                // Today's date only decides the "stale" mark: an export as of an earlier day says so on every page.
                let renderer = DashboardRenderer(documents: DashboardDocuments(documents.map(\.json), exportedOn: try ledger.today().description),
                                                 howToSetABudget: "kakeibo budget set groceries 400")
                files += renderer.renderAll().map { (name: $0.fileName, contents: $0.html, hash: "") }
            }
            let directory = URL(fileURLWithPath: out, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                for file in files {
                    try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.name), options: .atomic)
                }
            } catch {
                throw CommandFailure("cannot write widget files into \(out): \((error as NSError).localizedDescription); check the path and permissions")
            }
            print(WrittenFileListing.text(files.map { ($0.name, $0.hash) }, output.format))
        }
    }
}
