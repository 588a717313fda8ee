import ArgumentParser
import KakeiboInterop
import KakeiboLedger

/// Records many commands from a file, each line in its own transaction, as if each had been
/// typed alone, but with the ledger opened once: scripts, and the two-writer stress test.
struct Batch: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record one command per line of a file (or - for stdin), each in its own transaction.",
        discussion: """
            Lines hold what follows `kakeibo` on a command line: expense, income, transfer, txn, edit \
            or void, with shell-style quotes. Blank lines and lines starting with # are skipped. Every \
            line is read and parsed before anything is recorded; the batch stops at the first line the \
            ledger refuses, and the lines before it stay recorded (give each line an --idempotency-key \
            to make the batch safe to run again).
            """)
    @OptionGroup var common: CommonOptions
    @Argument(help: ArgumentHelp("The file of commands, or - for standard input.", valueName: "file")) var file: String

    func run() throws {
        let commands = try Self.parse(try BatchFile.lines(at: file), file: file)
        let ledger = try global.openLedger()
        for (index, (location, command)) in commands.enumerated() {
            let result: RecordResult
            do {
                result = try command.record(on: ledger)
            } catch {
                // Which lines landed, so the user can run the rest again without recording any twice (issue 29, N26).
                throw BatchLineError(location: location, underlying: error, recordedLines: commands[..<index].map(\.location.line),
                                     remainingLines: commands[index...].map(\.location.line))
            }
            Printer.recorded(result, format: output.format)
        }
    }

    static let recordingCommands: [String: any RecordingCommand.Type] = [
        "expense": Expense.self, "income": Income.self, "transfer": Transfer.self, "txn": Txn.self,
        "edit": Edit.self, "void": VoidCommand.self,
    ]

    /// Every line's command, with where it is (1-based line, and the column its command starts at); the first bad
    /// line is a `BatchLineError` naming it.
    static func parse(_ lines: [Substring], file: String) throws -> [(location: SourceLocation, command: any RecordingCommand)] {
        var commands: [(location: SourceLocation, command: any RecordingCommand)] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.first == "#" { continue }
            let location = SourceLocation(file: file, line: index + 1, column: line.count - trimmed.count + 1)
            func refuse(_ message: String) -> BatchLineError {
                BatchLineError(location: location, underlying: CommandFailure(message))
            }
            let words: [String]
            do {
                words = try CommandLineWords.split(trimmed)
            } catch .unclosedQuote(let quote) {
                throw refuse("a \(quote) quote is not closed")
            } catch {
                throw refuse("the line ends with a backslash")
            }
            guard let type = recordingCommands[words[0]] else {
                throw refuse("only expense, income, transfer, txn, edit and void belong in a batch")
            }
            let command: any RecordingCommand
            do {
                // The subcommand alone: parsing from the root costs several times more per line.
                command = try type.parse(Array(words.dropFirst())) // validates too
            } catch {
                // The subcommand's own usage message: the root's would name `kakeibo`, not the line's command.
                throw refuse(type.message(for: error))
            }
            guard command.global.db == nil else {
                throw refuse("--db belongs on the batch command, not on its lines")
            }
            commands.append((location, command))
        }
        return commands
    }
}
