import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo holdings [--value USD] [--as-of DATE]`: what the lots hold (issue 36).
struct Holdings: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Per account and commodity: units held in lots, cost basis, market value and unrealised gain.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Option(help: ArgumentHelp("Value holdings in this commodity from P prices (default: each lot's cost commodity).",
                               valueName: "commodity"))
    var value: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Holdings and prices on this date (default: today).", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var asOf: LocalDate?

    func run() throws {
        let ledger = try global.openLedger()
        let report = try ledger.holdings(valuedIn: try value.map { try ledger.commodityArgument($0) }, asOf: asOf)
        switch output.format {
        case .json:
            Printer.json(.object([
                "asOf": .string(report.asOf.description),
                "value": report.valuedIn.map { .string($0.code) } ?? .null,
                "holdings": .array(report.rows.map { row in
                    .object(["account": .string(row.account.rawValue), "commodity": .string(row.units.currency.code),
                             "units": .string(row.units.decimalString), "basis": Printer.money(row.basis),
                             "marketValue": row.value.map(Printer.money) ?? .null,
                             "priceDate": row.priceDate.map { .string($0.description) } ?? .null,
                             "unrealisedGain": row.unrealisedGain.map(Printer.money) ?? .null])
                })]))
        case .csv:
            print(CSVWriter.render(
                header: ["account", "commodity", "units", "basis", "basis_currency", "market_value", "value_currency", "price_date",
                         "unrealised_gain"],
                rows: report.rows.map { row in
                    [row.account.rawValue, row.units.currency.code, row.units.decimalString, row.basis.decimalString, row.basis.currency.code,
                     row.value?.decimalString ?? "", row.value?.currency.code ?? "", row.priceDate?.description ?? "",
                     row.unrealisedGain?.decimalString ?? ""]
                }))
        case .table:
            var table = TextTable([("account", .left), ("units", .right), ("cost basis", .right), ("market value", .right),
                                   ("unrealised", .right)])
            for row in report.rows {
                table.add([row.account.rawValue, row.units.description, row.basis.description, row.value?.description ?? "no price",
                           row.unrealisedGain?.description ?? ""])
            }
            print(table.render())
        }
    }
}
