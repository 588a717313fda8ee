/// What a receipt prints about where it was issued, read as a currency when no symbol or code is printed.
///
/// Only clues with one currency count: a country, a tax id with its country prefix (`UST-ID DE…`, `VAT GB…`),
/// a legal form used in one country (`SDN BHD`, `GMBH`, `PTE LTD`), a region or a large city, a US state with its
/// ZIP code, or a currency's name. Words are matched inside glued OCR text too (`10115BERLIN`, `UST-IDDE123…`), so
/// each word is long or specific enough not to turn up inside another. Never a merchant's name: a clue says where,
/// not who.
enum CurrencyClues {
    /// A clue's weight: a tax id or a country outweighs a city, a city a legal form.
    struct Clue {
        var code: String
        var words: [String]
        var weight: Int
        /// Legal forms end a glued name (`CAFEAMMARKTGMBH`); other short words must stand alone.
        var endsAName = false
    }

    static let clues: [Clue] = [
        Clue(code: "MYR", words: ["MALAYSIA", "RINGGIT"], weight: 3),
        Clue(code: "MYR", words: ["SELANGOR", "JOHOR", "KUALALUMPUR", "WILAYAHPERSEKUTUAN", "PULAUPINANG", "PENANG", "NEGERISEMBILAN",
                                  "MELAKA", "PAHANG", "TERENGGANU", "KELANTAN", "SARAWAK", "PUTRAJAYA", "PETALINGJAYA", "SHAHALAM",
                                  "KOTAKINABALU", "SUBANGJAYA"], weight: 2),
        Clue(code: "MYR", words: ["SDNBHD", "SDN.BHD", "JALAN"], weight: 1, endsAName: true),
        Clue(code: "SGD", words: ["SINGAPORE"], weight: 3),
        Clue(code: "SGD", words: ["PTELTD", "PTE.LTD"], weight: 1, endsAName: true),
        Clue(code: "EUR", words: ["DEUTSCHLAND", "GERMANY", "OSTERREICH", "ÖSTERREICH", "AUSTRIA", "FRANCE", "ITALIA", "ESPAÑA", "ESPANA",
                                  "NEDERLAND", "BELGIQUE", "BELGIË", "IRELAND", "PORTUGAL", "SUOMI", "FINLAND"], weight: 3),
        Clue(code: "EUR", words: ["BERLIN", "HAMBURG", "MÜNCHEN", "MUNCHEN", "FRANKFURT", "STUTTGART", "DÜSSELDORF", "DUSSELDORF", "LEIPZIG",
                                  "DRESDEN", "WIEN", "PARIS", "MADRID", "BARCELONA", "MILANO", "AMSTERDAM", "ROTTERDAM", "BRUXELLES",
                                  "DUBLIN", "LISBOA"], weight: 2),
        Clue(code: "EUR", words: ["GMBH"], weight: 1, endsAName: true),
        Clue(code: "EUR", words: ["EUROS"], weight: 2),
        Clue(code: "GBP", words: ["UNITEDKINGDOM", "ENGLAND", "SCOTLAND", "WALES"], weight: 3),
        Clue(code: "GBP", words: ["STERLING"], weight: 2),
        Clue(code: "GBP", words: ["LONDON", "MANCHESTER", "BIRMINGHAM", "EDINBURGH", "GLASGOW", "LIVERPOOL", "BRISTOL", "CARDIFF"], weight: 2),
        Clue(code: "USD", words: ["UNITEDSTATES", "USA"], weight: 3),
        Clue(code: "JPY", words: ["JAPAN", "TOKYO", "OSAKA"], weight: 3),
    ]

