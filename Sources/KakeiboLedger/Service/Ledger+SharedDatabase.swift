import GRDB

extension Ledger {
    /// A ledger over a database its caller opened and keeps (the household server's replica of a
    /// ledger, `ServerReplicas`): the same decider, log and projections as a ledger file, with the
    /// caller's `environment` (its actor names the member acting). Cheap: nothing is read or opened,
    /// so a server builds one per request.
    public static func sharing(_ writer: any DatabaseWriter, path: String, environment: LedgerEnvironment) -> Ledger {
        Ledger(path: path, writer: writer, environment: environment)
    }
}
