import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// Builds the glanceable widget documents from the projections inside one read transaction.
struct WidgetSnapshotBuilder {
    let db: Database
    let asOf: LocalDate

    static let recentTransferCount = 10

    func documents() throws -> [WidgetDocument] {
        let store = SQLiteProjectionStore(db: db)
        guard let settings = try store.settings() else { throw LedgerError.ledgerNotInitialised }
        let position = try EventLog.head(in: db).position
        let currency = settings.baseCurrency
        func document(_ kind: String, _ body: [String: JSONValue]) -> WidgetDocument {
            WidgetDocument(kind: kind, asOf: asOf, logPosition: position, body: body)
        }
        func document<Body: WidgetBody>(_ body: Body) throws -> WidgetDocument {
            try WidgetDocument(body, asOf: asOf, logPosition: position)
        }
        let widgets = [
            document("income", try income(currency)),
            document("budgets", try budgets(currency)),
            document("expenses", try expenses(currency)),
            try document(transfers(currency)),
            document("accounts", try accounts()),
            document("forecast", ["currency": .string(currency.code), "forecasts": try Ledger.spendForecasts(db, asOf: asOf).json,
                                  "note": "per expense category: the rest of this month and the next, a point and an 80 % interval"]),
            document("trend", try trend(currency)),
        ]
        let index = document("index", [
            "documents": .array(widgets.map { widget in
                ["file": .string(widget.fileName), "kind": widget.json["kind"] ?? .null,
                 "schema": .string("widgets/\(widget.json["kind"]?.stringValue ?? "").schema.json"),
                 "contentHash": .string(widget.contentHash)]
            }),
        ])
        return widgets + [index]
    }

    private var week: PlanPeriod { PeriodLength.weekly.period(containing: asOf) }
    private var month: PlanPeriod { PeriodLength.monthly.period(containing: asOf) }

    func money(_ minorUnits: Int64, _ currency: Currency) -> JSONValue {
        .string(amount(minorUnits, currency))
    }

