import KakeiboDomain

/// A small built-in list of well-known merchants for a cold start: before the ledger has learned
/// anything about a payee, `SHELL 0423 KL` can still go to the ledger's fuel category.
///
/// Each entry maps payee words to category names in order of preference; the first name that
/// matches one of the ledger's own expense categories (by the last part of its account name or
/// by its display name, ignoring case) wins, so the lexicon never invents a category. Its
/// confidence is a fixed `confidenceBasisPoints`, lower than what learned evidence reaches,
/// and the suggester consults it only when no payee word has learned evidence.
public enum CategoryLexicon {
    /// A ledger category the lexicon may point at.
    public struct Category: Hashable, Sendable {
        public var accountID: String
        /// Lowercased names it answers to: the account name's last part and the display name.
        public var names: Set<String>
        public init(accountID: String, accountName: String, displayName: String?) {
            self.accountID = accountID
            var names: Set<String> = [String(accountName.split(separator: ":").last ?? Substring(accountName)).lowercased()]
            if let displayName { names.insert(displayName.lowercased()) }
            self.names = names
        }
    }

    /// 65 %: on generated bank descriptors the lexicon alone was right ≥ 90 % of the times it
    /// answered (see `CategorySuggesterTests`), but a keyword is weaker evidence than the user's own
    /// history — an ESSO charge may be a car wash — so it stays just above the default threshold.
    public static let confidenceBasisPoints: Int64 = 6_500

    static let fuel = ["fuel", "petrol", "gas", "gasoline", "car", "auto", "transport", "transportation"]
    static let groceries = ["groceries", "grocery", "supermarket", "food"]
    static let subscriptions = ["subscriptions", "subscription", "streaming", "entertainment"]
    static let dining = ["dining", "restaurants", "restaurant", "eating out", "cafe", "coffee", "food"]
    static let transport = ["transport", "transportation", "travel", "taxi", "commute"]
    static let health = ["health", "pharmacy", "medical", "healthcare"]
    static let utilities = ["utilities", "bills", "phone", "internet"]

    /// Payee word → category names, most specific first.
    static let entries: [String: [String]] = {
        var table: [String: [String]] = [:]
        func add(_ words: [String], _ names: [String]) { for word in words { table[word] = names } }
        add(["shell", "petronas", "esso", "caltex", "chevron", "exxon", "exxonmobil", "mobil", "texaco", "sunoco", "petron", "bp"], fuel)
        add(["tesco", "aeon", "giant", "walmart", "kroger", "safeway", "lidl", "aldi", "carrefour", "sainsbury", "sainsburys", "asda",
             "waitrose", "publix", "mydin", "jaya", "lotus", "lotuss", "woolworths", "coles", "albertsons", "wegmans", "heb"], groceries)
        add(["netflix", "spotify", "hulu", "disneyplus", "icloud", "patreon", "audible", "youtubepremium", "crunchyroll"], subscriptions)
        add(["starbucks", "mcdonald", "mcdonalds", "kfc", "chipotle", "dominos", "subway", "tim", "hortons", "dunkin", "pizza",
             "cafe", "coffee", "restaurant", "grabfood", "foodpanda", "doordash", "ubereats", "sushi", "burger"], dining)
        add(["uber", "lyft", "grab", "taxi", "mrt", "lrt", "transit", "metro", "parking", "toll", "rapidkl"], transport)
        add(["pharmacy", "cvs", "walgreens", "watsons", "guardian", "clinic", "dental", "hospital"], health)
        add(["tnb", "comcast", "verizon", "unifi", "maxis", "celcom", "digi"], utilities)
        return table
    }()

    /// The first payee word with an entry that names one of `categories`, with that word as evidence.
    public static func match(tokens: [String], categories: [Category]) -> (accountID: String, keyword: String)? {
        for token in tokens {
            guard let names = entries[token] else { continue }
            for name in names {
                // Several categories may share a name (expenses:car:fuel, expenses:fuel): the
                // smallest account id decides, so the answer never depends on query order.
                if let hit = categories.filter({ $0.names.contains(name) }).map(\.accountID).min() {
                    return (hit, token)
                }
            }
        }
        return nil
    }
}
