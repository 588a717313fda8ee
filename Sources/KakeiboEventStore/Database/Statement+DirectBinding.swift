import GRDB
import GRDBSQLite

/// Binding straight into SQLite for the few statements every append runs.
///
/// `execute(arguments:)` boxes each value into `StatementArguments` first; for the events,
/// transactions and postings inserts that boxing and its retain/release traffic measured a
/// fifth of a batch append. This binds in place, runs the statement once and resets it.
extension Statement {
    /// Lets `bind` set parameters 1, 2, ... in order, then runs the statement to completion.
    public func execute(binding bind: (inout DirectBinder) throws -> Void) throws {
        var binder = DirectBinder(statement: sqliteStatement)
        defer { sqlite3_reset(sqliteStatement) }
        try bind(&binder)
        if let code = binder.failedCode { throw failure(code) }
        let code = sqlite3_step(sqliteStatement)
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    /// Binds as `execute(binding:)` does and says whether the statement yields a row: a probe
    /// that reads no column and builds no `Row`.
    public func hasRow(binding bind: (inout DirectBinder) throws -> Void) throws -> Bool {
        var binder = DirectBinder(statement: sqliteStatement)
        defer { sqlite3_reset(sqliteStatement) }
        try bind(&binder)
        if let code = binder.failedCode { throw failure(code) }
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code)
        }
    }

    /// The error GRDB would have thrown, so callers map result codes the same way.
    private func failure(_ code: Int32) -> DatabaseError {
        let connection = sqlite3_db_handle(sqliteStatement)
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: sql)
    }
}

/// Sets a statement's parameters in order, without boxing. SQLite copies what it is given.
public struct DirectBinder {
    fileprivate let statement: SQLiteStatement
    private var index: Int32 = 1
    fileprivate private(set) var failedCode: Int32?

    fileprivate init(statement: SQLiteStatement) {
        self.statement = statement
    }

    public mutating func bind(_ value: Int64) {
        check(sqlite3_bind_int64(statement, index, value))
    }

    public mutating func bind(_ value: Int) {
        bind(Int64(value))
    }

    public mutating func bind(_ value: Bool) {
        bind(Int64(value ? 1 : 0))
    }

    public mutating func bind(_ value: Int64?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    public mutating func bind(_ value: String?) {
        guard var value else { return bindNull() }
        let statement = statement, index = index
        check(value.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { text in
                guard let start = text.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, Self.transient) }
                return sqlite3_bind_text(statement, index, start, Int32(text.count), Self.transient)
            }
        })
    }

    public mutating func bind(blob value: [UInt8]?) {
        guard let value else { return bindNull() }
        let statement = statement, index = index
        check(value.withUnsafeBytes { raw in
            sqlite3_bind_blob(statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), Self.transient)
        })
    }

    public mutating func bindNull() {
        check(sqlite3_bind_null(statement, index))
    }

    private mutating func check(_ code: Int32) {
        if code != SQLITE_OK, failedCode == nil { failedCode = code }
        index += 1
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
