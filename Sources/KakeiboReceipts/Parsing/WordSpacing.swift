/// Puts back the spaces a line engine (PP-OCR) loses in a tightly printed name: `GerbangAlafRestaurants`,
/// `99SPEED MART`, `GARDENIABAKERIES`, `UROKOJAPANESECUISINE`.
///
/// Three principled cues, none of them a merchant's name: a capital after a run of small letters starts a word
/// (`AlafRestaurants`); a number and a word glued (`99SPEED`, `coffee28`); and, in a long run of capitals, a
/// common word of trade at its start or end (`BAKERIES`, `KEDAI`, `RESTAURANT`), split off only when what is left
/// is a word of its own length (four letters or more), so `MARTINEZ` keeps its letters.
enum WordSpacing {
    /// Generic words of shop names, in English and Malay, five letters or more (shorter ones hide inside names).
    static let tradeWords: [String] = [
        "RESTAURANTS", "RESTAURANT", "RESTORAN", "CUISINE", "KITCHEN", "BAKERIES", "BAKERY", "CONFECTIONERY", "CAFE", "COFFEE",
        "DINER", "BISTRO", "GRILL", "NOODLE", "NOODLES", "SEAFOOD", "CATERING", "BEVERAGE", "BEVERAGES", "SNACKS",
        "JAPANESE", "CHINESE", "KOREAN", "INDIAN", "WESTERN", "CAFETERIA",
        "PHARMACY", "HARDWARE", "STATIONERY", "BOOKSTORES", "BOOKSTORE", "BOOKS", "BOOKSHOP", "ELECTRICAL", "ELECTRONICS", "FURNITURE",
        "TRADING", "ENTERPRISE", "ENTERPRISES", "HOLDINGS", "MARKETING", "DISTRIBUTOR", "DISTRIBUTORS", "INDUSTRIES",
        "SUPERMARKET", "MINIMARKET", "HYPERMARKET", "MARKET", "GROCER", "GROCERY", "STORE", "STORES", "TRADERS", "SERVICES",
        "KEDAI", "PASARAYA", "BORONG", "RUNCIT", "SERBANEKA", "PERNIAGAAN", "SYARIKAT", "PERUSAHAAN", "PERKAKASAN", "MAKANAN",
        "STATION", "PETROL", "MOTOR", "MOTORS", "AUTOMOBILE", "TYRE", "TYRES", "PRINTING", "TRAVEL", "FASHION", "BEAUTY",
        "VILLAGE", "CENTRE", "CENTER", "PLAZA",
    ].filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    /// Legal forms that end a glued name, split off at its end whatever their length.
    static let legalEndings = ["SDNBHD", "LLC", "LTD", "PLT", "GMBH", "INC"]

    static func restore(_ name: String) -> String {
        name.split(separator: " ", omittingEmptySubsequences: true).flatMap { split(String($0)) }.joined(separator: " ")
    }

    static func split(_ word: String) -> [String] {
        let cased = splitCase(word)
        guard cased.count == 1 else { return cased.flatMap(split) }
        let numbered = splitNumbers(word)
        guard numbered.count == 1 else { return numbered.flatMap(split) }
        // `BLUE.RIVERDINERLLC`: the run after a dot is split as a word of its own, and stays glued to the dot.
        if let dot = word.lastIndex(of: "."), dot != word.startIndex {
            let tail = splitTradeWords(String(word[word.index(after: dot)...]))
            if tail.count > 1 { return [String(word[...dot]) + tail[0]] + tail.dropFirst() }
        }
        return splitTradeWords(word).flatMap(splitEnglishWords)
    }

    /// `BLUERIVER` → `BLUE RIVER`, `ORANGEJUICE` → `ORANGE JUICE`: a run of capitals that is no word of its own but is
    /// two common English words of four letters or more (`EnglishWords`), at the split whose words are commonest.
    /// PP-OCRv6 keeps most printed spaces but still drops one between two tight capitals words (syn-02's diner).
    static func splitEnglishWords(_ word: String) -> [String] {
        guard word.count >= 8, word.allSatisfy({ $0.isASCII && $0.isLetter && $0.isUppercase }),
              EnglishWords.rank[Substring(word)] == nil else { return [word] }
        var best: (rank: Int, at: Int)?
        for at in 4...(word.count - 4) {
            let left = word.prefix(at), right = word.dropFirst(at)
            guard let first = EnglishWords.rank[left], let second = EnglishWords.rank[right] else { continue }
            if best == nil || first + second < best!.rank { best = (first + second, at) }
        }
        guard let best else { return [word] }
        return [String(word.prefix(best.at)), String(word.dropFirst(best.at))]
    }

    /// `GerbangAlaf` → `Gerbang Alaf`: a capital then a small letter, after three small letters or more (`McDonald`
    /// and `iPhone` stay whole).
    static func splitCase(_ word: String) -> [String] {
        let chars = Array(word)
        var parts: [String] = [], current = "", smallRun = 0
        for (index, character) in chars.enumerated() {
            if character.isUppercase, smallRun >= 3, index + 1 < chars.count, chars[index + 1].isLowercase {
                parts.append(current); current = ""
            }
            smallRun = character.isLowercase ? smallRun + 1 : 0
            current.append(character)
        }
        parts.append(current)
        return parts.filter { !$0.isEmpty }
    }

    /// `99SPEED` → `99 SPEED`, `coffee28` → `coffee 28`: figures and three letters or more glued.
    static func splitNumbers(_ word: String) -> [String] {
        guard word.allSatisfy({ $0.isLetter || $0.isNumber }) else { return [word] }
        let chars = Array(word)
        var runs: [String] = []
        for character in chars {
            if let last = runs.last?.last, last.isNumber == character.isNumber {
                runs[runs.count - 1].append(character)
            } else {
                runs.append(String(character))
            }
        }
        guard runs.count == 2, runs.allSatisfy({ $0.first!.isNumber || $0.count >= 3 }) else { return [word] }
        return runs
    }

    /// `GARDENIABAKERIES` → `GARDENIA BAKERIES`, `KEDAIPAPAN` → `KEDAI PAPAN`: only in runs of capitals of nine
    /// letters or more, which a single word of a name seldom is.
    static func splitTradeWords(_ word: String) -> [String] {
        guard word.count >= 9, word.allSatisfy({ $0.isLetter && $0.isUppercase }), !tradeWords.contains(word) else { return [word] }
        for ending in legalEndings where word.hasSuffix(ending) && word.count - ending.count >= 4 {
            return splitTradeWords(String(word.dropLast(ending.count))) + [ending == "SDNBHD" ? "SDN BHD" : ending]
        }
        for trade in tradeWords where trade.count >= 5 || trade == "CAFE" {
            if word.hasSuffix(trade), word.count - trade.count >= 4 {
                return splitTradeWords(String(word.dropLast(trade.count))) + [trade]
            }
            if word.hasPrefix(trade), word.count - trade.count >= 4 {
                return [trade] + splitTradeWords(String(word.dropFirst(trade.count)))
            }
        }
        return [word]
    }
}
