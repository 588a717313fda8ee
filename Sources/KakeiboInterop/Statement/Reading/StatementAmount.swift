import KakeiboDomain

/// Amounts as banks write them, read exactly (never through a floating-point number): an optional
/// sign (`-`, `+`, or a trailing `-`), digits, and a decimal mark that is `.` or `,`.
///
/// Both marks in one amount: the last is the decimal mark and the other groups thousands (groups of
/// three only). One mark alone is the decimal mark, except where `groupingComma` says a lone `,`
/// followed by exactly three digits groups thousands (QIF from US Quicken: `1,234`). Anything else —
/// letters, two decimal marks, groups of the wrong size — is refused rather than guessed.
enum StatementAmount {
    static func parse(_ raw: String, groupingComma: Bool = false) -> ExactDecimal? {
        var text = Substring(raw).drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        var negative = false
        if let first = text.first, first == "-" || first == "+" {
            negative = first == "-"
            text = text.dropFirst().drop { $0 == " " }
        } else if text.last == "-" {
            negative = true
            text = text.dropLast()
        }
        guard let first = text.first, first.isASCII, first.isNumber || first == "." || first == "," else { return nil }
        let marks = text.filter { $0 == "." || $0 == "," }
        guard text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," || $0 == " " || $0 == "'" }) else { return nil }
        var decimalMark: Character?
        var groupMark: Character?
        if Set(marks).count == 2 {
            decimalMark = marks.last
            groupMark = decimalMark == "." ? "," : "."
            guard marks.filter({ $0 == decimalMark }).count == 1 else { return nil }
        } else if let mark = marks.first {
            if marks.count > 1 {
                groupMark = mark
            } else if groupingComma, mark == ",", let comma = text.firstIndex(of: ","),
                      text[text.index(after: comma)...].count == 3, comma != text.startIndex {
                groupMark = ","
            } else {
                decimalMark = mark
            }
        }
        // Spaces and apostrophes group thousands too (1 234,56; 1'234.56), never beside a mark.
        let integerEnd = decimalMark.flatMap { text.lastIndex(of: $0) } ?? text.endIndex
        let integerPart = text[..<integerEnd]
        let fraction = decimalMark == nil ? "" : text[text.index(after: integerEnd)...]
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let separators: Set<Character> = groupMark.map { [$0, " ", "'"] } ?? [" ", "'"]
        let groups = integerPart.split(omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) })
        if groups.count > 1 {
            guard !groups[0].isEmpty, groups[0].count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        let digits = groups.joined()
        guard !(digits.isEmpty && fraction.isEmpty) else { return nil }
        let plain = (negative ? "-" : "") + (digits.isEmpty ? "0" : digits) + (fraction.isEmpty ? "" : "." + fraction)
        return try? ExactDecimal(parsing: plain)
    }
}

extension ExactDecimal {
    /// The same amount with the other sign.
    var negatedExactly: ExactDecimal { ExactDecimal(mantissa: -mantissa, scale: scale) }

    /// `a + b`, exactly, or nil on overflow.
    func addingExactly(_ other: ExactDecimal) -> ExactDecimal? {
        let scale = Swift.max(self.scale, other.scale)
        func widened(_ value: ExactDecimal) -> Int64? {
            var mantissa = value.mantissa
            for _ in value.scale..<scale {
                let (next, overflow) = mantissa.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                mantissa = next
            }
            return mantissa
        }
        guard let a = widened(self), let b = widened(other) else { return nil }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : ExactDecimal(mantissa: sum, scale: scale)
    }

    /// Equal as numbers (1.50 == 1.5).
    func isSameNumber(as other: ExactDecimal) -> Bool {
        guard let difference = addingExactly(other.negatedExactly) else { return false }
        return difference.mantissa == 0
    }
}

/// Statement text split into lines at `\r\n`, `\n` or a lone `\r` (old Macs, some QIF exports).
enum StatementLines {
    static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }

    /// Bank text for a payee or memo: control characters become spaces, runs of spaces fold, ends
    /// are trimmed; nil when nothing is left.
    static func clean(_ text: some StringProtocol) -> String? {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar == " " || scalar == "\u{A0}" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        // A soft hyphen or zero-width space draws nothing, and the ledger refuses text with one (FreeText):
        // ING's statements break words with U+00AD (the corpus). Dropping it changes nothing a person sees.
        while let invisible = FreeText.strayInvisible(in: result) {
            result.unicodeScalars.removeAll { $0 == invisible }
        }
        result = result.trimmingBankSpaces()
        return result.isEmpty ? nil : result
    }
}

/// A statement's currency code, from the ledger's table of ISO 4217 currencies. A three-letter code
/// the table lacks (DEM in old German MT940 files, mt-940's raphaelm.sta) is read as that symbol with
/// a placeholder precision: the reader knows no ledger, and the importer takes it only when the
/// ledger declared a commodity of that name (`StatementImporter`), at its declared precision.
/// Recorded undeclared, every report would refuse to read it back (`unknown currency "DEM"`).
enum StatementCurrency {
    static func named(_ text: String) -> Currency? {
        if let iso = try? Currency(code: text) { return iso }
        guard text.utf8.count == 3, text.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return nil }
        return Commodity(uncheckedCode: text, minorDigits: 2)
    }
}
