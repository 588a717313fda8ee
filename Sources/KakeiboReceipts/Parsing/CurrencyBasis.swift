/// Where a receipt's currency came from, so a currency nobody printed is never taken as read.
public enum CurrencyBasis: String, Hashable, Sendable, Codable {
    /// A symbol or code printed next to a figure (`£16.74`, `RM 9.00`, `EUR`).
    case printed
    /// No symbol or code, but the receipt names a place or a tax id that has one currency (`10115 BERLIN`,
    /// `UST-ID DE…`, `SDN BHD`), another than the one expected; `CurrencyClues` lists what counts.
    case inferred
    /// No symbol or code, and the place or tax id the receipt names has the currency expected (the account's on
    /// import): two independent signs agree, so it is not a reason to review (a ringgit account and `SDN BHD`).
    case corroborated
    /// Nothing on the receipt says: the caller's default (the account's currency on import).
    case assumed
}
