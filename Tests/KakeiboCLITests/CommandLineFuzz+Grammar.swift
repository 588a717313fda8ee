/// Argument vectors for the recording and report commands, drawn from grammars of what people (and careless
/// scripts) type: short, signed, grouped, unicode and boundary amounts; impossible and edge dates; account names
/// with colons, spaces, NFD and zero-width characters; options repeated, missing their value or given one that
/// starts with `-`.
///
/// Issue 29, N1: `kakeibo expense 1.5 …` trapped in `LedgerDecider.checkUnambiguous` while 708 tests and six
/// fuzzers passed, because nothing drove a command from its command-line text. Every amount form of that bug
/// (`1.5`, `.5`, `0.5`, `1.0`, `.50`) is in `shortAmounts` and is drawn often, in every command that takes one.
///
/// Library-free (standard library only) and seeded: the same seed gives the same argument vectors, so a failure
/// is reproduced by its seed and run number.
struct CommandLineGrammar {
    /// The ledger's names the vectors aim at, so a good share of them are recorded rather than refused.
    struct Targets {
        var assets = ["assets:checking", "assets:cash", "liabilities:visa", "assets:euro"]
        var categories = ["groceries", "expenses:groceries", "food", "expenses:food", "income:salary"]
        /// The transaction `edit` corrects: its full id, then accepted abbreviations are derived from it.
        var transactionID = "00000000-0000-0000-0000-000000000000"
    }

    var random: SplitMixRandom
    var targets: Targets
    /// How hostile this vector is: 0 well-formed (most are recorded), 1 one odd field or so, 2 anything goes.
    /// Without the well-formed share, nearly every vector dies in the option parser and the decider is never reached.
    var hostility = 2

    /// Whether the next field is drawn from the hostile grammar.
    mutating func wild() -> Bool {
        switch hostility {
        case 0: false
        case 1: random.below(5) == 0
        default: random.below(4) != 0
        }
    }

    init(seed: UInt64, targets: Targets) {
        random = SplitMixRandom(seed: seed)
        self.targets = targets
    }

    // MARK: - Amounts

    /// The forms of N1 and their neighbours: every one of them was a trap or a near miss.
    static let shortAmounts = ["1.5", ".5", "0.5", "1.0", ".50", "1", "0.01", "9.9", "1.", "10.000", "0.001", "00.50",
                               "1.5 ", " 1.5", "5.", "0", "0.0", ".0", ".", "12.50", "2500", "1.05", "100"]
    static let signedAmounts = ["-0", "+3", "-1.5", "+0", "-.5", "+.5", "--1", "-+1", "−1.5", "- 1.5", "1.5-", "(1.5)",
                                "-0.00", "+1,000.50", "-9223372036854775808", "+-0"]
    static let groupedAmounts = ["1,000.50", "1.000,50", "1 000,50", "1'000.50", "1_000", "1,000", "1,00", "1,0000.5",
                                 "1,000,000.01", "1.000.000,01", "1\u{00A0}000.50", "1\u{202F}000,50", ",5", "1,5", "1;5",
                                 "1,,000", "1.000.5", "12,345,678.9"]
    static let unicodeAmounts = ["١٫٥", "٠٫٥", "١", "۱٫۵", "１", "１．５", "１.５", "१.५", "1\u{200B}.5", "\u{200B}1.5", "1.5\u{200B}",
                                 "\u{FEFF}1.5", "1.5\u{00A0}", "\u{00A0}1.5", "1\u{2024}5", "1\u{FF0E}5", "½", "1½", "Ⅻ", "𝟏.𝟓",
                                 "1.5\u{0301}", "1\u{0338}.5", "١,٠٠٠٫٥٠", "¹", "1\u{2009}000"]
    static let boundaryAmounts = ["9223372036854775807", "9223372036854775808", "92233720368547758.07", "92233720368547758.08",
                                  "-92233720368547758.08", "18446744073709551616", "99999999999999999999",
                                  "0.000000000000000000001", "1.0000000000000000000000001", "0.1234567890123456789",
                                  "1e3", "1E-2", "NaN", "inf", "-inf", "0x10", "", " ", "1/2", "3*4", "1.5.5",
                                  "00000000000000000000001", "922337203685477580.7"]
    static let commodities = ["USD", "EUR", "usd", "$", "€", "BTC", "XXX", "ＵＳＤ", "EU R", "E\u{0301}UR", "", "1", "-", "US",
                              "USDT", "\u{200B}USD", "JPY", "KWD", "¥", "£"]

