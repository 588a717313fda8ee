import ArgumentParser
import KakeiboDomain
import KakeiboLedger

struct Register: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Postings in date order with a running balance.", aliases: ["reg"])
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @Argument(help: ArgumentHelp("""
        An account (its sub-accounts are included), or query terms: account patterns (regular expressions), \
        payee:, desc:, amt:<N, date:, not:. All postings when omitted.
        """, valueName: "query"))
    var query: [String] = []

    func run() throws {
        let ledger = try global.openLedger()
        let today = try ledger.today()
        let query = try ledger.registerQuery(words: query) { try period.query(words: $0, today: today) }
        let report = try ledger.register(query, scope.scope)
        switch output.format {
        case .json:
            Printer.json(.array(report.entries.map { entry in
                ["date": .string(entry.posted.date.description), "id": .string(entry.posted.transactionID),
                 "payee": entry.posted.payee.map(JSONValue.string) ?? .null, "account": .string(entry.posted.account.rawValue),
                 "amount": .string(entry.posted.amount.decimalString), "currency": .string(entry.posted.amount.currency.code),
                 "balance": .string(entry.runningBalance.decimalString)]
            }))
        case .csv:
            print(CSVWriter.render(header: ["date", "id", "payee", "account", "currency", "amount", "balance"], rows: report.entries.map {
                [$0.posted.date.description, $0.posted.transactionID, $0.posted.payee ?? "", $0.posted.account.rawValue,
                 $0.posted.amount.currency.code, $0.posted.amount.decimalString, $0.runningBalance.decimalString]
            }))
        case .table:
            var table = TextTable([("date", .left), ("id", .left), ("payee", .left), ("account", .left),
                                   ("amount", .right), ("balance", .right)])
            for entry in report.entries {
                table.add([entry.posted.date.description, String(entry.posted.transactionID.suffix(8)),
                           String((entry.posted.payee ?? "").prefix(24)), entry.posted.account.rawValue,
                           entry.posted.amount.description, entry.runningBalance.description])
            }
            print(table.render())
        }
    }
}
