import KakeiboDomain
import KakeiboLedger

extension AccountListing {
    /// `account list` and `category list` in the form asked for. Income and expense accounts an import opened
    /// are categories too, with `category add`'s defaults.
    public static func text(_ listings: [AccountListing], _ format: ReportFormat, categoriesOnly: Bool) -> String {
        let shown = categoriesOnly ? listings.compactMap { listing -> AccountListing? in
            guard listing.category == nil else { return listing }
            guard listing.account.type.canBeCategory else { return nil }
            var implicit = listing
            implicit.category = .implicit(for: listing.account)
            return implicit
        } : listings
        switch format {
        case .json:
            return JSONValue.array(shown.map(\.json)).prettyString()
        case .csv:
            return CSVWriter.render(
                header: ["name", "type", "currency", "status", "display_name", "hue", "icon"],
                rows: shown.map { listing in
                    [listing.account.name.rawValue, listing.account.type.rawValue, listing.account.currency.code,
                     listing.status, listing.category?.displayName ?? "", listing.category.map { String($0.hue) } ?? "",
                     listing.category?.icon ?? ""]
                })
        case .table:
            var table = categoriesOnly
                ? TextTable([("category", .left), ("account", .left), ("hue", .right), ("icon", .left), ("status", .left),
                             ("balance", .right)])
                : TextTable([("account", .left), ("type", .left), ("currency", .left), ("status", .left), ("balance", .right)])
            for listing in shown {
                if categoriesOnly, let category = listing.category {
                    table.add([category.displayName, listing.account.name.rawValue, String(category.hue), category.icon,
                               listing.status, listing.balanceText])
                } else {
                    table.add([listing.account.name.rawValue, listing.account.type.rawValue, listing.account.currency.code,
                               listing.status, listing.balanceText])
                }
            }
            return table.render()
        }
    }

    private var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(account.id),
            "name": .string(account.name.rawValue), "type": .string(account.type.rawValue),
            "currency": .string(account.currency.code), "status": .string(status),
            "balances": .array(balances.map(TerminalText.money)),
        ]
        if let category {
            object["category"] = ["displayName": .string(category.displayName), "hue": .int(Int64(category.hue)),
                                  "icon": .string(category.icon)]
        }
        return .object(object)
    }

    private var balanceText: String {
        balances.isEmpty ? "0" : balances.map(\.description).joined(separator: ", ")
    }

    private var status: String {
        if account.isClosed { return "closed" }
        if category?.isArchived == true { return "archived" }
        return "open"
    }
}
