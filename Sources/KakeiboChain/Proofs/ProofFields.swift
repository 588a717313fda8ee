import KakeiboDomain

/// Reads a proof document's members, naming the member (`events[2].path[0]`) that is missing or
/// not what the format says, so a broken proof is refused in one line that says where.
struct ProofFields {
    let value: JSONValue
    let prefix: String

    init(_ value: JSONValue, at prefix: String) { self.value = value; self.prefix = prefix }

    private func member(_ key: String) throws(ProofCheckFailure) -> JSONValue {
        guard case .object(let members) = value else { throw .malformed(field: prefix.isEmpty ? "(document)" : String(prefix.dropLast()), reason: "not an object") }
        guard let found = members[key] else { throw .malformed(field: prefix + key, reason: "missing") }
        return found
    }

    func string(_ key: String) throws(ProofCheckFailure) -> String {
        guard case .string(let text) = try member(key) else { throw .malformed(field: prefix + key, reason: "not a string") }
        return text
    }

    func count(_ key: String) throws(ProofCheckFailure) -> UInt64 {
        guard case .int(let number) = try member(key), number >= 0 else { throw .malformed(field: prefix + key, reason: "not a whole number ≥ 0") }
        return UInt64(number)
    }

    func digest(_ key: String) throws(ProofCheckFailure) -> Digest32 {
        guard case .string(let text) = try member(key), let digest = Digest32(hex: text) else {
            throw .malformed(field: prefix + key, reason: "not 64 hex digits")
        }
        return digest
    }

    func array(_ key: String) throws(ProofCheckFailure) -> [JSONValue] {
        guard case .array(let items) = try member(key) else { throw .malformed(field: prefix + key, reason: "not an array") }
        return items
    }

    func digests(_ key: String) throws(ProofCheckFailure) -> [Digest32] {
        var out: [Digest32] = []
        for (index, item) in try array(key).enumerated() {
            guard case .string(let text) = item, let digest = Digest32(hex: text) else {
                throw .malformed(field: "\(prefix)\(key)[\(index)]", reason: "not 64 hex digits")
            }
            out.append(digest)
        }
        return out
    }
}
