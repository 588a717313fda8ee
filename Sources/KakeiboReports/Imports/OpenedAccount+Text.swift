import KakeiboDomain
import KakeiboInterop

extension JournalImportReport.OpenedAccount {
    /// The accounts an import opened, as every import's table shows them (journal, statement, CSV).
    static func table(_ accounts: [Self]) -> String {
        var table = TextTable([("opened account", .left), ("type", .left), ("currency", .left)])
        for account in accounts { table.add([account.name.rawValue, account.type.rawValue, account.currency.code]) }
        return table.render()
    }

    /// One opened account in an import's JSON.
    var json: JSONValue {
        ["name": .string(name.rawValue), "type": .string(type.rawValue), "currency": .string(currency.code)]
    }
}
