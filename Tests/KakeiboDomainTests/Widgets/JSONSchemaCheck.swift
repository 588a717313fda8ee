import Foundation
import KakeiboDomain

/// The part of JSON Schema (draft 2020-12) the widget schemas use: `type`, `properties`, `required`,
/// `additionalProperties`, `items`, `$ref` into `$defs`, `oneOf`, `const`, `enum`, `pattern`,
/// `minimum`/`maximum`, `minLength`, `minItems`/`maxItems`. Enough to check a typed sample against
/// its published schema without a Python step; `Schemas/validate_widgets.py` (jsonschema) checks real exports.
struct JSONSchemaCheck {
    let root: JSONValue

    /// Problems of `instance` against `schema`, each with its JSON pointer; empty when it validates.
    func problems(_ instance: JSONValue, _ schema: JSONValue? = nil, at path: String = "") -> [String] {
        let schema = resolve(schema ?? root)
        var found: [String] = []
        if let type = schema["type"]?.stringValue, !Self.has(instance, type: type) {
            return ["\(path): expected \(type), found \(instance.canonicalString().prefix(30))"]
        }
        if let const = schema["const"], const != instance { found.append("\(path): expected \(const.canonicalString())") }
        if let options = schema["enum"]?.arrayValue, !options.contains(instance) { found.append("\(path): not one of \(options.map { $0.canonicalString() })") }
        if let branches = schema["oneOf"]?.arrayValue {
            let matching = branches.filter { problems(instance, $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf's \(branches.count) branches") }
        }
        if case .string(let s) = instance {
            if let pattern = schema["pattern"]?.stringValue, s.range(of: pattern, options: .regularExpression) == nil {
                found.append("\(path): \"\(s)\" does not match \(pattern)")
            }
            if let min = schema["minLength"]?.intValue, s.count < min { found.append("\(path): shorter than \(min)") }
        }
        if case .int(let n) = instance {
            if let min = schema["minimum"]?.intValue, n < min { found.append("\(path): \(n) < \(min)") }
            if let max = schema["maximum"]?.intValue, n > max { found.append("\(path): \(n) > \(max)") }
        }
        if case .array(let elements) = instance {
            if let min = schema["minItems"]?.intValue, elements.count < min { found.append("\(path): fewer than \(min) items") }
            if let max = schema["maxItems"]?.intValue, elements.count > max { found.append("\(path): more than \(max) items") }
            if let items = schema["items"] {
                for (i, element) in elements.enumerated() { found += problems(element, items, at: "\(path)/\(i)") }
            }
        }
        if case .object(let members) = instance {
            let properties = schema["properties"]?.objectValue ?? [:]
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[key] == nil {
                found.append("\(path): required \(key) is missing")
            }
            for (key, value) in members {
                if let property = properties[key] {
                    found += problems(value, property, at: "\(path)/\(key)")
                } else if schema["additionalProperties"] == .bool(false) {
                    found.append("\(path): \(key) is not in the schema")
                } else if let additional = schema["additionalProperties"], additional.objectValue != nil {
                    found += problems(value, additional, at: "\(path)/\(key)")
                }
            }
        }
        return found
    }

    /// Properties the schema describes that `instance` does not have, following the branches it matches:
    /// a fully populated sample must produce every one.
    func unproduced(_ instance: JSONValue, _ schema: JSONValue? = nil, at path: String = "") -> [String] {
        let schema = resolve(schema ?? root)
        var missing: [String] = []
        for branch in schema["oneOf"]?.arrayValue ?? [] where problems(instance, branch, at: path).isEmpty {
            missing += unproduced(instance, branch, at: path)
        }
        if case .array(let elements) = instance, let items = schema["items"] {
            if elements.isEmpty { missing.append("\(path)/0 (an empty array)") }
            for (i, element) in elements.enumerated() { missing += unproduced(element, items, at: "\(path)/\(i)") }
        }
        if case .object(let members) = instance {
            for (key, property) in (schema["properties"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let value = members[key] else { missing.append("\(path)/\(key)"); continue }
                missing += unproduced(value, property, at: "\(path)/\(key)")
            }
        }
        return missing
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/$defs/"), let target = root["$defs"]?[String(ref.dropFirst(8))] else { return schema }
        return resolve(target)
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("string", .string), ("array", .array), ("object", .object): true
        default: false
        }
    }
}
