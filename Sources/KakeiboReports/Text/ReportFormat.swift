/// The three forms every report prints in: an aligned table for a person, JSON and CSV for a program.
/// Here rather than in the CLI so a report's rows are built once, beside its JSON, and the command only
/// picks the form (issue 35: 663 of the CLI's 3,565 lines at bb69168 were report formatting).
public enum ReportFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
