/// Splits one line of a batch file into arguments the way a POSIX shell would for plain words:
/// blanks separate, '…' keeps everything, "…" keeps everything but \" and \\, and a backslash
/// outside quotes escapes the next character. Nothing is expanded or executed. A batch file is text read in, like a
/// journal, so its word splitting lives with the other readers rather than in the CLI.
public enum CommandLineWords {
    public enum Failure: Error, Equatable {
        case unclosedQuote(Character)
        case trailingBackslash
    }

    public static func split(_ line: Substring) throws(Failure) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw .unclosedQuote("'") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard var next = iterator.next() else { throw .unclosedQuote("\"") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw .unclosedQuote("\"") }
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        next = escaped
                    }
                    word.append(next)
                }
            case "\\":
                guard let escaped = iterator.next() else { throw .trailingBackslash }
                word.append(escaped)
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
