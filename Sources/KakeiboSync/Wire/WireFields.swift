import KakeiboDomain

/// One JSON object of the wire format read field by field, as `Codable` would read it: a field of another
/// type than expected is nil (the caller then falls back to `JSONDecoder` and its 400). Shared by the pushed
/// rows (`PendingEvent`) and the page rows (`CanonicalEvent`).
struct WireFields {
    let fields: [String: JSONValue]

    func int(_ key: String) -> Int64? { if case .int(let v)? = fields[key] { return v } else { return nil } }
    func text(_ key: String) -> String? { if case .string(let v)? = fields[key] { return v } else { return nil } }
    /// .some(nil) for an absent or null field, nil for a field of another type.
    func optional(_ key: String) -> String?? {
        switch fields[key] {
        case nil, .null?: return .some(nil)
        case .string(let v)?: return .some(v)
        default: return nil
        }
    }
}
