
private let types = ["LedgerCreated", "AccountOpened", "AccountRenamed", "AccountClosed", "CategoryDefined",
                     "CategoryRenamed", "CategoryArchived", "ExpenseCaptured", "IncomeRecorded", "TransferMade",
                     "TransactionRecorded", "TransactionEdited", "TransactionVoided", "BudgetSet", "BudgetCleared",
                     "IncomeGoalSet", "ReceiptScanned"]

/// A stored payload read back as any event type: refused with a LedgerError, or decoded into
/// an event whose own payload decodes to the same event (and, for money events, whose
/// transaction state can be built and edited without trapping).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let type = types[Int(data[0]) % types.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let payload = try? JSONValue.parse(bytes),
          let event = try? LedgerEvent(type: type, schemaVersion: 1, payload: payload) else { return 0 }
    guard let again = try? LedgerEvent(type: event.type, schemaVersion: event.schemaVersion, payload: event.payload),
          again == event else { fatalError("\(type) does not round-trip through its payload") }
    if let transaction = try? LedgerTransaction(recordedBy: event) {
        _ = try? transaction.postings.imbalances()
        let change = FieldChange(field: .amount, before: .int(0), after: payload["amount"] ?? .null)
        _ = try? transaction.applying([change])
    }
    return 0
}
