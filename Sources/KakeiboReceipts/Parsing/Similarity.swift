/// Edit distance and similarity, for OCR-tolerant keyword matching and merchant scoring.
public enum Similarity {
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// 1 − distance / longer length: 1 for equal strings, 0 for nothing in common.
    public static func ratio(_ a: String, _ b: String) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(editDistance(a, b)) / Double(longest)
    }

    /// Upper-case letters and digits separated by single spaces: how merchant names are compared.
    public static func normalise(_ text: String) -> String {
        var out = ""
        for character in text.uppercased() {
            if character.isLetter || character.isNumber {
                out.append(character)
            } else if out.last != " " {
                out.append(" ")
            }
        }
        return out.trimmingSpaces()
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
