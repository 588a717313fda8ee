import Foundation
import KakeiboDomain

extension JournalReader {
    /// `include other.journal`, or a glob (`*.journal`, `**/*.j`, `2026-??.journal`): every file
    /// it matches, sorted by path, as hledger 1.25 does (`sort <$> globDir1`). A glob that matches
    /// nothing is an error, as in hledger; a file that includes itself, directly or not, is a cycle.
    mutating func readInclude(_ argument: Substring, location: SourceLocation, directory: String) throws(ImportError) {
        var argument = argument.prefix { $0 != ";" }.trimmingSpaces()
        guard !argument.isEmpty else { throw .syntax(location, expected: "a file to include", found: "nothing") }
        if argument.hasPrefix("~") || argument.contains(":") {
            throw .unsupported(location, found: "include \"\(argument)\"", hint: "include files by a path relative to this one")
        }
        if argument.hasPrefix("./") { argument = argument.dropFirst(2) }
        try finishTransaction()
        let paths: [String]
        if argument.contains(where: { "*?[".contains($0) }) {
            paths = Self.glob(String(argument), in: directory)
            guard !paths.isEmpty else {
                throw .unreadable(path: String(argument), reason: "no existing files match this pattern", includedFrom: location)
            }
        } else {
            let path = argument.hasPrefix("/") ? String(argument) : directory + "/" + argument
            paths = [path.hasPrefix("./") ? String(path.dropFirst(2)) : path]
        }
        let saved = openDirective
        for path in paths {
            try readFile(displayPath: path, includedFrom: location)
        }
        openDirective = saved
    }

    /// The files `pattern` matches under `directory`, sorted. `*` and `?` stay within one path
    /// component and skip names starting with "." (unless the pattern does), `[abc]` is a class,
    /// and a `**` component is any number of directories, none included.
    static func glob(_ pattern: String, in directory: String) -> [String] {
        let absolute = pattern.hasPrefix("/")
        let components = pattern.split(separator: "/").map(String.init)
        var found: [String] = []
        expand(components[...], under: absolute ? "" : directory, into: &found)
        let shown = found.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        return Array(Set(shown)).sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
    }

    private static func expand(_ components: ArraySlice<String>, under base: String, into found: inout [String]) {
        let fm = FileManager.default
        guard let first = components.first else {
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: base, isDirectory: &isDirectory), !isDirectory.boolValue { found.append(base) }
            return
        }
        let rest = components.dropFirst()
        let join = { (name: String) in base.isEmpty ? "/" + name : base + "/" + name }
        if first == "**" {
            expand(rest, under: base, into: &found)
            for name in (try? fm.contentsOfDirectory(atPath: base.isEmpty ? "/" : base)) ?? [] where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                let path = join(name)
                if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    expand(components, under: path, into: &found)
                }
            }
            return
        }
        guard first.contains(where: { "*?[".contains($0) }) else {
            let path = join(first)
            if fm.fileExists(atPath: path) { expand(rest, under: path, into: &found) }
            return
        }
        for name in (try? fm.contentsOfDirectory(atPath: base.isEmpty ? "/" : base)) ?? [] {
            if name.hasPrefix("."), !first.hasPrefix(".") { continue }
            if matches(Array(first.unicodeScalars)[...], Array(name.unicodeScalars)[...]) { expand(rest, under: join(name), into: &found) }
        }
    }

    /// Shell-style matching of one path component.
    static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let p = pattern.first else { return name.isEmpty }
        switch p {
        case "*":
            var rest = name
            while true {
                if matches(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !name.isEmpty && matches(pattern.dropFirst(), name.dropFirst())
        case "[":
            guard let close = pattern.dropFirst(2).firstIndex(of: "]"), let c = name.first else {
                return name.first == "[" && matches(pattern.dropFirst(), name.dropFirst())
            }
            var set = pattern[(pattern.startIndex + 1)..<close]
            let negated = set.first == "!" || set.first == "^"
            if negated { set = set.dropFirst() }
            var hit = false, i = set.startIndex
            while i < set.endIndex {
                if i + 2 < set.endIndex, set[i + 1] == "-" {
                    if (set[i].value...set[i + 2].value).contains(c.value) { hit = true }
                    i += 3
                } else {
                    if set[i] == c { hit = true }
                    i += 1
                }
            }
            return hit != negated && matches(pattern[(close + 1)...], name.dropFirst())
        default:
            return name.first == p && matches(pattern.dropFirst(), name.dropFirst())
        }
    }
}
