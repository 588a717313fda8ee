import KakeiboDomain
import KakeiboProjections

extension GoalReport {
    /// `goal report` in the form asked for: the table and CSV show the `last` periods (the streak counts them all).
    /// With no goal set (`length == nil`) the CLI prints its hint instead of the table.
    public func text(_ format: ReportFormat, last: Int) -> String {
        let shown = periods.suffix(last)
        switch format {
        case .json:
            return json.prettyString()
        case .csv:
            return CSVWriter.render(
                header: ["period", "currency", "goal", "earned", "ratio", "projected", "met"],
                rows: shown.map { p in
                    [p.period.description, p.earned.currency.code, p.goal?.decimalString ?? "", p.earned.decimalString,
                     p.ratioBasisPoints.map(BasisPoints.decimalString) ?? "", p.projected.decimalString,
                     p.goal == nil ? "" : p.isMet ? "true" : "false"]
                })
        case .table:
            var table = TextTable([("period", .left), ("goal", .right), ("earned", .right), ("reached", .right),
                                   ("pace", .right), ("met", .left)])
            for p in shown {
                table.add([p.period.description, p.goal?.decimalString ?? "-", p.earned.decimalString,
                           p.ratioBasisPoints.map(TerminalText.percent) ?? "-", p.isComplete ? "" : p.projected.decimalString,
                           p.goal == nil ? "-" : p.isMet ? "yes" : (p.isComplete ? "no" : "")]) // no goal: nothing to meet
            }
            return table.render() + "\n"
                + "streak: \(streak) \(length == .weekly ? "week" : "month")\(streak == 1 ? "" : "s") met"
        }
    }
}