    static let wellFormedAmounts = ["1.5", ".5", "0.5", "1.0", ".50", "1", "0.01", "9.9", "12.50", "2500", "1.05", "100",
                                    "1,000.50", "3", "0.99", "42"]

    mutating func amount() -> String {
        guard wild() else {
            return random.below(3) == 0 ? "\(1 + random.below(100_000))" + (random.below(2) == 0 ? ".\(random.below(100))" : "")
                : random.element(Self.wellFormedAmounts)
        }
        let base: String
        switch random.below(100) {
        case 0..<35: base = random.element(Self.shortAmounts)
        case 35..<45: base = random.element(Self.signedAmounts)
        case 45..<55: base = random.element(Self.groupedAmounts)
        case 55..<65: base = random.element(Self.unicodeAmounts)
        case 65..<73: base = random.element(Self.boundaryAmounts)
        case 73..<88: base = digits()
        default: base = mutated(random.element(Self.shortAmounts + Self.groupedAmounts + Self.boundaryAmounts))
        }
        switch random.below(20) {
        case 0: return "$" + base
        case 1: return base + " " + random.element(Self.commodities)
        case 2: return base + random.element(Self.commodities)
        case 3: return random.element(Self.commodities) + " " + base
        default: return base
        }
    }

    /// A sign, 0–25 integer digits, a separator and 0–25 fraction digits: Int64's edges and past them.
    mutating func digits() -> String {
        var text = random.below(6) == 0 ? random.element(["-", "+", "−"]) : ""
        let whole = random.below(4) == 0 ? random.below(26) : random.below(5)
        for index in 0..<whole { text.append(random.element(index == 0 && random.below(3) == 0 ? ["0"] : Self.asciiDigits)) }
        if random.below(3) != 0 {
            text.append(random.element([".", ".", ".", ",", "٫", "．"]))
            let fraction = random.below(4) == 0 ? random.below(26) : random.below(4)
            for _ in 0..<fraction { text.append(random.element(Self.asciiDigits)) }
        }
        return text
    }

    static let asciiDigits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
    /// Characters that make a typed word hostile: separators, signs, spaces of every width, invisible and
    /// combining scalars, digits of other scripts, a control character, a colon.
    static let hostileCharacters: [Character] = ["0", "1", "9", ".", ",", "-", "+", " ", "\u{00A0}", "\u{200B}", "\u{200D}", "\u{FEFF}",
                                                 "\u{0301}", "٫", "٬", "١", "５", "'", "_", "e", ":", "=", "\u{0007}", "\t", "\n", "é",
                                                 "\u{202E}", "$", "€", "@", "*", "\u{10FFFF}", "\u{FFFD}"]

    /// `text` with one to three random edits: insert, delete, duplicate or replace a character.
    mutating func mutated(_ text: String) -> String {
        var characters = Array(text)
        for _ in 0..<(1 + random.below(3)) {
            switch random.below(4) {
            case 0: characters.insert(random.element(Self.hostileCharacters), at: random.below(characters.count + 1))
            case 1 where !characters.isEmpty: characters.remove(at: random.below(characters.count))
            case 2 where !characters.isEmpty:
                let index = random.below(characters.count)
                characters.insert(characters[index], at: index)
            case 3 where !characters.isEmpty: characters[random.below(characters.count)] = random.element(Self.hostileCharacters)
            default: characters.append(random.element(Self.hostileCharacters))
            }
        }
        return String(characters)
    }

