/// What a category suggestion looks at: the payee's words, normalised the way bank
/// descriptors need (`SQ *BLUE BOTTLE #0423 11/02` → `blue`, `bottle`), and an amount bucket.
public enum SuggestionFeatures {
    /// Card-processor and terminal prefixes that say nothing about the merchant.
    static let prefixes = ["sq *", "sq*", "paypal *", "paypal*", "tst* ", "tst*", "sp * ", "sp *", "pos ", "pp*", "ccd ", "ach "]
    /// Words that appear on every kind of purchase.
    static let noise: Set<String> = Set<String>(["pos", "purchase", "debit", "credit", "card", "payment", "inc", "llc", "ltd", "co", "corp",
                                     "the", "and", "of", "www", "com", "store", "visa", "mastercard", "ref", "txn", "recurring"])
        .union(companyForms)
    /// Words that name a company's legal form, or say only that it is a business: a grocer and a tyre shop are
    /// both "… SDN BHD", so these carry no category (issue 29, N5: one AEON receipt sent every "… SDN BHD" shop
    /// to groceries). `S/B` splits into one-letter tokens, which are dropped anyway.
    static let companyForms: Set<String> = [
        "sdn", "bhd", "berhad", "sendirian", "pte", "plc", "pty", "llp", "lp", "gmbh", "mbh", "ag", "kg", "ohg", "ug", "ev",
        "sa", "sas", "sarl", "srl", "spa", "bv", "nv", "oy", "ab", "kk", "tbk", "limited", "incorporated", "corporation",
        "company", "enterprise", "enterprises", "trading", "holdings", "holding", "group", "dimiliki", "oleh",
    ]

    /// Distinct payee tokens in first-seen order: lowercased, prefixes stripped, split on anything
    /// but letters, without tokens holding digits (store numbers, dates, references) or noise words.
    ///
    /// Composed (NFC): Swift compares strings canonically and SQLite by bytes, so `cafe` + U+0301 and `café` were one
    /// key in the fold's cache and two rows in a rebuild, and `verify` found the counts differing from a replay
    /// (found by the command-line fuzzer, issue 29).
    public static func payeeTokens(_ payee: String) -> [String] {
        var text = payee.lowercased().composed
        var stripped = true
        while stripped {
            stripped = false
            text = String(text.drop { $0 == " " })
            for prefix in prefixes where text.hasPrefix(prefix) {
                text.removeFirst(prefix.count)
                stripped = true
            }
        }
        var tokens: [String] = []
        var seen: Set<String> = []
        for raw in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
            let token = String(raw)
            guard token.count >= 2, !token.contains(where: \.isNumber), !noise.contains(token), seen.insert(token).inserted else { continue }
            tokens.append(token)
        }
        return tokens
    }

    /// How many values `amountBucket` takes.
    public static let amountBucketCount = 8

    /// A coarse, currency-aware size of the amount: `amount:<5`, `amount:<10`, … `amount:500+`.
    public static func amountBucket(_ amount: Money) -> String {
        let major = amount.minorUnits.magnitude / UInt64.tenToThe(amount.currency.minorDigits)
        for limit: UInt64 in [5, 10, 20, 50, 100, 200, 500] where major < limit { return "amount:<\(limit)" }
        return "amount:500+"
    }

    /// Pack sizes and units printed on item lines: they say nothing about the category.
    static let itemNoise: Set<String> = ["pcs", "pkt", "btl", "ctn", "box", "pack", "gm", "kg", "ml", "ltr", "qty", "each", "per", "with", "for"]
    /// At most this many item words per expense, so a long receipt does not outweigh its payee.
    public static let maxItemTokens = 12

    /// Distinct words of a receipt's line items, prefixed `i:` (`TEH TARIK 2 x` → `i:teh`, `i:tarik`): the payee's
    /// rules for tokens, three letters or more, pack sizes and units dropped, the first `maxItemTokens` kept.
    public static func itemTokens(_ descriptions: [String]) -> [String] {
        var tokens: [String] = []
        var seen: Set<String> = []
        for description in descriptions {
            for raw in description.lowercased().composed.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                let token = String(raw)
                guard token.count >= 3, !token.contains(where: \.isNumber), !noise.contains(token), !itemNoise.contains(token),
                      seen.insert(token).inserted else { continue }
                tokens.append("i:" + token)
                if tokens.count == maxItemTokens { return tokens }
            }
        }
        return tokens
    }

    /// Every feature of an expense: payee tokens (`payee:shell`) and the amount bucket.
    public static func of(payee: String?, amount: Money?) -> [String] {
        (payee.map(payeeTokens) ?? []).map { "payee:" + $0 } + (amount.map { [amountBucket($0)] } ?? [])
    }
}
