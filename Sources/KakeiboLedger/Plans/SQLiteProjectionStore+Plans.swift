import GRDB
import KakeiboDomain

// The plans projection (Migrations/0003): budget definitions and income goals, append only.

extension SQLiteProjectionStore {
    func insertBudgetDefinition(_ definition: BudgetDefinition) throws {
        let budget = definition.budget
        try db.cachedStatement(sql: """
            INSERT INTO budget_definitions (account_id, position, effective_from, period, amount, currency, rollover)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [definition.accountID, definition.position, definition.effectiveFrom.description,
                                     budget?.length.rawValue, budget?.amount.minorUnits, budget?.amount.currency.code,
                                     budget?.rollover.rawValue])
    }

    func insertIncomeGoal(_ goal: IncomeGoal) throws {
        try db.cachedStatement(sql: """
            INSERT INTO income_goals (position, effective_from, period, amount, currency) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [goal.position, goal.effectiveFrom.description, goal.length.rawValue,
                                     goal.amount.minorUnits, goal.amount.currency.code])
    }

    func budgetDefinitions(accountID: String) throws -> [BudgetDefinition] {
        try fetchBudgetDefinitions(where: "account_id = ?", [accountID])
    }

    /// Every definition of every category, in log order.
    func allBudgetDefinitions() throws -> [BudgetDefinition] {
        try fetchBudgetDefinitions(where: "1", [])
    }

    func incomeGoals() throws -> [IncomeGoal] {
        try Row.fetchAll(db, sql: "SELECT position, effective_from, period, amount, currency FROM income_goals ORDER BY position")
            .map { row in
                guard let length = PeriodLength(rawValue: row[2]) else {
                    throw LedgerError.malformedEvent(type: "IncomeGoalSet", reason: "unknown period in projection")
                }
                return IncomeGoal(position: row[0], length: length, amount: Money(minorUnits: row[3], currency: try planCurrency(row[4])),
                                  effectiveFrom: try LocalDate(iso: row[1]))
            }
    }

    private func fetchBudgetDefinitions(where condition: String, _ arguments: StatementArguments) throws -> [BudgetDefinition] {
        let sql = """
            SELECT account_id, position, effective_from, period, amount, currency, rollover FROM budget_definitions
            WHERE \(condition) ORDER BY position
            """
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            var budget: BudgetDefinition.Budget?
            if let period: String = row[3] {
                guard let length = PeriodLength(rawValue: period), let rollover = Rollover(rawValue: row[6]) else {
                    throw LedgerError.malformedEvent(type: "BudgetSet", reason: "unknown period or rollover in projection")
                }
                budget = .init(length: length, amount: Money(minorUnits: row[4], currency: try planCurrency(row[5])), rollover: rollover)
            }
            return BudgetDefinition(accountID: row[0], position: row[1], effectiveFrom: try LocalDate(iso: row[2]), budget: budget)
        }
    }

    private func planCurrency(_ code: String) throws -> Currency {
        do { return try Currency(code: code) } catch { throw LedgerError.money(error) }
    }
}
