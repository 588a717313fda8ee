import KakeiboDomain
import KakeiboLedger

/// `--date` as typed: a date, or `today`, `yesterday` or `tomorrow` in the ledger's time zone, as `-b` and `-e`
/// already took them (issue 29, N23). The words wait for the ledger, which knows its zone.
enum TypedDate: Equatable {
    case day(LocalDate)
    case relative(days: Int)

    init(_ text: String) throws {
        switch text.lowercased() {
        case "today": self = .relative(days: 0)
        case "yesterday": self = .relative(days: -1)
        case "tomorrow": self = .relative(days: 1)
        default: self = .day(try LocalDate(iso: text))
        }
    }

    func resolve(in ledger: Ledger) throws -> LocalDate {
        switch self {
        case .day(let date): date
        case .relative(let days): try ledger.today().adding(days: days)
        }
    }

    /// The date when one was written out: only those can hold a mistyped year.
    var written: LocalDate? {
        if case .day(let date) = self { date } else { nil }
    }
}
