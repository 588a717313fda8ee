import Foundation

/// A file's one spelling: absolute, symlinks resolved, `.` and `..` gone. What an import records
/// as a transaction's provenance and compares with earlier imports' provenance, so a journal is
/// the same journal however its path is typed (`house.journal`, `$PWD/house.journal`,
/// `./sub/../house.journal`, a symlink to it): issue 29, B3.
enum CanonicalPath {
    /// `path` resolved against the current directory. A file that no longer exists (an earlier
    /// import's, since moved) is standardised by its spelling alone.
    static func of(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return standardised(absolute)
    }

    /// A recorded path as a message shows it: relative to the current directory when it is
    /// under it, as the user most likely typed it.
    static func shown(_ path: String) -> String {
        let directory = FileManager.default.currentDirectoryPath
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        guard path.hasPrefix(base), path.count > base.count else { return path }
        return String(path.dropFirst(base.count))
    }

    /// `/a/./b/../c` as `/a/c`, without asking the file system.
    static func standardised(_ absolute: String) -> String {
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Canonical spellings, each worked out once: an import asks for the same few files once per
    /// transaction.
    struct Cache {
        private var known: [String: String] = [:]

        mutating func of(_ path: String) -> String {
            if let found = known[path] { return found }
            let canonical = CanonicalPath.of(path)
            known[path] = canonical
            return canonical
        }

        /// `file:line` with the file in its canonical spelling.
        mutating func provenance(_ location: SourceLocation) -> String { "\(of(location.file)):\(location.line)" }
    }
}
