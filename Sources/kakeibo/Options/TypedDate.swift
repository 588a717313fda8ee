import KakeiboDomain
import KakeiboLedger

/// `--date` as typed: read by `DateExpression.date`, the reader `-b` and `-e` use, so `today`, `yesterday`,
/// `tomorrow` and `11/05` work here too (issue 29, N23). The words wait for the ledger, which knows its zone.
struct TypedDate: Equatable {
    var text: String

    /// Checked when the command line is parsed, so a bad date is a usage error before the ledger opens.
    init(_ text: String) throws {
        _ = try DateExpression.date(text, today: LocalDate(daysSinceEpoch: 0))
        self.text = text
    }

    /// A date written out needs no clock (reading it would tick a fixed `KAKEIBO_NOW` clock and move the ids).
    func resolve(in ledger: Ledger) throws -> LocalDate {
        try written ?? DateExpression.date(text, today: ledger.today())
    }

    /// The date when one was written out in full: only those can hold a mistyped year.
    var written: LocalDate? { try? LocalDate(iso: text) }
}
