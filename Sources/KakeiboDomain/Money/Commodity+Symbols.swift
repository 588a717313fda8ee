extension Commodity {
    /// `$ € £ ¥` as journals, typed commands and `--currency` write them: the one table the journal reader, the
    /// ledger's commodity arguments and `--posting` costs read (each had its own copy).
    /// `₴` is the hryvnia (UAH), as numbers-13 of hledger's tests writes it.
    public static let symbols: [Unicode.Scalar: Commodity] = ["$": .usd, "€": .eur, "£": .gbp, "¥": .jpy,
                                                              "₴": Commodity(uncheckedCode: "UAH", minorDigits: 2)]

    /// The commodity a one-character symbol names, or nil.
    public static func symbol(_ text: some StringProtocol) -> Commodity? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return nil }
        return symbols[scalar]
    }
}
