import KakeiboDomain

/// A seeded generator of realistic household ledgers, as the commands a user would type.
///
/// The household: two earners paid monthly into checking, rent and utilities from checking,
/// day-to-day spending on two cards, cash and PayPal, card bills paid from checking, a monthly
/// transfer to savings, ATM withdrawals, a few split receipts (groceries + household goods) and,
/// at each reconciliation, a few fixes: an amount typed wrong, a payee or category changed, a
/// duplicate voided. About 3.5 events a day, so a million events span some 780 years of
/// dates (LocalDate goes to 9999; start earlier or generate less for more).
///
/// Money is integer cents throughout; amounts are drawn log-normal-ish around each payee's
/// median by `SplitMix64.logNormalPerMille`, never through `Double`.
///
/// Edits and voids name their transaction as `HouseholdGenerator.reference(to: index)`, the
/// index of the command that created it among everything this generator emitted (the ids are
/// only known once recorded). `LedgerLoader` resolves them; the generator only refers back to
/// the previous reconciliation period, so the loader commits at most once per period.
public struct HouseholdGenerator: Sendable {
    public static let currency = Currency.usd
    public static let timeZone = "America/New_York"
    public static let ledgerName = "Benchmark household"

    public private(set) var rng: SplitMix64
    /// Days since 1970-01-01 of the day being generated.
    public private(set) var day: Int
    /// Commands emitted so far; the next command's index.
    public private(set) var commandCount = 0
    /// Events those commands append, counting the `LedgerCreated` that `Ledger.create` records.
    public private(set) var eventCount = 1
    /// Reconcile (edit and void a few of the last period's expenses) every this many months.
    public var reconcileEveryMonths: Int
    /// Per mille of a period's expenses that get edited, and voided, at reconciliation.
    public var editsPerMille: Int
    public var voidsPerMille: Int
    /// Per mille of supermarket trips recorded as a split (groceries + household goods).
    public var splitsPerMille: Int

    private var isSetUp = false
    private var dayDone = false
    private var pendingToday: [LedgerCommand] = []
    private var owed: [String: Int64] = [:]
    private var paypalBalance: Int64 = 0
    private var salaryCents: Int64 = 612_500
    private var partnerSalaryCents: Int64 = 438_000
    private var monthsSinceReconcile = 0
    private var candidates: [Candidate] = []

    private struct Candidate: Sendable {
        var index: Int
        var cents: Int64
        var category: String
    }

    public init(seed: UInt64 = 0x4B61_6B65_6962_6F21, start: LocalDate = Self.defaultStart,
                reconcileEveryMonths: Int = 1, editsPerMille: Int = 15, voidsPerMille: Int = 4, splitsPerMille: Int = 80) {
        rng = SplitMix64(seed: seed)
        day = start.daysSinceEpoch
        self.reconcileEveryMonths = max(1, reconcileEveryMonths)
        self.editsPerMille = editsPerMille
        self.voidsPerMille = voidsPerMille
        self.splitsPerMille = splitsPerMille
    }

    public static var defaultStart: LocalDate { LocalDate(daysSinceEpoch: 10_957) } // 2000-01-01

    // MARK: - References to earlier commands

    /// The placeholder transaction id for the transaction created by command `index`.
    public static func reference(to index: Int) -> String { "@cmd:\(index)" }

    /// The command index a placeholder names, if `id` is one.
    public static func referencedIndex(_ id: String) -> Int? {
        guard id.hasPrefix("@cmd:") else { return nil }
        return Int(id.dropFirst(5))
    }

    /// The command index an edit or void refers to, if it refers to one.
    public static func referencedIndex(of command: LedgerCommand) -> Int? {
        switch command {
        case .editTransaction(let input): referencedIndex(input.id)
        case .voidTransaction(let id, _): referencedIndex(id)
        default: nil
        }
    }

    /// The events one command appends (`addCategory` of a new category opens its account too).
    public static func eventCount(of command: LedgerCommand) -> Int {
        if case .addCategory = command { return 2 }
        return 1
    }

    // MARK: - Accounts and categories

    public static let accounts: [(name: String, type: AccountType?)] = [
        ("assets:bank:checking", nil), ("assets:bank:savings", nil), ("assets:cash", nil), ("assets:paypal", nil),
        ("liabilities:visa", nil), ("liabilities:amex", nil), ("equity:opening-balances", nil),
    ]
    public static let expenseCategories = [
        "groceries", "dining", "coffee", "transport", "fuel", "rent", "utilities", "phone", "internet",
        "subscriptions", "health", "clothing", "household", "entertainment", "gifts",
    ]
    public static let incomeCategories = ["salary", "interest"]

