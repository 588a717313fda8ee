/// Display metadata that turns an income or expense account into a category.
public struct Category: Hashable, Sendable {
    public var accountID: String
    public var displayName: String
    /// Colour hue in degrees, 0–360, for charts and widgets.
    public var hue: Int
    /// An icon name (SF Symbols style, e.g. `cart`).
    public var icon: String
    public var isArchived: Bool

    public init(accountID: String, displayName: String, hue: Int, icon: String, isArchived: Bool = false) {
        self.accountID = accountID
        self.displayName = displayName
        self.hue = hue
        self.icon = icon
        self.isArchived = isArchived
    }

    /// The category an income or expense account stands for before one is defined for it (accounts
    /// a journal or CSV import opened are used as categories all the same): `category add`'s defaults.
    public static func implicit(for account: Account) -> Category {
        let last = String(account.name.components[account.name.components.count - 1])
        return Category(accountID: account.id, displayName: last.prefix(1).uppercased() + last.dropFirst(),
                        hue: defaultHue(for: account.name.rawValue), icon: account.type == .income ? "banknote" : "tag")
    }

    /// A stable hue for a name, so categories added without one still get distinct colours.
    public static func defaultHue(for name: String) -> Int {
        var hash: UInt32 = 2166136261 // FNV-1a
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        return Int(hash % 360)
    }
}
