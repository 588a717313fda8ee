import ArgumentParser
import KakeiboDomain
import KakeiboReports

struct Register: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Postings in date order with a running balance.", aliases: ["reg"])
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @Argument(help: ArgumentHelp("""
        An account (its sub-accounts are included), or query terms: account patterns (regular expressions), \
        payee:, desc:, amt:<N, date:, status:* / status:! / status: (unmarked), not:. All postings when omitted.
        """, valueName: "query"))
    var query: [String] = []
    @Flag(name: .customLong("date2"), help: "Date transactions by their secondary date where they have one (a journal's DATE=DATE2), as hledger --date2 does.")
    var date2 = false

    func run() throws {
        let ledger = try global.openLedger()
        let today = try ledger.today()
        var query = try ledger.registerQuery(words: query) { try period.query(words: $0, today: today) }
        query.secondaryDates = date2
        // The table shows each commodity at its display precision; CSV and JSON keep every stored digit (issue 36).
        let shown = output.format == .table ? try ledger.displayPrecision() : DisplayPrecision.stored
        let report = shown.shown(try ledger.register(query, scope.scope))
        // Rows of transactions still in the outbox are marked, once the file syncs with a server.
        print(report.text(output.format, unsynced: try ledger.unsyncedTransactionIDs()))
    }
}
