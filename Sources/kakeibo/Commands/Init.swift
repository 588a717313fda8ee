import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboLedger

struct Init: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(abstract: "Create a new ledger file.")

    @OptionGroup var common: CommonOptions

    @Option(help: "The ledger's base currency (ISO 4217), used by accounts opened without --currency.", transform: Currency.argument)
    var currency: Currency

    @Option(help: "The ledger's time zone (IANA name); dates default to today there.")
    var timezone: String = TimeZone.current.identifier

    @Option(help: "A name for the ledger.")
    var name: String = "Household"

    func run() throws {
        // Only the default location's folders are made; a typed path must name an existing folder.
        let ledger = try Ledger.create(at: global.path, name: name, currency: currency, timeZone: timezone,
                                       environment: .fromProcess(), createFolders: global.isDefaultPath)
        let head = try ledger.head()
        switch output.format {
        case .json: Printer.json(["path": .string(global.path), "currency": .string(currency.code), "position": .int(head.position)])
        case .csv: print(CSVWriter.render(header: ["path", "currency"], rows: [[global.path, currency.code]]))
        case .table: print("created \(Terminal.safe(global.path)) (\(currency.code), \(Terminal.safe(timezone)))")
        }
    }
}
