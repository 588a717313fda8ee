/// The type names stored in the log: one case per event, spelled once, read by the encoder
/// (`LedgerEvent.type`) and the decoder (`LedgerEvent(type:schemaVersion:payload:)`) alike.
/// A name is part of every stored event's hash, so a case's raw value never changes.
extension LedgerEvent {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case ledgerCreated = "LedgerCreated"
        case accountOpened = "AccountOpened"
        case accountRenamed = "AccountRenamed"
        case accountRetyped = "AccountRetyped"
        case accountClosed = "AccountClosed"
        case categoryDefined = "CategoryDefined"
        case categoryRenamed = "CategoryRenamed"
        case categoryArchived = "CategoryArchived"
        case expenseCaptured = "ExpenseCaptured"
        case incomeRecorded = "IncomeRecorded"
        case transferMade = "TransferMade"
        case transactionRecorded = "TransactionRecorded"
        case transactionEdited = "TransactionEdited"
        case transactionVoided = "TransactionVoided"
        case budgetSet = "BudgetSet"
        case budgetCleared = "BudgetCleared"
        case incomeGoalSet = "IncomeGoalSet"
        case receiptScanned = "ReceiptScanned"
        case commodityDeclared = "CommodityDeclared"
        case priceRecorded = "PriceRecorded"
        case transactionConflicted = "TransactionConflicted"
        case forecastRuleSet = "ForecastRuleSet"
        case accountBookingSet = "AccountBookingSet"
        case postingsMarked = "PostingsMarked"
        case postingsLocked = "PostingsLocked"
        case balanceAsserted = "BalanceAsserted"
        case commodityPrecisionGrown = "CommodityPrecisionGrown"
        case priceRetracted = "PriceRetracted"
    }

    public var kind: Kind {
        switch self {
        case .ledgerCreated: .ledgerCreated
        case .accountOpened: .accountOpened
        case .accountRenamed: .accountRenamed
        case .accountRetyped: .accountRetyped
        case .accountClosed: .accountClosed
        case .categoryDefined: .categoryDefined
        case .categoryRenamed: .categoryRenamed
        case .categoryArchived: .categoryArchived
        case .expenseCaptured: .expenseCaptured
        case .incomeRecorded: .incomeRecorded
        case .transferMade: .transferMade
        case .transactionRecorded: .transactionRecorded
        case .transactionEdited: .transactionEdited
        case .transactionVoided: .transactionVoided
        case .budgetSet: .budgetSet
        case .budgetCleared: .budgetCleared
        case .incomeGoalSet: .incomeGoalSet
        case .receiptScanned: .receiptScanned
        case .commodityDeclared: .commodityDeclared
        case .priceRecorded: .priceRecorded
        case .transactionConflicted: .transactionConflicted
        case .forecastRuleSet: .forecastRuleSet
        case .accountBookingSet: .accountBookingSet
        case .postingsMarked: .postingsMarked
        case .postingsLocked: .postingsLocked
        case .balanceAsserted: .balanceAsserted
        case .commodityPrecisionGrown: .commodityPrecisionGrown
        case .priceRetracted: .priceRetracted
        }
    }

    /// The type name stored in the log.
    public var type: String { kind.rawValue }
}
