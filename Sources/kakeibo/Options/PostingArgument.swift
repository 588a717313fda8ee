import ArgumentParser
import KakeiboDomain

/// `ACCOUNT=AMOUNT[ CURRENCY]`, or just `ACCOUNT` for the one posting that balances the rest.
struct PostingArgument: ExpressibleByArgument {
    var input: LedgerCommand.PostingInput

    init?(argument: String) {
        guard let separator = argument.firstIndex(of: "=") else {
            input = .init(account: argument, amount: nil)
            return
        }
        let account = String(argument[..<separator])
        let parts = argument[argument.index(after: separator)...].split(separator: " ")
        switch parts.count {
        case 1:
            input = .init(account: account, amount: String(parts[0]))
        case 2:
            guard let currency = try? Currency(code: String(parts[1])) else { return nil }
            input = .init(account: account, amount: String(parts[0]), currency: currency)
        default:
            return nil
        }
    }
}