    // MARK: - Dates

    static let dates = ["2026-11-02", "2026-02-28", "2026-02-29", "2024-02-29", "2100-02-29", "2000-02-29", "0000-01-01",
                        "0001-01-01", "9999-12-31", "10000-01-01", "-0001-01-01", "2026-13-01", "2026-00-10", "2026-01-00",
                        "2026-01-32", "2026-04-31", "2026-1-5", "2026/01/05", "01/05", "11/21", "today", "yesterday",
                        "tomorrow", "Today", "TODAY", "", " ", "２０２６-０１-０１", "2026-01-01T00:00", " 2026-01-01",
                        "2026-01-01 ", "20260101", "2026-W05", "2026-01-01\u{200B}", "٢٠٢٦-٠١-٠١", "1970-01-01",
                        "1969-12-31", "2038-01-19", "2026-11-21", "2026-11-22", "2026", "2026-11", "-1", "+2026-01-01",
                        "2026-11-21\u{0000}", "9223372036854775807-01-01", "last month", "this month"]

    static let wellFormedDates = ["2026-11-02", "2026-02-28", "2024-02-29", "2026-11-21", "2026-01-01", "2025-12-31", "1970-01-01",
                                  "2026-11-22", "2000-02-29"]

    mutating func date() -> String {
        guard wild() else { return random.element(Self.wellFormedDates) }
        switch random.below(10) {
        case 0..<7: return random.element(Self.dates)
        case 7: return mutated(random.element(Self.dates))
        default:
            let year = random.element([0, 1, 1969, 1970, 2000, 2024, 2026, 2100, 9999, random.below(10_000)])
            let text = String(year)
            return String(repeating: "0", count: max(0, 4 - text.count)) + text + "-" + twoDigits(1 + random.below(13))
                + "-" + twoDigits(random.below(33))
        }
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static let periods = ["2026", "2026-10", "2026-Q3", "2026-W44", "this month", "last month", "2026-Q5", "2026-W54",
                          "2026-13", "", "monthly", "weekly", "0000", "9999-Q4", "2026-W00", "from 2026-01-01 to 2026-02-01",
                          "9999-12-31", "9999-12-31..", "..9999-12-31", "0001-01-01", "2026-01-01..2026-02-01", "..", "9998",
                          "next year", "this week", "2026-02-29", "9999-12"]

    // MARK: - Names

    static let hostileNames = ["", " ", ":", "assets:", ":assets", "assets::checking", "assets:checking ", " assets:checking",
                               "Assets:Checking", "assets:chécking", "assets:che\u{0301}cking", "assets:check\u{200B}ing",
                               "expenses:食費", "expenses:a b", "expenses:\u{0007}bell", "-assets", "--from", "expenses:-",
                               "assets:checking\n", "expenses:groceries:", "groceries:", "GROCERIES", "gróceries",
                               "gro\u{0301}ceries", "expenses:\u{202E}cipe", "expenses:" + String(repeating: "a", count: 300),
                               String(repeating: "expenses:", count: 60) + "x", "assets:cash=1", "assets:cash@1", "\u{FEFF}assets:cash",
                               "expenses:ｆｏｏｄ", "equity:opening", "income:", "liabilities:visa:", "expenses:(virtual)",
                               "[assets:cash]", "(assets:cash)", "expenses:unknown", "expenses:\u{00A0}food"]

    mutating func account() -> String {
        guard wild() else { return random.element(targets.assets) }
        switch random.below(10) {
        case 0..<6: return random.element(targets.assets)
        case 6, 7: return random.element(Self.hostileNames)
        default: return mutated(random.element(targets.assets))
        }
    }

    mutating func category() -> String {
        guard wild() else { return random.element(["groceries", "food", "expenses:groceries", "expenses:food"]) }
        switch random.below(10) {
        case 0..<6: return random.element(targets.categories)
        case 6, 7: return random.element(Self.hostileNames)
        default: return mutated(random.element(targets.categories))
        }
    }

    mutating func text() -> String {
        guard wild() else { return random.element(["Corner Shop", "Café", "食堂", "Market", "rent"]) }
        return random.element(["Corner Shop", "", " ", "Café", "Cafe\u{0301}", "a\nb", "\u{0007}", "--payee", "-", "食堂",
                        String(repeating: "x", count: 2_000), "O'Brien; DROP TABLE events", "\u{202E}gnp", "\u{0000}", "é\u{200B}"])
    }

    mutating func transactionReference() -> String {
        let id = targets.transactionID
        guard wild() else { return random.below(2) == 0 ? id : String(id.suffix(8)) }
        switch random.below(10) {
        case 0..<4: return id
        case 4, 5: return String(id.suffix(8))
        case 6: return String(id.prefix(4))
        case 7: return String(id.prefix(random.below(4)))
        case 8: return mutated(id)
        default: return random.element(["0", "", "-", "ffffffff", id.uppercased(), id + " ", "--amount"])
        }
    }

    // MARK: - Commands

    /// What an option's value is drawn from.
    enum Value {
        case amount, account, category, text, date, posting, commodity
        case choice([String])
    }

    mutating func value(_ kind: Value) -> String {
        switch kind {
        case .amount: amount()
        case .account: account()
        case .category: category()
        case .text: text()
        case .date: date()
        case .posting: posting()
        case .commodity: wild() ? random.element(Self.commodities) : "USD"
        case .choice(let values): wild() ? random.element(values) : values[0]
        }
    }

    /// The amount, sometimes followed by a commodity word or a second number, sometimes missing.
    mutating func amountWords(commodity: Bool = true) -> [String] {
        guard wild() else { return [amount()] }
        switch random.below(12) {
        case 0: return []
        case 1 where commodity: return [amount(), random.element(Self.commodities)]
        case 2: return [amount(), amount()]
        default: return [amount()]
        }
    }

    /// One argument vector for one of the eight commands, options included and sometimes mangled.
    mutating func arguments() -> [String] {
        hostility = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2][random.below(10)]
        var words: [String]
        var options: [(String, Value)]
        switch random.below(8) {
        case 0:
            words = ["expense"] + amountWords()
            options = [("--from", .account), ("--category", .category), ("--payee", .text), ("--memo", .text), ("--date", .date),
                       ("--currency", .commodity)]
        case 1:
            words = ["income"] + amountWords()
            options = [("--to", .account), ("--from", hostility > 0 && random.below(3) == 0 ? .category : .choice(["income:salary"])),
                       ("--payee", .text), ("--date", .date), ("--currency", .commodity)]
        case 2:
            words = ["transfer"] + amountWords()
            options = [("--from", .account), ("--to", .account), ("--date", .date)]
            if random.below(3) == 0 { options.append(("--cost", .amount)) }
            if random.below(3) == 0 { options.append(("--rate", .amount)) }
        case 3:
            words = ["txn"]
            if hostility == 0 { words += ["--posting", category() + "=" + amount(), "--posting", account()] }
            options = Array(repeating: ("--posting", .posting), count: hostility == 0 ? 0 : random.below(5))
                + [("--date", .date), ("--payee", .text), ("--memo", .text)]
        case 4:
            words = ["edit", transactionReference()]
            options = [("--amount", .amount), ("--date", .date), ("--payee", .text), ("--category", .category),
                       ("--from", .account), ("--to", .account), ("--posting", .posting), ("--reason", .text)]
            if random.below(6) == 0 { words.append(random.element(["--clear-payee", "--clear-memo"])) }
        case 5:
            words = ["budget", "set", category()] + amountWords(commodity: false)
            options = [("--period", .choice(["monthly", "weekly", "yearly", "", "Monthly"])),
                       ("--rollover", .choice(["none", "positive", "both", "all"])), ("--from", .date)]
        case 6:
            words = ["price", random.element(Self.commodities), amount()]
            options = [("--in", .commodity), ("--date", .date)]
            // One in four takes a price back (N17): `price EUR --retract`, or naming the value retracted.
            if random.below(4) == 0 {
                if random.below(2) == 0 { words.removeLast() }
                words.append("--retract")
                options.append(("--reason", .text))
            }
        default:
            words = [random.element(["bal", "balance"])]
            if random.below(3) == 0 {
                words.append(random.element(["assets", "expenses:groceries", "amt:>1.5", "amt:<.5", "date:2026", "payee:Corner",
                                             "not:assets", "desc:", "(", "[", "amt:>١", "date:2026-02-29", "amt:-0",
                                             "date:9999-12-31", "date:0001-01-01", "date:2026-01..", "amt:>92233720368547758.08"]))
            }
            options = [("-b", .date), ("-e", .date), ("-p", .choice(Self.periods)),
                       ("--value", .choice(Self.commodities + ["then,USD", "end,EUR", "then,"])),
                       ("--depth", .choice(["1", "2", "0", "-1", "99999999999999999999", "x"])), ("--as-of", .date),
                       ("--at-position", .choice(["1", "0", "-1", "3", "9223372036854775807", "x"]))]
            if random.below(4) == 0 { words.append(random.element(["-M", "-W", "-Q", "-Y", "-R", "--real"])) }
        }
        if random.below(4) == 0 { options.append(("--format", .choice(["json", "csv", "table", "xml", ""]))) }
        if random.below(8) == 0 { options.append(("--idempotency-key", .choice(["k1", "k2", "", "-k"]))) }
        words += optionWords(options, required: ["expense", "income", "transfer"].contains(words[0]) ? ["--from", "--to"] : [])
        return mangled(words)
    }

