import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// Reading what a page's form sent: `application/x-www-form-urlencoded` through Hummingbird's
/// decoder, `multipart/form-data` (the receipt photo) through multipart-kit.
enum WebForm {
    /// A form of text fields is small; anything longer is not one of ours.
    static let maxFieldsBytes = 64 * 1024
    /// The cap on a photo, plus room for the form's other fields and the part headers.
    static let maxPhotoBytes = 20 * 1024 * 1024
    static let maxUploadBytes = maxPhotoBytes + 64 * 1024

    static func fields(_ request: Request) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: maxFieldsBytes)
        let text = String(buffer: buffer)
        if text.isEmpty { return [:] }
        do {
            return try URLEncodedFormDecoder().decode([String: String].self, from: text)
        } catch {
            throw WebFormError(message: "the form could not be read")
        }
    }

    /// What the receipt form sent: its text fields, and the photo's bytes and file name.
    struct Upload {
        var fields: [String: String] = [:]
        var photo: [UInt8]?
        var filename: String?
        var csrf: String? { fields["csrf"] }
        var idem: String? { fields["idem"] }
        var account: String? { fields["account"] }
    }

    /// Parsed with multipart-kit's `MultipartParser`, part by part (its `FormDataDecoder` decodes
    /// `Decodable` fields only, and a photo is bytes).
    static func upload(_ request: Request) async throws -> Upload {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("multipart/form-data"),
              let boundary = boundary(type) else {
            throw WebFormError(message: "send the photo as a form upload (multipart/form-data)")
        }
        let buffer = try await request.body.collect(upTo: maxUploadBytes)
        var upload = Upload()
        var name: String?, filename: String?, body: [UInt8] = []
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { field, value in
            guard field.lowercased() == "content-disposition" else { return }
            name = parameter("name", of: value)
            filename = parameter("filename", of: value)
        }
        parser.onBody = { chunk in body += chunk.readableBytesView }
        parser.onPartComplete = {
            if name == "photo" {
                upload.photo = body
                upload.filename = filename
            } else if let name, upload.fields[name] == nil {
                upload.fields[name] = String(decoding: body, as: UTF8.self)
            }
            name = nil; filename = nil; body = []
        }
        do {
            try parser.execute(buffer)
        } catch {
            throw WebFormError(message: "the upload could not be read as a form")
        }
        return upload
    }

    /// `name="…"` of a `Content-Disposition` value.
    static func parameter(_ key: String, of value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(key + "=") else { continue }
            return String(pair.dropFirst(key.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// `boundary=…` of a `Content-Type`, quoted or not.
    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix("boundary=") else { continue }
            var value = String(pair.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// A field's value, nil when absent or blank.
    static func value(_ fields: [String: String], _ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }
}