    /// VAT registration numbers start with their country: `DE123456789`, `GB123456789`.
    static let taxIDCountries: [String: String] = [
        "DE": "EUR", "AT": "EUR", "FR": "EUR", "IT": "EUR", "ES": "EUR", "NL": "EUR", "BE": "EUR", "IE": "EUR", "PT": "EUR",
        "FI": "EUR", "LU": "EUR", "GR": "EUR", "EL": "EUR", "GB": "GBP",
    ]
    static let taxIDLabels = ["UST", "VAT", "MWST", "TVA", "IVA", "BTW"]
    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI",
        "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT",
        "VT", "VA", "WA", "WV", "WI", "WY", "DC",
    ]

    /// Each currency's summed weight and the rows that showed it.
    static func evidence(in rows: [TextRow]) -> [String: (weight: Int, rows: [Int])] {
        var found: [String: (weight: Int, rows: [Int])] = [:]
        func add(_ code: String, _ weight: Int, _ row: Int) {
            found[code, default: (0, [])].weight += weight
            if found[code]?.rows.contains(row) == false { found[code]?.rows.append(row) }
        }
        for row in rows {
            let upper = row.text.uppercased()
            // Glued and spaced readings alike: long words are compared without spaces, short ones as whole words.
            let compact = String(upper.filter { $0 != " " })
            let tokens = upper.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            var seen: Set<String> = []
            for clue in clues where !seen.contains(clue.code + String(clue.weight)) {
                if clue.words.contains(where: { matches($0, compact: compact, tokens: tokens, endsAName: clue.endsAName) }) {
                    seen.insert(clue.code + String(clue.weight))
                    add(clue.code, clue.weight, row.index)
                }
            }
            if let code = taxIDCurrency(compact) { add(code, 3, row.index) }
            if isUSStateAndZIP(upper) { add("USD", 2, row.index) }
        }
        return found
    }

    /// Words of six letters or more are specific enough to find inside glued text (`10115BERLIN`); shorter ones must
    /// be a whole word (`USA` is not in `USAHA`, `WALES` not in `WHOLESALES`), or end one for a legal form.
    static func matches(_ word: String, compact: String, tokens: [String], endsAName: Bool) -> Bool {
        if word.count >= 6 { return compact.contains(word) }
        return tokens.contains { $0 == word || endsAName && $0.hasSuffix(word) }
    }

    /// `UST-ID DE123456789`, `VAT NO: GB123456789`: a tax label, then a country prefix and 8–12 digits.
    static func taxIDCurrency(_ compact: String) -> String? {
        let chars = Array(compact)
        for label in taxIDLabels {
            var searchFrom = 0
            while let start = firstIndex(of: Array(label), in: chars, from: searchFrom) {
                searchFrom = start + 1
                // The prefix follows within a few characters (`-ID`, `NO:`, `REG.NO.`).
                let window = chars[(start + label.count)..<min(chars.count, start + label.count + 10)]
                var index = window.startIndex
                while index < window.endIndex - 1 {
                    let prefix = String(chars[index...index + 1])
                    if let code = taxIDCountries[prefix] {
                        let digits = chars[(index + 2)...].prefix { $0.isNumber }.count
                        if (8...12).contains(digits) { return code }
                    }
                    index += 1
                }
            }
        }
        return nil
    }

    /// `SPRINGFIELD, IL 62704`: a state's two letters, then a five-digit ZIP (and its +4), ending the row; glued
    /// (`SPRINGFIELD,IL62704`) after a comma.
    static func isUSStateAndZIP(_ upper: String) -> Bool {
        let words = upper.split { $0 == " " || $0 == "," }.map { Array($0) }
        guard var last = words.last else { return false }
        if last.count > 5, last[last.count - 5] == "-", last.suffix(4).allSatisfy(\.isNumber) { last.removeLast(5) }
        let isZIP: ([Character]) -> Bool = { $0.count == 5 && $0.allSatisfy(\.isNumber) }
        if isZIP(last), words.count >= 2 { return usStates.contains(String(words[words.count - 2])) }
        return last.count == 7 && isZIP(Array(last.suffix(5))) && usStates.contains(String(last.prefix(2)))
    }

    private static func firstIndex(of target: [Character], in chars: [Character], from: Int) -> Int? {
        guard target.count <= chars.count - from, from >= 0 else { return nil }
        for start in from...(chars.count - target.count) where Array(chars[start..<start + target.count]) == target { return start }
        return nil
    }
}
