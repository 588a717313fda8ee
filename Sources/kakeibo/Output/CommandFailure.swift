import KakeiboDomain
import KakeiboLedger
import KakeiboEventStore
import KakeiboTesseract

/// An error the CLI reports as one line on stderr with a non-zero exit code.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    static func isLedgerError(_ error: any Error) -> Bool {
        error is LedgerError || error is ReportQueryError || error is EventStoreError || error is MoneyError || error is DateError
            || error is TesseractError || EventStoreError(storageFailure: error, path: nil) != nil
    }

    static func message(for error: any Error) -> String {
        String(describing: EventStoreError(storageFailure: error, path: nil) ?? error)
    }
}
