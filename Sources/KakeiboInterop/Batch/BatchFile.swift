import Foundation

/// The lines of a `batch` file, or of standard input for `-`. Here rather than in the CLI (issue 35), beside the
/// word splitter the lines go through next.
public enum BatchFile {
    /// Why a batch file could not be read at all; `ErrorMessage` prints the description.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case noSuchFile(path: String)
        case notARegularFile(path: String)
        case notUTF8(path: String)

        public var description: String {
            switch self {
            case let .noSuchFile(path): "cannot read \(path): no such file"
            case let .notARegularFile(path): "cannot read \(path): not a regular file"
            case let .notUTF8(path): "cannot read \(path): it is not readable UTF-8 text"
            }
        }
    }

    /// Every line of `path` (`-`: standard input), a trailing carriage return dropped, empty lines kept so line
    /// numbers match the file.
    public static func lines(at path: String) throws(ReadError) -> [Substring] {
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else {
                throw .noSuchFile(path: path)
            }
            // A device or a pipe could be read forever; a folder is a mistake.
            guard type == .typeRegular else { throw .notARegularFile(path: path) }
            data = FileManager.default.contents(atPath: path)
        }
        guard let data, let text = String(data: data, encoding: .utf8) else { throw .notUTF8(path: path) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.last == "\r" ? $0.dropLast() : $0 }
    }
}
