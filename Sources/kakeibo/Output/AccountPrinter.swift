import KakeiboDomain
import KakeiboLedger

/// Prints `account list` and `category list`.
enum AccountPrinter {
    static func print(_ listings: [AccountListing], format: OutputFormat, categoriesOnly: Bool) {
        // Income and expense accounts an import opened are categories too, with `category add`'s defaults.
        let shown = categoriesOnly ? listings.compactMap { listing -> AccountListing? in
            guard listing.category == nil else { return listing }
            guard listing.account.type.canBeCategory else { return nil }
            var implicit = listing
            implicit.category = .implicit(for: listing.account)
            return implicit
        } : listings
        switch format {
        case .json:
            Printer.json(.array(shown.map(json)))
        case .csv:
            Swift.print(CSVWriter.render(
                header: ["name", "type", "currency", "status", "display_name", "hue", "icon"],
                rows: shown.map { listing in
                    [listing.account.name.rawValue, listing.account.type.rawValue, listing.account.currency.code,
                     status(listing), listing.category?.displayName ?? "", listing.category.map { String($0.hue) } ?? "",
                     listing.category?.icon ?? ""]
                }))
        case .table:
            var table = categoriesOnly
                ? TextTable([("category", .left), ("account", .left), ("hue", .right), ("icon", .left), ("status", .left),
                             ("balance", .right)])
                : TextTable([("account", .left), ("type", .left), ("currency", .left), ("status", .left), ("balance", .right)])
            for listing in shown {
                if categoriesOnly, let category = listing.category {
                    table.add([category.displayName, listing.account.name.rawValue, String(category.hue), category.icon,
                               status(listing), balance(listing)])
                } else {
                    table.add([listing.account.name.rawValue, listing.account.type.rawValue, listing.account.currency.code,
                               status(listing), balance(listing)])
                }
            }
            Swift.print(table.render())
        }
    }

    private static func json(_ listing: AccountListing) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(listing.account.id),
            "name": .string(listing.account.name.rawValue), "type": .string(listing.account.type.rawValue),
            "currency": .string(listing.account.currency.code), "status": .string(status(listing)),
            "balances": .array(listing.balances.map(Printer.money)),
        ]
        if let category = listing.category {
            object["category"] = ["displayName": .string(category.displayName), "hue": .int(Int64(category.hue)),
                                  "icon": .string(category.icon)]
        }
        return .object(object)
    }

    private static func balance(_ listing: AccountListing) -> String {
        listing.balances.isEmpty ? "0" : listing.balances.map(\.description).joined(separator: ", ")
    }

    private static func status(_ listing: AccountListing) -> String {
        if listing.account.isClosed { return "closed" }
        if listing.category?.isArchived == true { return "archived" }
        return "open"
    }
}
