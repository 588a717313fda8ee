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

    /// A stable hue for a name, so categories added without one still get distinct colours.
    public static func defaultHue(for name: String) -> Int {
        var hash: UInt32 = 2166136261 // FNV-1a
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        return Int(hash % 360)
    }
}
