import KakeiboDomain
import KakeiboLedger

extension HoldingsReport {
    /// `holdings`: per account and commodity, the units its lots hold, their cost basis, market value and unrealised
    /// gain, in the form asked for (issue 36).
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .json:
            return JSONValue.object([
                "asOf": .string(asOf.description),
                "value": valuedIn.map { .string($0.code) } ?? .null,
                "holdings": .array(rows.map { row in
                    .object(["account": .string(row.account.rawValue), "commodity": .string(row.units.currency.code),
                             "units": .string(row.units.decimalString), "basis": TerminalText.money(row.basis),
                             "marketValue": row.value.map(TerminalText.money) ?? .null,
                             "priceDate": row.priceDate.map { .string($0.description) } ?? .null,
                             "unrealisedGain": row.unrealisedGain.map(TerminalText.money) ?? .null])
                })]).prettyString()
        case .csv:
            return CSVWriter.render(
                header: ["account", "commodity", "units", "basis", "basis_currency", "market_value", "value_currency", "price_date",
                         "unrealised_gain"],
                rows: rows.map { row in
                    [row.account.rawValue, row.units.currency.code, row.units.decimalString, row.basis.decimalString, row.basis.currency.code,
                     row.value?.decimalString ?? "", row.value?.currency.code ?? "", row.priceDate?.description ?? "",
                     row.unrealisedGain?.decimalString ?? ""]
                })
        case .table:
            var table = TextTable([("account", .left), ("units", .right), ("cost basis", .right), ("market value", .right),
                                   ("unrealised", .right)])
            for row in rows {
                table.add([row.account.rawValue, row.units.description, row.basis.description, row.value?.description ?? "no price",
                           row.unrealisedGain?.description ?? ""])
            }
            return table.render()
        }
    }
}
