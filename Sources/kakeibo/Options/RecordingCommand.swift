import ArgumentParser
import KakeiboLedger

/// A command that records one user action: it runs alone, or as one line of `kakeibo batch`.
protocol RecordingCommand: ParsableCommand {
    var global: GlobalOptions { get }
    var output: OutputOptions { get }
    /// Decides, appends and projects the action in one transaction of `ledger`.
    func record(on ledger: Ledger) throws -> RecordResult
}

extension RecordingCommand {
    func run() throws {
        let ledger = try global.openLedger()
        let result = try record(on: ledger)
        if let suggestion = result.suggestion {
            Terminal.printNote(Printer.suggestionNote(suggestion, category: result.suggestedCategory))
        }
        Printer.recorded(result, format: output.format)
    }
}
