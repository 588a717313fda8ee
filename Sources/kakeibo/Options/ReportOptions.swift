import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// hledger's report period and query: `-b`, `-e` (exclusive), `-p`, and query terms.
struct ReportOptions: ParsableArguments {
    @Option(name: [.customShort("b"), .customLong("begin")],
            help: ArgumentHelp("First date included: YYYY-MM-DD, MM/DD, today, yesterday, tomorrow.", valueName: "DATE"))
    var begin: String?
    @Option(name: [.customShort("e"), .customLong("end")], help: ArgumentHelp("First date excluded (as hledger).", valueName: "DATE"))
    var end: String?
    @Option(name: [.customShort("p"), .customLong("period")],
            help: ArgumentHelp("A period: 2026, 2026-10, 2026-Q3, 2026-W44, this month, last month…; overrides -b and -e.",
                               valueName: "PERIOD"))
    var period: String?
    // hledger's status flags (issue 29, B12): alternatives when combined, as `status:` terms are.
    @Flag(name: [.customShort("C"), .customLong("cleared")], help: "Only cleared transactions (marked *).") var cleared = false
    @Flag(name: [.customShort("P"), .customLong("pending")], help: "Only pending transactions (marked !).") var pending = false
    @Flag(name: [.customShort("U"), .customLong("unmarked")], help: "Only unmarked transactions.") var unmarked = false

    /// The ledger's today turns `today`, `last month`… into dates.
    func query(words: [String], today: LocalDate) throws -> ReportQuery {
        var begin: LocalDate?, end: LocalDate?
        do {
            begin = try self.begin.map { try DateExpression.date($0, today: today) }
        } catch { throw ReportQueryError.badDate(option: "-b/--begin", reason: String(describing: error)) }
        do {
            end = try self.end.map { try DateExpression.date($0, today: today) }
        } catch { throw ReportQueryError.badDate(option: "-e/--end", reason: String(describing: error)) }
        if let period {
            do {
                let span = try DateExpression.span(period, today: today)
                begin = span.begin
                end = span.end
            } catch { throw ReportQueryError.badDate(option: "-p/--period", reason: String(describing: error)) }
        }
        if let begin, let end, end <= begin {
            throw ReportQueryError.emptyRange(begin: begin.description, end: end.description)
        }
        var query = try ReportQuery(words: words, begin: begin, end: end, today: today)
        let marks: [(Bool, TransactionStatus?)] = [(cleared, .cleared), (pending, .pending), (unmarked, nil)]
        query.terms += marks.filter(\.0).map { (.status($0.1), false) }
        return query
    }
}

/// `--depth` and the period columns of `balance`, `incomestatement` and `balancesheet`.
struct ColumnOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Sum sub-accounts into their parent at this depth (1 = top level).", valueName: "N"))
    var depth: Int?
    @Flag(name: [.customShort("W"), .customLong("weekly")], help: "One column per ISO week.") var weekly = false
    @Flag(name: [.customShort("M"), .customLong("monthly")], help: "One column per month.") var monthly = false
    @Flag(name: [.customShort("Q"), .customLong("quarterly")], help: "One column per quarter.") var quarterly = false
    @Flag(name: [.customShort("Y"), .customLong("yearly")], help: "One column per year.") var yearly = false

    func validate() throws {
        if let depth, depth < 1 { throw ValidationError("--depth must be 1 or more") }
        if [weekly, monthly, quarterly, yearly].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of -W, -M, -Q and -Y")
        }
    }

    var interval: ReportInterval? {
        weekly ? .weekly : monthly ? .monthly : quarterly ? .quarterly : yearly ? .yearly : nil
    }
}