    static let checking = "assets:bank:checking", savings = "assets:bank:savings", cash = "assets:cash"
    static let paypal = "assets:paypal", visa = "liabilities:visa", amex = "liabilities:amex"

    /// Accounts, categories and opening balances: the commands after `createLedger`.
    public mutating func setup() -> [LedgerCommand] {
        precondition(!isSetUp, "setup() runs once")
        isSetUp = true
        var commands: [LedgerCommand] = Self.accounts.map { .openAccount(name: $0.name, type: $0.type, currency: nil) }
        let hues = [120, 20, 30, 210, 0, 280, 50, 190, 200, 300, 340, 320, 90, 260, 350]
        for (index, name) in Self.expenseCategories.enumerated() {
            commands.append(.addCategory(.init(name: name, type: .expense, hue: hues[index])))
        }
        for name in Self.incomeCategories { commands.append(.addCategory(.init(name: name, type: .income))) }
        let date = LocalDate(daysSinceEpoch: day)
        commands.append(.makeTransfer(.init(amount: "8250.00", date: date, from: "equity:opening-balances", to: Self.checking,
                                            memo: "Opening balance")))
        commands.append(.makeTransfer(.init(amount: "21400.00", date: date, from: "equity:opening-balances", to: Self.savings,
                                            memo: "Opening balance")))
        paypalBalance = 0
        return emit(commands)
    }

    // MARK: - Generating

    /// Setup (if not done yet), then day after day of household life until `events` events
    /// (counting `LedgerCreated`) are reached. Stops mid-day if need be; the next call goes on.
    public mutating func household(events target: Int) -> [LedgerCommand] {
        var commands: [LedgerCommand] = []
        if !isSetUp { commands += setup() }
        while eventCount < target {
            while pendingToday.isEmpty { pendingToday = generateDay() }
            let command = pendingToday.removeFirst()
            commands.append(command)
            commandCount += 1
            eventCount += Self.eventCount(of: command)
        }
        return commands
    }

    /// `count` everyday expenses (no income, transfers or edits): the batch-append workload.
    public mutating func expenses(_ count: Int) -> [LedgerCommand] {
        if !isSetUp { _ = setup() }
        var commands: [LedgerCommand] = []
        commands.reserveCapacity(count)
        var today = 0
        let perDay = 4
        while commands.count < count {
            if today == perDay { day += 1; today = 0 }
            let date = LocalDate(daysSinceEpoch: day)
            let payee = Self.payees[rng.weighted(Self.payeeWeights)]
            let cents = amount(for: payee)
            let from = payee.methods[rng.weighted(payee.methodWeights)]
            commands.append(.captureExpense(.init(amount: Self.format(cents), date: date, from: from, to: payee.category,
                                                  payee: payee.name)))
            today += 1
        }
        return emit(commands)
    }

    /// One everyday expense dated the current day.
    public mutating func expense(memo: String? = nil) -> LedgerCommand {
        if !isSetUp { _ = setup() }
        let payee = Self.payees[rng.weighted(Self.payeeWeights)]
        let cents = amount(for: payee)
        let from = payee.methods[rng.weighted(payee.methodWeights)]
        return emit([.captureExpense(.init(amount: Self.format(cents), date: LocalDate(daysSinceEpoch: day), from: from,
                                           to: payee.category, payee: payee.name, memo: memo))])[0]
    }

    private mutating func emit(_ commands: [LedgerCommand]) -> [LedgerCommand] {
        precondition(pendingToday.isEmpty, "finish the day household(events:) started before emitting other commands")
        commandCount += commands.count
        eventCount += commands.reduce(0) { $0 + Self.eventCount(of: $1) }
        return commands
    }

