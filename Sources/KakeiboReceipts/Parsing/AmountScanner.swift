import KakeiboDomain

/// A money amount found in a row, in minor units, and where in the row it sits.
struct AmountToken: Hashable, Sendable {
    var minorUnits: Int64
    var row: Int
    /// Position among the row's amounts, left to right.
    var position: Int
}

/// Finds decimal amounts (`112.45`, `1,234.50`, `RM9.00`, `-0.02`, OCR's `112,45`) in row text.
///
/// Only numbers with exactly two decimals count: quantities, codes and phone numbers don't.
/// Parsing goes through `Money.parse`, the ledger's strict decimal parser.
struct AmountScanner: Sendable {
    let currency: Currency

    func amounts(in text: String, row: Int) -> [AmountToken] {
        var results: [AmountToken] = []
        // OCR often splits `79. 35` or `79 .35`: rejoin a dangling separator with its two decimals.
        var tokens: [String] = []
        for raw in text.split(separator: " ").map(String.init) {
            if let last = tokens.last, raw.count == 2, raw.allSatisfy(\.isNumber),
               last.count >= 2, last.last == "." || last.last == ",", last.dropLast().last?.isNumber == true {
                tokens[tokens.count - 1] = last + raw
            } else if let last = tokens.last, raw.count == 3, raw.first == ".", raw.dropFirst().allSatisfy(\.isNumber),
                      last.last?.isNumber == true {
                tokens[tokens.count - 1] = last + raw
            } else {
                tokens.append(raw)
            }
        }
        for raw in tokens {
            guard let minor = amount(raw) else { continue }
            results.append(AmountToken(minorUnits: minor, row: row, position: results.count))
        }
        return results
    }

    /// `174.9`, `(174.9)`: a figure whose last decimal OCR lost. Only read next to a total label with nothing else.
    func oneDecimalAmounts(in text: String, row: Int) -> [AmountToken] {
        var results: [AmountToken] = []
        for raw in text.split(separator: " ") {
            let chars = Array(raw.drop { $0 == "(" || $0 == "[" }.reversed().drop { $0 == ")" || $0 == "]" }.reversed())
            guard chars.count >= 3, chars.count <= 9, chars[chars.count - 2] == "." || chars[chars.count - 2] == ",",
                  chars[chars.count - 1].isNumber, chars.dropLast(2).allSatisfy(\.isNumber) else { continue }
            if let minor = amount(String(chars) + "0") {
                results.append(AmountToken(minorUnits: minor, row: row, position: results.count))
            }
        }
        return results
    }

    func amount(_ token: String) -> Int64? {
        var chars = Array(token.uppercased())
        // `.01`, `RM-.02`: a figure under one, printed without its leading zero (rounding lines, change).
        let bare = Array(chars.drop { $0.isLetter || $0 == ":" || $0 == "(" }.reversed().drop { $0 == ")" }.reversed())
        let negativeBare = bare.first == "-"
        let digits = negativeBare ? Array(bare.dropFirst()) : bare
        if digits.count == 3, digits[0] == ".", digits[1].isASCII, digits[1].isNumber, digits[2].isASCII, digits[2].isNumber {
            return try? Money.parse((negativeBare ? "-0" : "0") + String(digits), currency: currency).minorUnits
        }
        // Drop currency prefixes and decoration OCR attaches: RM12.00, $5.00, :12.00, (12.00).
        var negative = false
        while let first = chars.first, !(first.isNumber || first == "-") {
            chars.removeFirst()
        }
        if chars.first == "-" { negative = true; chars.removeFirst() }
        while let last = chars.last, !last.isNumber { chars.removeLast() }
        // Up to 12 characters for the figure itself (checked below, once a glued label is cut off).
        guard chars.count >= 4, chars.count <= 40 else { return nil }
        // Letters OCR mistakes for digits, inside a token that is otherwise numeric.
        chars = chars.map { c in
            switch c {
            case "O": "0"
            case "I", "L": "1"
            default: c
            }
        }
        let separator = chars[chars.count - 3]
        guard separator == "." || separator == ",",
              chars[chars.count - 2].isNumber, chars[chars.count - 1].isNumber else { return nil }
        var integer = Array(chars[..<(chars.count - 3)])
        // A figure glued behind its label or currency (`(Inclusive GST)RM137.15`, `CC*7185:RM111.90`): the digits after
        // the last letter, `:` or `)`. Not after `-` or `/`, which join the parts of dates and codes.
        if let glue = integer.lastIndex(where: { !($0.isNumber || $0 == "," || $0 == ".") }),
           integer[glue].isLetter || integer[glue] == ":" || integer[glue] == ")" {
            integer = Array(integer[(glue + 1)...])
        }
        guard !integer.isEmpty, integer.count <= 9, integer.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." }) else { return nil }
        // Thousands written with dots or commas: keep the digits.
        integer = integer.filter(\.isNumber)
        guard !integer.isEmpty, integer.count <= 7 else { return nil }
        let text = (negative ? "-" : "") + String(integer) + "." + String(chars[(chars.count - 2)...])
        return try? Money.parse(text, currency: currency).minorUnits
    }
}