    /// Each option with probability 3/4, sometimes twice, as `--name value` or `--name=value`.
    private mutating func optionWords(_ options: [(String, Value)], required: Set<String>) -> [String] {
        var words: [String] = []
        for (name, kind) in options where random.below(4) != 0 || (hostility == 0 && required.contains(name)) {
            for _ in 0..<(hostility > 0 && random.below(10) == 0 ? 2 : 1) {
                let drawn = value(kind)
                if hostility > 0 && random.below(8) == 0 && name.hasPrefix("--") { words.append("\(name)=\(drawn)") } else { words += [name, drawn] }
            }
        }
        return words
    }

    /// Missing values, values that look like options, unknown options, `--`, shuffled order.
    private mutating func mangled(_ words: [String]) -> [String] {
        var words = words
        guard hostility > 0 && random.below(hostility == 1 ? 10 : 3) == 0 else { return words }
        switch random.below(6) {
        case 0: words.removeLast() // an option left without its value
        case 1: words.insert(random.element(["--bogus", "-x", "--", "-", "--date", "--from", "-5", "--help"]),
                             at: 1 + random.below(words.count))
        case 2: if words.count > 2 { words.swapAt(1 + random.below(words.count - 1), 1 + random.below(words.count - 1)) }
        case 3: words.append(random.element(["--amount", "--posting", "--", "extra", "1.5"]))
        case 4: words.insert(random.element(["-1.5", "-0", "--1", "-.5"]), at: 1 + random.below(words.count))
        default: if words.count > 1 { words.remove(at: 1 + random.below(words.count - 1)) }
        }
        return words
    }

    mutating func posting() -> String {
        let account = random.below(2) == 0 ? account() : category()
        guard wild() else { return account + "=" + amount() }
        switch random.below(6) {
        case 0: return account
        case 1: return account + "="
        case 2: return account + "=" + amount() + " " + random.element(Self.commodities)
        case 3: return mutated(account + "=" + amount())
        default: return account + "=" + amount()
        }
    }
}

/// SplitMix64: small, fast and seedable; the grammar needs nothing stronger.
struct SplitMixRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (0 when bound is 0).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    mutating func element<C: RandomAccessCollection>(_ collection: C) -> C.Element where C.Index == Int {
        collection[collection.startIndex + below(collection.count)]
    }
}
