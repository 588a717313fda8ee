import Foundation

/// Writing to the terminal. Text that came from users or files is stripped of control
/// characters first, so nothing stored in a ledger can move the cursor or retitle a window.
enum Terminal {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("kakeibo: error: \(safe(message))\n".utf8))
    }

    static func printNote(_ message: String) {
        FileHandle.standardError.write(Data("\(safe(message))\n".utf8))
    }

    static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            !(scalar.value < 0x20 && scalar != "\n" && scalar != "\t") && !(0x7F...0x9F).contains(scalar.value)
        }))
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// A progress bar on stderr, redrawn in place on a terminal, a plain final line otherwise.
    static func progress(_ label: String, unit: String = "events") -> @Sendable (Int64, Int64) -> Void {
        let interactive = stderrIsTerminal
        return { done, total in
            guard interactive || done == total else { return }
            let width = 30
            let filled = total == 0 ? width : Int(done * Int64(width) / total)
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            let line = "\(label) [\(bar)] \(done)/\(total) \(unit)"
            FileHandle.standardError.write(Data(((interactive ? "\r" + line : line) + (done == total ? "\n" : "")).utf8))
        }
    }
}
