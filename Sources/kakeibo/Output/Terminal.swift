import Foundation
import KakeiboDomain
import KakeiboReports
import Synchronization

/// Writing to the terminal. Text that came from users or files is stripped of control
/// characters first, so nothing stored in a ledger can move the cursor or retitle a window.
enum Terminal {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((endingBar() + "kakeibo: error: \(safe(message))\n").utf8))
    }

    static func printNote(_ message: String) {
        FileHandle.standardError.write(Data((endingBar() + "\(safe(message))\n").utf8))
    }

    /// A progress bar drawn on a terminal and not finished: a refusal part-way through a replay
    /// or an import starts on a line of its own, not after the bar.
    private static let barOpen = Mutex(false)

    private static func endingBar() -> String {
        barOpen.withLock { open in defer { open = false }; return open ? "\n" : "" }
    }

    /// "1 transaction", "2 transactions": a count with its noun, plural unless it is one.
    static func count(_ number: Int, _ noun: String) -> String { TerminalText.count(number, noun) }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }

    /// A progress bar on stderr, redrawn in place on a terminal, and nothing in a file or a pipe: a log or a
    /// script reading stderr gets the command's own lines only (issue 29, N18: `replay 2>log` kept the bar).
    static func progress(_ label: String, unit: String = "events", to handle: FileHandle = .standardError) -> @Sendable (Int64, Int64) -> Void {
        let interactive = isatty(handle.fileDescriptor) != 0
        return { done, total in
            guard interactive else { return }
            let width = 30
            let filled = total == 0 ? width : Int(done * Int64(width) / total)
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            let line = "\(label) [\(bar)] \(done)/\(total) \(unit)"
            handle.write(Data(("\r" + line + (done == total ? "\n" : "")).utf8))
            barOpen.withLock { $0 = done != total }
        }
    }

    /// Runs `body` with file descriptor 2 on /dev/null, so C libraries (libjpeg's "Premature end of
    /// JPEG file", Tesseract's notes) cannot add lines of their own; `body` gets the real stderr.
    static func silencingLibraryOutput<T>(_ body: (FileHandle) throws -> T) rethrows -> T {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else { return try body(.standardError) }
        dup2(null, STDERR_FILENO)
        close(null)
        defer {
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return try body(FileHandle(fileDescriptor: saved, closeOnDealloc: false))
    }
}
