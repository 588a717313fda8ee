// The ReceiptScanned payload. Decoding checks types and ranges only, so any stored bytes give
// an event or a LedgerError, never a trap.

extension LedgerEvent.ReceiptScanned {
    var json: JSONValue {
        var engineObject: [String: JSONValue] = ["name": .string(engine.name), "version": .string(engine.version), "language": .string(engine.language)]
        // Omitted when empty, so scans recorded before engines named their models keep their bytes.
        if !engine.models.isEmpty { engineObject["models"] = .object(engine.models.mapValues(JSONValue.string)) }
        var object: [String: JSONValue] = [
            "receipt": .string(receiptID), "sha256": .string(imageSHA256),
            "engine": .object(engineObject),
            "preprocessing": .array(preprocessing.map(JSONValue.string)),
            "rows": .array(rows.map { row in
                ["index": .int(row.index), "text": .string(row.text), "box": .array(row.box.map(JSONValue.int)),
                 "confidence": .int(row.confidenceBasisPoints)]
            }),
            "fields": .object(fields.mapValues { field in
                let value: JSONValue = switch field.value {
                case .text(let text): .string(text)
                case .minorUnits(let minor): .int(minor)
                }
                return ["value": value, "confidence": .int(field.confidenceBasisPoints), "rows": .array(field.rows.map(JSONValue.int))]
            }),
            "warnings": .array(warnings.map(JSONValue.string)),
        ]
        if rowsOmitted != 0 { object["rowsOmitted"] = .int(rowsOmitted) }
        if !items.isEmpty {
            object["items"] = .array(items.map { item in
                var line: [String: JSONValue] = ["text": .string(item.text), "amount": .int(item.amountMinorUnits),
                                                 "confidence": .int(item.confidenceBasisPoints), "rows": .array(item.rows.map(JSONValue.int))]
                if let quantity = item.quantity { line["quantity"] = .int(quantity) }
                return .object(line)
            })
        }
        return .object(object)
    }

    init(json p: JSONValue) throws {
        let type = "ReceiptScanned"
        func bad(_ reason: String) -> LedgerError { .malformedEvent(type: type, reason: reason) }
        func basisPoints(_ value: Int64, _ field: String) throws -> Int64 {
            guard (0...10_000).contains(value) else { throw bad("\(field) must be 0–10000") }
            return value
        }
        func models(_ engine: JSONValue) throws -> [String: String] {
            guard let present = engine["models"], present != .null else { return [:] }
            guard let object = present.objectValue else { throw bad("engine models is not an object") }
            return try object.mapValues { value in
                guard let digest = value.stringValue, digest.utf8.count == 64,
                      digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                    throw bad("engine model digests must be 64 lowercase hex digits")
                }
                return digest
            }
        }
        let sha = try p.string("sha256")
        guard sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw bad("sha256 must be 64 lowercase hex digits")
        }
        let engine = try p.object("engine")
        let rows = try p.array("rows").map { row in
            let box = try row.array("box").map { value in
                guard let n = value.intValue, (0...10_000).contains(n) else { throw bad("box values must be integers 0–10000") }
                return n
            }
            guard box.count == 4 else { throw bad("a box has four values") }
            return Row(index: try row.int("index"), text: try row.string("text"), box: box,
                       confidenceBasisPoints: try basisPoints(try row.int("confidence"), "row confidence"))
        }
        guard let fieldObjects = try p.object("fields").objectValue else { throw bad("fields is not an object") }
        var fields: [String: Field] = [:]
        for (name, field) in fieldObjects {
            let value: Field.Value
            switch field["value"] {
            case .string(let text)?: value = .text(text)
            case .int(let minor)?: value = .minorUnits(minor)
            default: throw bad("field \(name) needs a string or integer value")
            }
            let cited = try field.array("rows").map { row in
                guard let n = row.intValue else { throw bad("field \(name) cites a row that is not an integer") }
                return n
            }
            fields[name] = Field(value: value, confidenceBasisPoints: try basisPoints(try field.int("confidence"), "\(name) confidence"),
                                 rows: cited)
        }
        func strings(_ key: String) throws -> [String] {
            try p.array(key).map { item in
                guard let text = item.stringValue else { throw bad("\(key) must hold strings") }
                return text
            }
        }
        let items = try (p["items"]?.arrayValue ?? []).map { item in
            let cited = try item.array("rows").map { row in
                guard let n = row.intValue else { throw bad("an item cites a row that is not an integer") }
                return n
            }
            return Item(text: try item.string("text"), quantity: try item.optionalInt("quantity"), amountMinorUnits: try item.int("amount"),
                        confidenceBasisPoints: try basisPoints(try item.int("confidence"), "item confidence"), rows: cited)
        }
        if let present = p["items"], present.arrayValue == nil { throw bad("items is not an array") }
        let omitted = try p.optionalInt("rowsOmitted") ?? 0
        guard omitted >= 0 else { throw bad("rowsOmitted is negative") }
        self.init(receiptID: try p.string("receipt"), imageSHA256: sha,
                  engine: Engine(name: try engine.string("name"), version: try engine.string("version"),
                                 language: try engine.string("language"), models: try models(engine)),
                  preprocessing: try strings("preprocessing"), rows: rows, rowsOmitted: omitted, fields: fields,
                  warnings: try strings("warnings"), items: items)
    }
}
