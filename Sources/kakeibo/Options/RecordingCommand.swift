import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// A command that records one user action: it runs alone, or as one line of `kakeibo batch`.
protocol RecordingCommand: ParsableCommand {
    var global: GlobalOptions { get }
    var output: OutputOptions { get }
    /// Decides, appends and projects the action in one transaction of `ledger`.
    func record(on ledger: Ledger) throws -> RecordResult
    /// The business date typed with `--date`, if any.
    var typedDate: LocalDate? { get }
}

extension RecordingCommand {
    var typedDate: LocalDate? { nil }

    func run() throws {
        let ledger = try global.openLedger()
        let result = try record(on: ledger)
        if let suggestion = result.suggestion {
            Terminal.printNote(Printer.suggestionNote(suggestion, category: result.suggestedCategory))
        }
        // `2206-01-01` for `2026-01-01` was recorded without a word (issue 29, B23): a date over a year ahead is
        // kept, as hledger keeps it, but said.
        if let date = typedDate, let today = try? ledger.today(), date.daysSinceEpoch - today.daysSinceEpoch > 366 {
            Terminal.printNote("note: \(date) is more than a year after today (\(today)); if the year is a typo, "
                               + "`kakeibo edit ID --date …` corrects it")
        }
        Printer.recorded(result, format: output.format)
    }
}