    /// Everything that happens on `day`, then moves to the next day. Command indices are
    /// assigned in order as `household(events:)` hands the commands out.
    private mutating func generateDay() -> [LedgerCommand] {
        defer { day += 1 }
        let date = LocalDate(daysSinceEpoch: day)
        var commands: [LedgerCommand] = []
        var nextIndex: Int { commandCount + pendingToday.count + commands.count }
        func add(_ command: LedgerCommand) { commands.append(command) }
        func expense(_ cents: Int64, from: String, category: String, payee: String, memo: String? = nil,
                     candidate: Bool = true) {
            if candidate { candidates.append(Candidate(index: nextIndex, cents: cents, category: category)) }
            spend(cents, from: from)
            add(.captureExpense(.init(amount: Self.format(cents), date: date, from: from, to: category, payee: payee, memo: memo)))
        }

        switch date.day {
        case 1:
            monthsSinceReconcile += 1
            if monthsSinceReconcile >= reconcileEveryMonths {
                monthsSinceReconcile = 0
                commands += reconcile(date: date)
            }
            expense(245_000, from: Self.checking, category: "rent", payee: "Greenview Property Mgmt", memo: "Rent", candidate: false)
            if date.month == 1 { // yearly raises, capped so centuries of data cannot overflow Int64 balances
                salaryCents = min(1_500_000, salaryCents + salaryCents * Int64(rng.int(in: 15...45)) / 1000)
                partnerSalaryCents = min(1_100_000, partnerSalaryCents + partnerSalaryCents * Int64(rng.int(in: 15...45)) / 1000)
            }
        case 3: expense(1549, from: Self.visa, category: "subscriptions", payee: "Netflix", candidate: false)
        case 5: expense(scaled(9_800), from: Self.checking, category: "utilities", payee: "ConEdison")
        case 8: expense(8_500, from: Self.visa, category: "phone", payee: "Verizon Wireless", candidate: false)
        case 10:
            add(.recordIncome(.init(amount: Self.format(partnerSalaryCents), date: date, from: "salary", to: Self.checking,
                                    payee: "City Hospital", memo: "Payroll")))
        case 12: expense(6_999, from: Self.checking, category: "internet", payee: "Spectrum", candidate: false)
        case 17: expense(1199, from: Self.amex, category: "subscriptions", payee: "Spotify", candidate: false)
        case 18: payCard(Self.visa, date: date, into: &commands)
        case 21: expense(299, from: Self.visa, category: "subscriptions", payee: "Apple iCloud", candidate: false)
        case 22: payCard(Self.amex, date: date, into: &commands)
        case 25:
            add(.recordIncome(.init(amount: Self.format(salaryCents), date: date, from: "salary", to: Self.checking,
                                    payee: "Acme Corp", memo: "Payroll")))
        case 26:
            add(.makeTransfer(.init(amount: "1500.00", date: date, from: Self.checking, to: Self.savings, memo: "Monthly saving")))
        case 28:
            add(.recordIncome(.init(amount: Self.format(scaled(2_400, spread: 2)), date: date, from: "interest", to: Self.savings,
                                    payee: "Ally Bank")))
        default: break
        }

        if rng.chance(perMille: 140) {
            let cents: Int64 = [6_000, 10_000, 20_000][rng.weighted([5, 4, 1])]
            add(.makeTransfer(.init(amount: Self.format(cents), date: date, from: Self.checking, to: Self.cash, payee: "ATM")))
        }
        if paypalBalance < 5_000 {
            add(.makeTransfer(.init(amount: "100.00", date: date, from: Self.checking, to: Self.paypal, memo: "Top up")))
            paypalBalance += 10_000
        }

        let count = rng.weighted([10, 18, 22, 20, 14, 9, 5, 2])
        for _ in 0..<count {
            let payee = Self.payees[rng.weighted(Self.payeeWeights)]
            let cents = amount(for: payee)
            let from = payee.methods[rng.weighted(payee.methodWeights)]
            if payee.canSplit, cents > 3_000, rng.chance(perMille: splitsPerMille) {
                let household = max(100, cents * Int64(rng.int(in: 150...450)) / 1000)
                spend(cents, from: from)
                add(.recordTransaction(.init(date: date, payee: payee.name, memo: "Split receipt", postings: [
                    .init(account: "expenses:groceries", amount: Self.format(cents - household)),
                    .init(account: "expenses:household", amount: Self.format(household), memo: "Cleaning, paper goods"),
                    .init(account: from, amount: nil),
                ])))
            } else {
                let memo: String? = rng.chance(perMille: 60) ? payee.memos[rng.below(payee.memos.count)] : nil
                expense(cents, from: from, category: payee.category, payee: payee.name, memo: memo)
            }
        }
        return commands
    }

