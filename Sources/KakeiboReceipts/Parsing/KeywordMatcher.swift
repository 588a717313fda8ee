/// Finds receipt keywords in a row despite OCR errors (`T0TAL`, `TOTAI`, `SUBT0TAL`).
struct KeywordMatcher: Sendable {
    /// The row's words, upper-cased, digits that OCR confuses with letters mapped back, punctuation dropped.
    let words: [String]
    /// All words run together, to catch `SUBTOTAL` split as `SUB TOTAL` and vice versa.
    let joined: String

    init(_ text: String) {
        var words: [String] = []
        var current = ""
        for character in text.uppercased() {
            if character.isLetter {
                current.append(character)
            } else if character == "0" {
                current.append("O")
            } else if character == "1" || character == "|" {
                current.append("I")
            } else if character == "5" && !current.isEmpty {
                current.append("S")
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        // Words made only of O, I and S came from digits.
        self.words = words.filter { $0.contains { !"OIS".contains($0) } }
        self.joined = self.words.joined()
    }

    /// True if some word is within the edit distance allowed for `keyword`'s length.
    func contains(_ keyword: String) -> Bool {
        let allowed = keyword.count >= 7 ? 2 : (keyword.count >= 4 ? 1 : 0)
        if keyword.contains(" ") {
            let target = keyword.filter { $0 != " " }
            return joined.contains(target) || windowMatch(target, allowed: allowed)
        }
        return words.contains { word in
            word == keyword || (allowed > 0 && abs(word.count - keyword.count) <= allowed && Similarity.editDistance(word, keyword) <= allowed)
        }
    }

    func containsAny(_ keywords: [String]) -> Bool {
        keywords.contains { contains($0) }
    }

    private func windowMatch(_ target: String, allowed: Int) -> Bool {
        for start in words.indices {
            var text = ""
            for word in words[start...] {
                text += word
                if text.count >= target.count - allowed {
                    if Similarity.editDistance(text, target) <= allowed { return true }
                    if text.count > target.count + allowed { break }
                }
            }
        }
        return false
    }
}
