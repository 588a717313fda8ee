import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo gains -p 2026`: realised gains per lot a sale took (issue 36).
struct Gains: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Realised gains and losses per lot sold: acquisition and disposal dates, holding period, basis, proceeds.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var period: ReportOptions

    func run() throws {
        let ledger = try global.openLedger()
        let report = try ledger.gains(try period.query(words: [], today: try ledger.today()))
        switch output.format {
        case .json:
            Printer.json(.object([
                "rows": .array(report.rows.map { row in
                    .object(["transaction": .string(row.transactionID), "account": .string(row.account.rawValue),
                             "lot": .string(row.lotID), "label": row.label.map(JSONValue.string) ?? .null,
                             "acquired": .string(row.acquiredOn.description), "disposed": .string(row.disposedOn.description),
                             "holdingDays": .int(Int64(row.holdingDays)), "term": .string(row.term),
                             "commodity": .string(row.units.currency.code), "units": .string(row.units.decimalString),
                             "basis": Printer.money(row.basis), "proceeds": Printer.money(row.proceeds), "gain": Printer.money(row.gain)])
                }),
                "totals": .array(report.totals.map(Printer.money))]))
        case .csv:
            print(CSVWriter.render(
                header: ["transaction", "account", "lot", "label", "acquired", "disposed", "holding_days", "term", "commodity", "units",
                         "basis", "proceeds", "gain", "currency"],
                rows: report.rows.map { row in
                    [row.transactionID, row.account.rawValue, row.lotID, row.label ?? "", row.acquiredOn.description,
                     row.disposedOn.description, String(row.holdingDays), row.term, row.units.currency.code, row.units.decimalString,
                     row.basis.decimalString, row.proceeds.decimalString, row.gain.decimalString, row.gain.currency.code]
                }))
        case .table:
            var table = TextTable([("disposed", .left), ("account", .left), ("lot", .left), ("acquired", .left), ("days", .right),
                                   ("units", .right), ("basis", .right), ("proceeds", .right), ("gain", .right)])
            for row in report.rows {
                table.add([row.disposedOn.description, row.account.rawValue, row.label ?? String(row.lotID.suffix(10)),
                           row.acquiredOn.description, String(row.holdingDays), row.units.description, row.basis.description,
                           row.proceeds.description, row.gain.description])
            }
            print(table.render())
            for total in report.totals { print("realised: \(total)") }
        }
    }
}
