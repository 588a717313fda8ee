/// What a decision may depend on besides state: the date today and fresh identifiers.
/// Both are injected so decisions are deterministic under test.
public struct DecisionContext {
    public var today: LocalDate
    public var makeID: () -> String

    public init(today: LocalDate, makeID: @escaping () -> String) {
        self.today = today
        self.makeID = makeID
    }
}
