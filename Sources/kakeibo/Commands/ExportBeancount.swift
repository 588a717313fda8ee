import ArgumentParser
import KakeiboDomain
import KakeiboInterop

struct ExportBeancount: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beancount",
        abstract: "Print a beancount file of the current state that bean-check accepts (edits applied, voids left out).")
    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Only transactions dated on or before this date.", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var asOf: LocalDate?

    func run() throws {
        print(try BeancountExporter.export(try global.openLedger(), asOf: asOf), terminator: "")
    }
}
