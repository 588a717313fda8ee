/// A member whose key is left out of the JSON when it has no value, where an optional would write
/// `null`: `foreign` in expenses and `netWorthValued` in accounts appear only when the ledger holds
/// another commodity, so one-currency documents kept their bytes when those fields were added.
@propertyWrapper
public struct OmittedWhenNil<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

// Synthesized `Codable` picks these more specific overloads for an `@OmittedWhenNil` member.
extension KeyedEncodingContainer {
    public mutating func encode<Value>(_ value: OmittedWhenNil<Value>, forKey key: Key) throws {
        if let wrapped = value.wrappedValue { try encode(wrapped, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    public func decode<Value>(_ type: OmittedWhenNil<Value>.Type, forKey key: Key) throws -> OmittedWhenNil<Value> {
        OmittedWhenNil(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
