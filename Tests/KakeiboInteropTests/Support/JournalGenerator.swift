import KakeiboTestSupport

/// Writes seeded hledger journals shaped like a household's books: salary, card and cash
/// expenses, splits, transfers, a euro wallet, elided amounts, every date style, comments and
/// tags, and balance assertions on an account whose running balance the generator tracks.
/// The same seed gives the same text.
struct JournalGenerator {
    var random: SplitMix64
    /// The running balance of assets:savings in cents, for its assertions.
    private var savings: Int64 = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let payees = ["Corner Shop", "Market", "Noodle Bar", "Coffee", "Pharmacy", "Hardware Store", "Bookshop", "Bakery"]
    static let categories = ["groceries", "dining", "household", "health", "books", "transport", "clothing:kids", "gifts"]

    mutating func journal(transactions count: Int) -> String {
        var out = "; generated journal\naccount assets:checking  ; type: A\naccount liabilities:visa\n\n"
        out.reserveCapacity(count * 120)
        var day = 0
        for index in 0..<count {
            if random.next(upTo: 3) == 0 { day += 1 }
            out += transaction(index: index, day: day)
            out += "\n"
        }
        return out
    }

    private mutating func date(_ day: Int) -> String {
        let epoch = 20_454 // 2026-01-01
        let days = epoch + day
        // civil_from_days, as LocalDate does, kept local so the generator stands alone.
        let z = days + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        let separator = ["-", "/", "."][random.next(upTo: 3)]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)\(separator)\(two(m))\(separator)\(two(d))"
    }

    /// Cents as `$1,234.56`, `-$5`, `$-5.00`, `1234.56 USD` or `USD 1234.56`.
    private mutating func usd(_ cents: Int64, symbolOnly: Bool = false) -> String {
        let negative = cents < 0
        let magnitude = cents.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        let plain = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        var grouped = String(whole)
        if whole >= 1000 { grouped.insert(",", at: grouped.index(grouped.endIndex, offsetBy: -3)) }
        grouped += ".\(fraction < 10 ? "0" : "")\(fraction)"
        let sign = negative ? "-" : ""
        switch symbolOnly ? random.next(upTo: 3) : random.next(upTo: 5) {
        case 0: return "\(sign)$\(grouped)"
        case 1: return "$\(sign)\(plain)"
        case 2: return fraction == 0 ? "\(sign)$\(whole)" : "\(sign)$\(plain)"
        case 3: return "\(sign)\(plain) USD"
        default: return "USD \(sign)\(plain)"
        }
    }

    private mutating func cents(_ low: Int64, _ high: Int64) -> Int64 {
        low + Int64(random.next(upTo: Int(high - low)))
    }

    private mutating func header(_ day: Int, _ payee: String) -> String {
        var line = date(day)
        switch random.next(upTo: 4) {
        case 0: line += " *"
        case 1: line += " !"
        default: break
        }
        if random.next(upTo: 8) == 0 { line += " (\(random.next(upTo: 9000) + 1000))" }
        line += " " + payee
        if random.next(upTo: 6) == 0 { line += " | note \(random.next(upTo: 100))" }
        if random.next(upTo: 5) == 0 { line += "  ; trip: \(["kyoto", "lisbon", "home"][random.next(upTo: 3)]), reviewed:" }
        return line + "\n"
    }

    private mutating func posting(_ account: String, _ amount: String?, comment: Bool = true) -> String {
        var line = "    \(account)"
        if let amount { line += String(repeating: " ", count: max(2, 28 - account.count)) + amount }
        if comment, random.next(upTo: 10) == 0 { line += "  ; receipt: \(random.next(upTo: 1000))" }
        return line + "\n"
    }

    private mutating func transaction(index: Int, day: Int) -> String {
        let elide = random.next(upTo: 2) == 0
        switch random.next(upTo: 20) {
        case 0, 1:
            let amount = cents(200_000, 400_000)
            return header(day, "Employer") + posting("assets:checking", usd(amount))
                + posting("income:salary", elide ? nil : usd(-amount))
        case 2:
            // Savings: only `$` amounts, so hledger's per-commodity assertion sees the whole balance.
            let amount = cents(1_000, 50_000) * (random.next(upTo: 4) == 0 ? -1 : 1)
            savings += amount
            let assertion = random.next(upTo: 2) == 0 ? " = \(dollars(savings))" : ""
            return header(day, "Savings") + posting("assets:savings", usd(amount, symbolOnly: true) + assertion, comment: false)
                + posting("assets:checking", elide ? nil : usd(-amount))
        case 3:
            let amount = cents(5_000, 80_000)
            return header(day, "Card payment") + posting("liabilities:visa", usd(amount))
                + posting("assets:checking", elide ? nil : usd(-amount))
        case 4:
            var text = header(day, "Market")
            let parts = 2 + random.next(upTo: 3)
            var total: Int64 = 0
            for part in 0..<parts {
                let amount = cents(100, 9_000)
                total += amount
                text += posting("expenses:" + Self.categories[(index + part) % Self.categories.count], usd(amount))
            }
            return text + posting(random.next(upTo: 2) == 0 ? "liabilities:visa" : "assets:checking", elide ? nil : usd(-total))
        case 5:
            let amount = cents(100, 20_000)
            let euros = "€\(amount / 100).\(amount % 100 < 10 ? "0" : "")\(amount % 100)"
            return header(day, "Abroad") + posting("expenses:travel", euros) + posting("assets:wallet-eur", elide ? nil : "-" + euros)
        case 6:
            // Identical coffees on the same day: both must stay.
            let coffee = header(day, "Coffee")
            let text = coffee + posting("expenses:dining", "$4.50", comment: false) + posting("assets:cash", nil, comment: false)
            return random.next(upTo: 2) == 0 ? text + "\n" + text : text
        case 7:
            let amount = cents(2_000, 30_000)
            return header(day, "ATM") + posting("assets:cash", usd(amount)) + posting("assets:checking", elide ? nil : usd(-amount))
        default:
            let amount = cents(100, 15_000)
            let payee = Self.payees[random.next(upTo: Self.payees.count)]
            let category = Self.categories[random.next(upTo: Self.categories.count)]
            let from = ["assets:checking", "liabilities:visa", "assets:cash"][random.next(upTo: 3)]
            return header(day, payee) + posting("expenses:" + category, usd(amount)) + posting(from, elide ? nil : usd(-amount))
        }
    }

    private func dollars(_ cents: Int64) -> String {
        let magnitude = cents.magnitude
        return "\(cents < 0 ? "-" : "")$\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }
}
