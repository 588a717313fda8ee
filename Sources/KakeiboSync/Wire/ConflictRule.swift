import KakeiboDomain

/// How the server sequences an event decided against an older state of its stream.
///
/// Only edits and voids of a transaction are looked into (by their JSON, not the event catalog,
/// so new event types travel untouched); everything else is appended. An edit whose fields were
/// also changed since its parent, or any edit after a concurrent void, is *conflicted*: kept
/// aside, not applied, and listed until a later edit of the transaction settles it. Money fields
/// (amount, accounts, postings) count as one, since each rewrites the postings. A void after a
/// concurrent void is appended like any other event: both devices wanted the same thing, and the
/// fold moves money for the first void only (`LedgerProjector`).
public enum ConflictRule {
    public enum Outcome: Hashable, Sendable {
        case appended
        case merged
        case conflicted(fields: [String], kept: [String])
    }

    public static let editType = "TransactionEdited"
    public static let voidType = "TransactionVoided"

    /// `since`: the stream's events after the pushed event's parent, as (id, type, payload).
    ///
    /// `parentDeferred`: the event was decided on top of an edit the server kept aside, a state
    /// no other device ever saw; it is kept aside too (against nothing), so it cannot quietly
    /// settle the conflict its own parent caused.
    public static func outcome(type: String, payload: String, since: [(id: String, type: String, payload: String)],
                               parentDeferred: Bool = false) -> Outcome {
        if parentDeferred && type == editType { return .conflicted(fields: fieldGroups(payload).sorted(), kept: []) }
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

    /// The `TransactionConflicted` the server appends for a deferred event: each clashing field
    /// with the value that stands (the last kept edit's) and the deferred one, and the deferred
    /// edit's changes whole, so its author's work travels with the log instead of being lost.
    public static func conflict(transaction: String, basedOn: Int64, deferredId: String, deferredPayload: String,
                                fields groups: [String], kept: [String], since: [(id: String, type: String, payload: String)],
                                member: String, device: String) -> LedgerEvent.TransactionConflicted {
        let deferredChanges = changes(deferredPayload)
        var fields: [String: LedgerEvent.ConflictedField] = [:]
        // Against a void every change of the edit is lost, so every one is listed.
        let voided = groups.contains("voided")
        for (field, value) in deferredChanges where voided || groups.contains(group(field)) {
            fields[field] = .init(field: field, kept: .null, deferred: value)
        }
        for other in since where kept.contains(other.id) {
            if other.type == voidType {
                fields["voided"] = .init(field: "voided", kept: .bool(true), deferred: .bool(false))
                continue
            }
            for (field, value) in changes(other.payload) where groups.contains(group(field)) {
                fields[field, default: .init(field: field, kept: .null, deferred: .null)].kept = value
            }
        }
        let whole = (try? JSONValue.parse(Array(deferredPayload.utf8)))?["changes"] ?? .array([])
        return .init(transactionID: transaction, basedOn: basedOn, kept: kept, deferred: [deferredId], member: member, device: device,
                     fields: fields.keys.sorted().map { fields[$0]! }, deferredChanges: whole)
    }

    /// `(field, after)` for each change of an edit's payload, in order.
    static func changes(_ payload: String) -> [(String, JSONValue)] {
        guard let json = try? JSONValue.parse(Array(payload.utf8)), let changes = json["changes"]?.arrayValue else { return [] }
        return changes.compactMap { change in change["field"]?.stringValue.map { ($0, change["after"] ?? .null) } }
    }

    static func group(_ field: String) -> String {
        ["amount", "fromAccount", "toAccount", "postings"].contains(field) ? "amount" : field
    }

    /// The field groups an edit's payload changes.
    static func fieldGroups(_ payload: String) -> Set<String> {
        guard let json = try? JSONValue.parse(Array(payload.utf8)), let changes = json["changes"]?.arrayValue else { return [] }
        return Set(changes.compactMap { $0["field"]?.stringValue }.map(group))
    }
}