    /// An amount as the documents write it: a decimal string at the currency's precision.
    func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).decimalString
    }

    private func ratio(_ numerator: Int64, _ denominator: Int64?) -> [String: JSONValue] {
        let basisPoints = denominator.flatMap { BasisPoints.rounded(numerator, $0) } // shown: rounded half to even (N22)
        return ["ratio": basisPoints.map { .string(BasisPoints.decimalString($0)) } ?? .null,
                "ratioBasisPoints": basisPoints.map(JSONValue.int) ?? .null]
    }

    func span(_ period: PlanPeriod) -> [String: JSONValue] {
        ["period": .string(period.description), "start": .string(period.start.description), "end": .string(period.end.description)]
    }

    // MARK: - Income

    /// Income this week against the goal, and the month week by week.
    private func income(_ currency: Currency) throws -> [String: JSONValue] {
        let from = min(week.start, month.start)
        var byDate: [LocalDate: Int64] = [:]
        for row in try Ledger.dailyNet(db, type: .income, from: from, through: asOf) where row.amount.currency == currency {
            byDate[row.date, default: 0] &-= row.amount.minorUnits // income accounts hold credits
        }
        func earned(_ start: LocalDate, _ end: LocalDate) -> Int64 {
            byDate.filter { $0.key >= start && $0.key <= end && $0.key <= asOf }.values.reduce(0, &+)
        }
        let goals = try SQLiteProjectionStore(db: db).incomeGoals()
        func goal(for period: PlanPeriod) -> Int64? {
            guard let goal = goals.inForce(for: period), goal.length == period.length, goal.amount.currency == currency else { return nil }
            return goal.amount.minorUnits
        }
        let weekEarned = earned(week.start, week.end), monthEarned = earned(month.start, month.end)
        var thisWeek = span(week).merging(ratio(weekEarned, goal(for: week))) { $1 }
        thisWeek["earned"] = money(weekEarned, currency)
        thisWeek["goal"] = goal(for: week).map { money($0, currency) } ?? .null
        var weeks: [JSONValue] = []
        var w = PeriodLength.weekly.period(containing: month.start)
        while w.start <= month.end {
            var item = span(w)
            item["earned"] = money(earned(max(w.start, month.start), min(w.end, month.end)), currency)
            weeks.append(.object(item))
            w = w.next
        }
        var thisMonth = span(month).merging(ratio(monthEarned, goal(for: month))) { $1 }
        thisMonth["earned"] = money(monthEarned, currency)
        thisMonth["goal"] = goal(for: month).map { money($0, currency) } ?? .null
        thisMonth["weeks"] = .array(weeks)
        let report = try Ledger.goalReport(db, asOf: asOf)
        let goalSummary: JSONValue = report.length.map { length in
            ["length": .string(length.rawValue), "streak": .int(Int64(report.streak)), "current": report.current?.json ?? .null]
        } ?? .null
        return ["currency": .string(currency.code), "thisWeek": .object(thisWeek), "month": .object(thisMonth), "goal": goalSummary]
    }

    // MARK: - Budgets

    /// This month's and this week's budgets, counting spending up to the as-of date.
    private func budgets(_ currency: Currency) throws -> [String: JSONValue] {
        func summary(_ period: PlanPeriod) throws -> JSONValue {
            let report = try Ledger.budgetCalculator(db, through: period, asOf: asOf).report(for: period)
            func figures(_ f: BudgetFigures) -> [String: JSONValue] {
                var object = ratio(f.spent, f.funds > 0 ? f.funds : nil)
                object["spendRatio"] = object.removeValue(forKey: "ratio")
                object["spendRatioBasisPoints"] = object.removeValue(forKey: "ratioBasisPoints")
                object["budgeted"] = money(f.budgeted, f.currency)
                object["carriedIn"] = money(f.carriedIn, f.currency)
                object["spent"] = money(f.spent, f.currency)
                object["available"] = money(f.available, f.currency)
                object["band"] = .int(Int64(f.band))
                object["currency"] = .string(f.currency.code)
                return object
            }
            let total = report.totals.first { $0.figures.currency == currency }?.figures ?? BudgetFigures(currency: currency)
            var object = span(period)
            object["total"] = .object(figures(total))
            object["categories"] = .array(report.lines.map { line in
                var item = figures(line.total)
                item["account"] = .string(line.account.rawValue)
                item["name"] = .string(line.displayName ?? line.account.components.last.map(String.init) ?? line.account.rawValue)
                item["hue"] = .int(Int64(line.hue ?? Category.defaultHue(for: line.account.rawValue)))
                item["icon"] = .string(line.icon ?? "tag")
                item["depth"] = .int(Int64(line.depth))
                item["hasBudget"] = .bool(line.own != nil)
                return .object(item)
            })
            return .object(object)
        }
        return ["currency": .string(currency.code), "month": try summary(month), "week": try summary(week)]
    }

    // MARK: - Expenses

    /// This month's spending per expense category, largest first, with the category's hue and icon.
    /// Spending in another commodity counts as budgets count it (`Ledger.budgetSpending`): at its own
    /// cost in the base currency, else at the `P` price of its date; what no price reaches is listed
    /// under `foreign.unconverted`, never added. So the Spending and Budgets pages agree (B22).
    private func expenses(_ currency: Currency) throws -> [String: JSONValue] {
        let categories = Dictionary(uniqueKeysWithValues: try Ledger.expenseCategories(db).map { ($0.accountID, $0) })
        var byAccount: [String: Int64] = [:]
        let through = min(asOf, month.end)
        for spend in try Ledger.budgetSpending(db, from: month.start, through: through) where spend.amount.currency == currency {
            byAccount[spend.accountID, default: 0] &+= spend.amount.minorUnits
        }
        let total = byAccount.values.reduce(0, &+)
        let items = byAccount.filter { $0.value != 0 }.compactMap { id, amount -> (AccountName, Int64, BudgetCalculator.Category)? in
            categories[id].map { ($0.name, amount, $0) }
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        var document: [String: JSONValue] = [
            "currency": .string(currency.code),
            "month": .object(span(month)),
            "total": money(total, currency),
            "categories": .array(items.map { name, amount, category in
                var item = ratio(amount, total > 0 ? total : nil)
                item["share"] = item.removeValue(forKey: "ratio")
                item["shareBasisPoints"] = item.removeValue(forKey: "ratioBasisPoints")
                item["account"] = .string(name.rawValue)
                item["name"] = .string(category.category?.displayName ?? name.components.last.map(String.init) ?? name.rawValue)
                item["hue"] = .int(Int64(category.category?.hue ?? Category.defaultHue(for: name.rawValue)))
                item["icon"] = .string(category.category?.icon ?? "tag")
                item["amount"] = money(amount, currency)
                return .object(item)
            }),
        ]
        // Only when the month has foreign spending, so one-currency snapshots keep their bytes.
        let foreign = try Ledger.foreignSpending(db, from: month.start, through: through)
        if !foreign.isEmpty { document["foreign"] = try foreignSpending(foreign, currency) }
        return document
    }

    /// The month's foreign expense postings: how much of the total they make, each one with how it was
    /// counted (`cost`, `estimated` at a `P` price, or `unconverted`), and what stays uncounted per account.
    private func foreignSpending(_ spends: [BudgetReport.ForeignSpend], _ currency: Currency) throws -> JSONValue {
        var counted = WideSum()
        var unconverted: [String: Money] = [:]
        for spend in spends {
            if let value = spend.counted { counted.add(value.minorUnits); continue }
            let key = spend.account.rawValue + "\u{1F}" + spend.original.currency.code
            do { unconverted[key] = try (unconverted[key] ?? .zero(spend.original.currency)).adding(spend.original) } catch {
                throw LedgerError.money(error)
            }
        }
        guard let countedTotal = counted.value else { throw LedgerError.balanceOverflow(account: "expenses", total: true) }
        return [
            "counted": money(countedTotal, currency),
            "items": .array(spends.map { spend in
                ["account": .string(spend.account.rawValue), "date": .string(spend.date.description),
                 "amount": .string(spend.original.decimalString), "commodity": .string(spend.original.currency.code),
                 "counted": spend.counted.map { .string($0.decimalString) } ?? .null, "basis": .string(spend.basis.rawValue)]
            }),
            "unconverted": .array(unconverted.keys.sorted().compactMap { key in
                unconverted[key].flatMap { amount in
                    amount.isZero ? nil : ["account": .string(String(key.prefix { $0 != "\u{1F}" })),
                                           "amount": .string(amount.decimalString), "commodity": .string(amount.currency.code)]
                }
            }),
        ]
    }

    // MARK: - Transfers

    /// The latest transfers up to the as-of date, and this month's total.
    private func transfers(_ currency: Currency) throws -> TransfersWidget {
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.txn_id, t.date, t.payee, t.memo, a.name, p.amount, p.currency, t.first_position
            FROM transactions t JOIN postings p USING (txn_id) JOIN accounts a USING (account_id)
            WHERE t.kind = 'transfer' AND t.date <= ? AND t.date >= ?
            ORDER BY t.date DESC, t.first_position DESC, p.line
            """, arguments: [asOf.description, min(month.start, asOf.adding(days: -366)).description])
        struct Transfer { var id: String; var date: String; var note: String?; var from = ""; var to = ""; var amount: Int64 = 0; var currency = "" }
        var transfers: [Transfer] = []
        for row in rows {
            let id: String = row[0]
            if transfers.last?.id != id {
                transfers.append(Transfer(id: id, date: row[1], note: (row[2] as String?) ?? (row[3] as String?)))
            }
            let amount = try row.minorUnits(atIndex: 5, table: "postings")
            if amount > 0 {
                transfers[transfers.count - 1].to = row[4]
                transfers[transfers.count - 1].amount = amount
                transfers[transfers.count - 1].currency = row[6]
            } else {
                transfers[transfers.count - 1].from = row[4]
            }
        }
        let inMonth = transfers.filter { $0.date >= month.start.description && $0.currency == currency.code }
        return TransfersWidget(
            currency: currency.code,
            month: .init(period: month.description, start: month.start.description, end: month.end.description,
                         total: amount(inMonth.reduce(0) { $0 &+ $1.amount }, currency), count: inMonth.count),
            recent: try transfers.prefix(Self.recentTransferCount).map { transfer in
                .init(id: transfer.id, date: transfer.date, from: transfer.from, to: transfer.to,
                      amount: Money(minorUnits: transfer.amount, currency: try db.commodityForCode(transfer.currency)).decimalString,
                      currency: transfer.currency, note: transfer.note)
            })
    }

    // MARK: - Accounts

    /// Asset and liability balances on the as-of date, and net worth per currency.
    private func accounts() throws -> [String: JSONValue] {
        // Today's balances minus what is dated after the as-of date: the work grows with the
        // postings after it (usually none), not with the whole history. CROSS JOIN keeps SQLite
        // on the date index instead of scanning every posting of the asset accounts.
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, type, currency, SUM(amount) FROM (
                SELECT a.name, a.type, b.currency, b.amount
                FROM balances b JOIN accounts a USING (account_id) WHERE a.type IN ('asset', 'liability')
                UNION ALL
                SELECT a.name, a.type, p.currency, -p.amount
                FROM transactions t CROSS JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id
                WHERE t.date > ? AND a.type IN ('asset', 'liability'))
            GROUP BY name, currency HAVING SUM(amount) != 0
            """, arguments: [asOf.description])
        var balances: [(name: AccountName, type: String, amount: Money)] = []
        for row in rows {
            balances.append((try AccountName(row[0]), row[1], Money(minorUnits: try row.minorUnits(atIndex: 3, table: "balances"),
                                                                        currency: try db.commodityForCode(row[2]))))
        }
        balances.sort { $0.name != $1.name ? $0.name < $1.name : $0.amount.currency < $1.amount.currency }
        var netWorth: [Currency: (assets: Int64, liabilities: Int64)] = [:]
        for balance in balances {
            var entry = netWorth[balance.amount.currency] ?? (0, 0)
            if balance.type == "asset" { entry.assets &+= balance.amount.minorUnits } else { entry.liabilities &+= balance.amount.minorUnits }
            netWorth[balance.amount.currency] = entry
        }
        return try [
            "accounts": .array(balances.map { balance in
                ["account": .string(balance.name.rawValue), "type": .string(balance.type),
                 "amount": .string(balance.amount.decimalString), "currency": .string(balance.amount.currency.code)]
            }),
        ].merging(valuedNetWorth(balances.map(\.amount))) { a, _ in a }.merging([
            "netWorth": .array(netWorth.keys.sorted().map { currency in
                let entry = netWorth[currency]!
                return ["currency": .string(currency.code), "assets": money(entry.assets, currency),
                        "liabilities": money(entry.liabilities, currency), "amount": money(entry.assets &+ entry.liabilities, currency)]
            }),
        ]) { a, _ in a }
    }
}
