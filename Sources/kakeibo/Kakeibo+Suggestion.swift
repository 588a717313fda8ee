import ArgumentParser

extension Kakeibo {
    /// "did you mean balance?" for `kakeibo balanse`: the closest command name or alias, within two edits (one for a short word).
    static func suggestion(for arguments: [String]) -> String? {
        var words = arguments[...]
        while let first = words.first, first.hasPrefix("-") {
            words = words.dropFirst(first == "--db" ? 2 : 1)
        }
        guard let word = words.first?.lowercased() else { return nil }
        let names = configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard !names.contains(word) else { return nil }
        let limit = word.count >= 6 ? 2 : 1
        let scored = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