    /// Fixes a few of the last period's expenses: wrong amount, payee, category or memo; a duplicate voided.
    private mutating func reconcile(date: LocalDate) -> [LedgerCommand] {
        var commands: [LedgerCommand] = []
        for candidate in candidates {
            let id = Self.reference(to: candidate.index)
            if rng.chance(perMille: voidsPerMille) {
                commands.append(.voidTransaction(id: id, reason: "Duplicate of the card statement line"))
            } else if rng.chance(perMille: editsPerMille) {
                switch rng.below(4) {
                case 0:
                    let fixed = max(1, candidate.cents + Int64(rng.int(in: -900...900)))
                    commands.append(.editTransaction(.init(id: id, amount: Self.format(fixed == candidate.cents ? fixed + 1 : fixed),
                                                           reason: "Amount per statement")))
                case 1:
                    let category = Self.expenseCategories.filter { $0 != candidate.category && $0 != "rent" }
                    commands.append(.editTransaction(.init(id: id, category: category[rng.below(category.count)],
                                                           reason: "Recategorised")))
                case 2:
                    commands.append(.editTransaction(.init(id: id, payee: Self.payees[rng.below(Self.payees.count)].name + " #2",
                                                           reason: "Payee per statement")))
                default:
                    commands.append(.editTransaction(.init(id: id, memo: "Checked against statement \(date)")))
                }
            }
        }
        candidates.removeAll(keepingCapacity: true)
        return commands
    }

    private mutating func payCard(_ card: String, date: LocalDate, into commands: inout [LedgerCommand]) {
        let due = owed[card, default: 0]
        guard due > 0 else { return }
        owed[card] = 0
        commands.append(.makeTransfer(.init(amount: Self.format(due), date: date, from: Self.checking, to: card,
                                            payee: card == Self.visa ? "Chase Visa" : "American Express", memo: "Card payment")))
    }

    private mutating func spend(_ cents: Int64, from account: String) {
        if account.hasPrefix("liabilities:") { owed[account, default: 0] += cents }
        if account == Self.paypal { paypalBalance -= cents }
    }

    private mutating func scaled(_ median: Int64, spread: Int = 1) -> Int64 {
        max(1, median * rng.logNormalPerMille(spread: spread) / 1000)
    }

    private mutating func amount(for payee: Payee) -> Int64 {
        scaled(payee.medianCents, spread: payee.spread)
    }

    /// Cents as the decimal text the CLI takes: 123456 → "1234.56".
    public static func format(_ cents: Int64) -> String {
        let units = cents / 100, rest = cents % 100
        return "\(units)." + (rest < 10 ? "0" : "") + "\(rest)"
    }

    // MARK: - Payees

    struct Payee: Sendable {
        var name: String
        var category: String
        var medianCents: Int64
        var spread: Int
        var weight: Int
        var methods: [String]
        var methodWeights: [Int]
        var canSplit = false
        var memos: [String] = ["", "Reimbursable", "Shared with Sam", "Birthday"].filter { !$0.isEmpty }
    }

