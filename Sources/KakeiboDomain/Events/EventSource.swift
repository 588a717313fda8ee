/// Where an event came from: provenance for the audit trail.
public enum EventSource: String, Hashable, Sendable, CaseIterable {
    case manual
    case receipt
    case journalImport = "journal-import"
    case csvImport = "csv-import"
}
