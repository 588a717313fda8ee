/// Encodes an `Encodable` value into a `JSONValue`, so a typed document is serialized by the same
/// canonical writer (sorted keys, integers in plain decimal, no floats) as every hand-built one:
/// the widget files kept their bytes when they became types.
///
/// Two rules differ from Foundation's `JSONEncoder`, both because the widget documents need them:
/// - A nil optional is written as `null`, not left out: the schemas list every key as required and
///   say `null` where there is no value (a week without an income goal has `"goal": null`).
///   A member that is left out when absent is declared `@OmittedWhenNil`.
/// - Floating-point values are refused with an error naming the coding path: money in these
///   documents is a decimal string or integer minor units, never a binary fraction.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let node = JSONEncodingNode()
        try JSONValueEncoding.encode(value, into: node, codingPath: [])
        return node.resolved
    }
}

/// What one `encode(to:)` builds; a reference so nested containers write into their parent.
/// Two keyed containers asked of the same encoder share one object: a document writes its
/// header and then its body into the same JSON object.
final class JSONEncodingNode {
    enum Content { case unset, value(JSONValue), object([String: JSONEncodingNode]), array([JSONEncodingNode]) }
    var content: Content = .unset

    var resolved: JSONValue {
        switch content {
        case .unset: .object([:])
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.resolved))
        case .array(let elements): .array(elements.map(\.resolved))
        }
    }

    func child(_ key: String) -> JSONEncodingNode {
        let node = JSONEncodingNode()
        if case .object(var members) = content {
            content = .unset // keep the dictionary uniquely referenced while it changes
            members[key] = node
            content = .object(members)
        } else {
            content = .object([key: node])
        }
        return node
    }

    func append() -> JSONEncodingNode {
        let node = JSONEncodingNode()
        if case .array(var elements) = content {
            content = .unset
            elements.append(node)
            content = .array(elements)
        } else {
            content = .array([node])
        }
        return node
    }

    var count: Int {
        switch content {
        case .object(let members): members.count
        case .array(let elements): elements.count
        default: 0
        }
    }
}

struct JSONValueEncoding: Encoder {
    let node: JSONEncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Scalars straight to their case; everything else through its own `encode(to:)`.
    static func encode<Value: Encodable>(_ value: Value, into node: JSONEncodingNode, codingPath: [any CodingKey]) throws {
        switch value {
        case let value as JSONValue: node.content = .value(value)
        case let value as String: node.content = .value(.string(value))
        case let value as Bool: node.content = .value(.bool(value))
        case let value as Int64: node.content = .value(.int(value))
        case let value as any BinaryInteger:
            guard let n = Int64(exactly: value) else {
                throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "beyond a 64-bit integer"))
            }
            node.content = .value(.int(n))
        case is Double, is Float:
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "no floating point in a ledger document"))
        default: try value.encode(to: JSONValueEncoding(node: node, codingPath: codingPath))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: JSONEncodingNode
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).content = .value(.null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }
        private func put<T: Encodable>(_ value: T, _ key: Key) throws {
            try JSONValueEncoding.encode(value, into: node.child(key.stringValue), codingPath: codingPath + [key])
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
        // nil is `null`, not an absent key (see `JSONValueEncoder`).
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoding(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoding(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { JSONValueEncoding(node: node, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoding(node: node.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer, JSONValueSink {
        let node: JSONEncodingNode
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        mutating func encodeNil() throws { node.append().content = .value(.null) }
        func put<T: Encodable>(_ value: T) throws {
            try JSONValueEncoding.encode(value, into: node.append(), codingPath: codingPath + [JSONIndexKey(count)])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoding(node: node.append(), codingPath: codingPath + [JSONIndexKey(count)]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONValueEncoding(node: node.append(), codingPath: codingPath + [JSONIndexKey(count)]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { JSONValueEncoding(node: node.append(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer, JSONValueSink {
        let node: JSONEncodingNode
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .value(.null) }
        func put<T: Encodable>(_ value: T) throws { try JSONValueEncoding.encode(value, into: node, codingPath: codingPath) }
    }
}

/// The unkeyed and single-value containers: each writes a value one way (`put`), and the
/// protocols' generic and fourteen primitive `encode` requirements, which `Codable` gives no
/// default for, are written once here for both. A floating-point value reaches `put` and is
/// refused there like any other.
protocol JSONValueSink {
    func put<T: Encodable>(_ value: T) throws
}

extension JSONValueSink {
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }
    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
}

/// An array position in a coding path.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
