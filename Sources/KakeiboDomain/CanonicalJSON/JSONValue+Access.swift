/// Typed field access for decoding events by hand: each failure names the field,
/// so a bad payload in a replay says exactly what is wrong without Codable's cost.
extension JSONValue {
    /// The member for `key`, or nil when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var intValue: Int64? {
        if case .int(let n) = self { return n }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Present, or `.missingField`; a non-object receiver has no fields at all.
    @inline(__always)
    private func required(_ key: String) throws(JSONError) -> JSONValue {
        guard let value = self[key] else { throw .missingField(key) }
        return value
    }

    /// Absent and `null` both mean "no value" for optional fields.
    @inline(__always)
    private func optional(_ key: String) -> JSONValue? {
        guard let value = self[key], value != .null else { return nil }
        return value
    }

    public func string(_ key: String) throws(JSONError) -> String {
        guard let s = try required(key).stringValue else { throw .wrongType(field: key, expected: "a string") }
        return s
    }

    public func optionalString(_ key: String) throws(JSONError) -> String? {
        guard let value = optional(key) else { return nil }
        guard let s = value.stringValue else { throw .wrongType(field: key, expected: "a string") }
        return s
    }

    public func int(_ key: String) throws(JSONError) -> Int64 {
        guard let n = try required(key).intValue else { throw .wrongType(field: key, expected: "an integer") }
        return n
    }

    public func optionalInt(_ key: String) throws(JSONError) -> Int64? {
        guard let value = optional(key) else { return nil }
        guard let n = value.intValue else { throw .wrongType(field: key, expected: "an integer") }
        return n
    }

    public func bool(_ key: String) throws(JSONError) -> Bool {
        guard let b = try required(key).boolValue else { throw .wrongType(field: key, expected: "a boolean") }
        return b
    }

    public func array(_ key: String) throws(JSONError) -> [JSONValue] {
        guard let a = try required(key).arrayValue else { throw .wrongType(field: key, expected: "an array") }
        return a
    }

    /// The nested object itself (still a `JSONValue`), so accessors chain.
    public func object(_ key: String) throws(JSONError) -> JSONValue {
        let value = try required(key)
        guard case .object = value else { throw .wrongType(field: key, expected: "an object") }
        return value
    }
}
