import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// Time travel for reports.
struct ScopeOptions: ParsableArguments {
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Only transactions dated on or before this date.", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var asOf: LocalDate?

    @Option(name: .customLong("at-position"), help: ArgumentHelp("The ledger as it was when the log ended at this position.", valueName: "N"))
    var atPosition: Int64?

    func validate() throws {
        if let atPosition, atPosition < 0 { throw ValidationError("--at-position must be 0 or more") }
    }

    var scope: ReportScope { ReportScope(asOf: asOf, atPosition: atPosition) }
}

extension Currency: ExpressibleByArgument {
    public init?(argument: String) {
        guard let currency = try? Currency(code: argument) else { return nil }
        self = currency
    }

    /// For `@Option(transform:)`: a refusal that says an ISO 4217 code is wanted, where the
    /// failable init only gets "the value is invalid".
    static func argument(_ text: String) throws -> Currency {
        try Currency(code: text)
    }
}

extension AccountType: ExpressibleByArgument {}
