import KakeiboDomain

/// How the server sequences an event decided against an older state of its stream.
///
/// Only edits and voids of a transaction are looked into (by their JSON, not the event catalog,
/// so new event types travel untouched); everything else is appended. An edit whose fields were
/// also changed since its parent, or any edit after a concurrent void, is *conflicted*: kept
/// aside, not applied, and listed until a later edit of the transaction settles it. Money fields
/// (amount, accounts, postings) count as one, since each rewrites the postings.
public enum ConflictRule {
    public enum Outcome: Hashable, Sendable {
        case appended
        case merged
        case conflicted(fields: [String], kept: [String])
    }

    public static let editType = "TransactionEdited"
    public static let voidType = "TransactionVoided"

    /// `since`: the stream's events after the pushed event's parent, as (id, type, payload).
    public static func outcome(type: String, payload: String, since: [(id: String, type: String, payload: String)]) -> Outcome {
        guard !since.isEmpty else { return .appended }
        guard type == editType else { return .merged }
        let mine = fieldGroups(payload)
        var clashing: Set<String> = []
        var kept: [String] = []
        for other in since {
            if other.type == voidType {
                clashing.insert("voided")
                kept.append(other.id)
            } else if other.type == editType {
                let overlap = mine.intersection(fieldGroups(other.payload))
                if !overlap.isEmpty {
                    clashing.formUnion(overlap)
                    kept.append(other.id)
                }
            }
        }
        return clashing.isEmpty ? .merged : .conflicted(fields: clashing.sorted(), kept: kept)
    }

    /// The field groups an edit's payload changes.
    static func fieldGroups(_ payload: String) -> Set<String> {
        guard let json = try? JSONValue.parse(Array(payload.utf8)), let changes = json["changes"]?.arrayValue else { return [] }
        return Set(changes.compactMap { $0["field"]?.stringValue }.map { field in
            ["amount", "fromAccount", "toAccount", "postings"].contains(field) ? "amount" : field
        })
    }
}

/// A pushed event kept aside because it clashed with what the stream got meanwhile.
public struct SyncConflict: Codable, Hashable, Sendable {
    /// The deferred event, and the transaction (stream) it edits.
    public var eventId: String
    public var stream: String
    public var deviceId: String
    public var member: String
    public var fields: [String]
    /// The events it clashed with, which stand.
    public var kept: [String]
    /// The deferred event's canonical payload, so its author can see what was not applied.
    public var payload: String

    public init(eventId: String, stream: String, deviceId: String, member: String, fields: [String], kept: [String], payload: String) {
        self.eventId = eventId; self.stream = stream; self.deviceId = deviceId; self.member = member
        self.fields = fields; self.kept = kept; self.payload = payload
    }
}

public struct ConflictList: Codable, Hashable, Sendable {
    public var conflicts: [SyncConflict]
    public init(conflicts: [SyncConflict]) { self.conflicts = conflicts }
}
