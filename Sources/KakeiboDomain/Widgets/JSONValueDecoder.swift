/// Decodes a `Decodable` value from a `JSONValue`: how the dashboard reads the widget files it is
/// handed, already parsed. Absent and `null` both decode as nil; a wrong type or a missing required
/// key is a `DecodingError` whose coding path names the field.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
        try JSONValueDecoding.decode(type, from: json, codingPath: [])
    }
}

struct JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
        func mismatch(_ expected: String) -> DecodingError {
            .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.canonicalString().prefix(40))"))
        }
        switch type {
        case is JSONValue.Type: return value as! T
        case is String.Type:
            guard case .string(let s) = value else { throw mismatch("a string") }
            return s as! T
        case is Bool.Type:
            guard case .bool(let b) = value else { throw mismatch("a boolean") }
            return b as! T
        case is Int64.Type:
            guard case .int(let n) = value else { throw mismatch("an integer") }
            return n as! T
        case let integer as any FixedWidthInteger.Type:
            func exactly<I: FixedWidthInteger>(_ type: I.Type, _ n: Int64) -> I? { I(exactly: n) }
            guard case .int(let n) = value, let i = exactly(integer, n) else { throw mismatch("an integer in range") }
            return i as! T
        case is Double.Type, is Float.Type: throw mismatch("no floating point")
        default: return try T(from: JSONValueDecoding(value: value, codingPath: codingPath))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingError.typeMismatch([String: JSONValue].self, .init(codingPath: codingPath, debugDescription: "expected an object"))
        }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch([JSONValue].self, .init(codingPath: codingPath, debugDescription: "expected an array"))
        }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing \"\(key.stringValue)\""))
            }
            return try JSONValueDecoding.decode(type, from: value, codingPath: codingPath + [key])
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoding(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoding(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { JSONValueDecoding(value: .object(members), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoding(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        init(elements: [JSONValue], codingPath: [any CodingKey]) {
            self.elements = elements
            self.codingPath = codingPath
        }

        private func next() throws -> JSONValue {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath, debugDescription: "past the end of the array"))
            }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard try next() == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try JSONValueDecoding.decode(type, from: try next(), codingPath: codingPath + [JSONIndexKey(currentIndex)])
            currentIndex += 1
            return value
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try JSONValueDecoding(value: try next(), codingPath: codingPath + [JSONIndexKey(currentIndex)]).container(keyedBy: type)
            currentIndex += 1
            return container
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let container = try JSONValueDecoding(value: try next(), codingPath: codingPath + [JSONIndexKey(currentIndex)]).unkeyedContainer()
            currentIndex += 1
            return container
        }
        mutating func superDecoder() throws -> any Decoder {
            let decoder = JSONValueDecoding(value: try next(), codingPath: codingPath + [JSONIndexKey(currentIndex)])
            currentIndex += 1
            return decoder
        }
    }

    struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueDecoding.decode(type, from: value, codingPath: codingPath) }
    }
}