    static let cards = [visa, amex, checking, cash, paypal]
    static let payees: [Payee] = [
        // name, category, median, spread, weight, methods
        Payee(name: "Whole Foods Market", category: "groceries", medianCents: 6_400, spread: 1, weight: 70,
              methods: cards, methodWeights: [55, 25, 15, 5, 0], canSplit: true),
        Payee(name: "Trader Joe's", category: "groceries", medianCents: 4_200, spread: 1, weight: 80,
              methods: cards, methodWeights: [50, 20, 15, 15, 0]),
        Payee(name: "Safeway", category: "groceries", medianCents: 5_500, spread: 1, weight: 60,
              methods: cards, methodWeights: [50, 25, 20, 5, 0], canSplit: true),
        Payee(name: "Costco", category: "groceries", medianCents: 18_500, spread: 2, weight: 20,
              methods: cards, methodWeights: [70, 0, 30, 0, 0], canSplit: true),
        Payee(name: "Aldi", category: "groceries", medianCents: 3_100, spread: 1, weight: 40,
              methods: cards, methodWeights: [40, 10, 30, 20, 0]),
        Payee(name: "Union Square Greenmarket", category: "groceries", medianCents: 2_200, spread: 1, weight: 15,
              methods: cards, methodWeights: [0, 0, 0, 100, 0]),
        Payee(name: "Chipotle", category: "dining", medianCents: 1_450, spread: 1, weight: 35,
              methods: cards, methodWeights: [50, 30, 5, 15, 0]),
        Payee(name: "Olive Garden", category: "dining", medianCents: 5_800, spread: 1, weight: 10,
              methods: cards, methodWeights: [40, 50, 5, 5, 0]),
        Payee(name: "Sushi Zen", category: "dining", medianCents: 7_200, spread: 2, weight: 8,
              methods: cards, methodWeights: [30, 60, 5, 5, 0]),
        Payee(name: "Joe's Pizza", category: "dining", medianCents: 2_600, spread: 1, weight: 20,
              methods: cards, methodWeights: [40, 10, 5, 45, 0]),
        Payee(name: "Thai Basil", category: "dining", medianCents: 3_900, spread: 1, weight: 15,
              methods: cards, methodWeights: [50, 30, 5, 15, 0]),
        Payee(name: "Starbucks", category: "coffee", medianCents: 640, spread: 1, weight: 90,
              methods: cards, methodWeights: [50, 10, 5, 35, 0]),
        Payee(name: "Blue Bottle Coffee", category: "coffee", medianCents: 580, spread: 1, weight: 40,
              methods: cards, methodWeights: [40, 10, 0, 50, 0]),
        Payee(name: "Dunkin'", category: "coffee", medianCents: 420, spread: 1, weight: 40,
              methods: cards, methodWeights: [30, 0, 0, 70, 0]),
        Payee(name: "Uber", category: "transport", medianCents: 1_850, spread: 2, weight: 25,
              methods: cards, methodWeights: [40, 60, 0, 0, 0]),
        Payee(name: "Lyft", category: "transport", medianCents: 1_700, spread: 2, weight: 12,
              methods: cards, methodWeights: [60, 40, 0, 0, 0]),
        Payee(name: "MTA MetroCard", category: "transport", medianCents: 3_300, spread: 1, weight: 20,
              methods: cards, methodWeights: [60, 0, 20, 20, 0]),
        Payee(name: "Shell", category: "fuel", medianCents: 5_200, spread: 1, weight: 15,
              methods: cards, methodWeights: [70, 10, 20, 0, 0]),
        Payee(name: "Exxon", category: "fuel", medianCents: 5_000, spread: 1, weight: 10,
              methods: cards, methodWeights: [70, 10, 20, 0, 0]),
        Payee(name: "CVS Pharmacy", category: "health", medianCents: 2_300, spread: 2, weight: 15,
              methods: cards, methodWeights: [60, 10, 20, 10, 0]),
        Payee(name: "Dr. Patel Family Practice", category: "health", medianCents: 4_000, spread: 1, weight: 3,
              methods: cards, methodWeights: [30, 0, 70, 0, 0]),
        Payee(name: "Uniqlo", category: "clothing", medianCents: 6_500, spread: 2, weight: 6,
              methods: cards, methodWeights: [60, 40, 0, 0, 0]),
        Payee(name: "Target", category: "household", medianCents: 4_800, spread: 2, weight: 25,
              methods: cards, methodWeights: [60, 20, 20, 0, 0], canSplit: true),
        Payee(name: "IKEA", category: "household", medianCents: 12_000, spread: 2, weight: 3,
              methods: cards, methodWeights: [70, 30, 0, 0, 0]),
        Payee(name: "Home Depot", category: "household", medianCents: 6_800, spread: 2, weight: 6,
              methods: cards, methodWeights: [70, 10, 20, 0, 0]),
        Payee(name: "Amazon", category: "household", medianCents: 3_400, spread: 2, weight: 35,
              methods: cards, methodWeights: [50, 20, 0, 0, 30]),
        Payee(name: "AMC Theatres", category: "entertainment", medianCents: 3_200, spread: 1, weight: 6,
              methods: cards, methodWeights: [60, 40, 0, 0, 0]),
        Payee(name: "Steam", category: "entertainment", medianCents: 2_400, spread: 2, weight: 6,
              methods: cards, methodWeights: [30, 0, 0, 0, 70]),
        Payee(name: "Barnes & Noble", category: "entertainment", medianCents: 2_700, spread: 1, weight: 6,
              methods: cards, methodWeights: [60, 20, 0, 20, 0]),
        Payee(name: "Etsy", category: "gifts", medianCents: 4_500, spread: 2, weight: 5,
              methods: cards, methodWeights: [40, 0, 0, 0, 60]),
    ]
    static let payeeWeights = payees.map(\.weight)
}
