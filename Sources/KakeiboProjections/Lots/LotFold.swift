import KakeiboDomain

/// The lots a recorded transaction opens and takes from, folded into the store: the decider
/// already chose every lot and figure, so the fold only copies them (replay decides nothing).
public enum LotFold {
    public static func apply(_ transaction: LedgerTransaction, at position: Int64, to store: some ProjectionStore) throws {
        var sequence = 0
        for (index, posting) in transaction.postings.enumerated() {
            guard let lot = posting.lot else { continue }
            switch lot.role {
            case .acquired:
                guard let cost = posting.cost else {
                    throw LedgerError.malformedEvent(type: "TransactionRecorded", reason: "a lot acquired without a cost")
                }
                let basis = try cost.weight(of: posting.amount).weight.minorUnits
                let unitCost = cost.per == .unit ? cost.value : LotArithmetic.unitCost(total: cost.value, units: posting.amount)
                try store.insertLot(Lot(id: Lot.id(transactionID: transaction.id, posting: index), accountID: posting.accountID,
                                        commodity: posting.amount.currency, acquiredOn: lot.date ?? transaction.date, label: lot.label,
                                        unitCost: unitCost, costCommodity: cost.commodity, openUnits: posting.amount.minorUnits,
                                        openBasis: basis), at: position)
            case .disposed:
                for take in lot.taken {
                    guard var held = try store.lot(id: take.lotID), held.openUnits >= take.units else {
                        throw LedgerError.malformedEvent(type: "TransactionRecorded", reason: "a sale takes more than lot \(take.lotID) holds")
                    }
                    held.openUnits -= take.units
                    held.openBasis -= take.basis
                    try store.updateLot(held)
                    try store.insertLotDisposal(LotDisposal(transactionID: transaction.id, sequence: sequence, lotID: take.lotID,
                                                            disposedOn: transaction.date, units: take.units, basis: take.basis,
                                                            gain: take.gain, position: position))
                    sequence += 1
                }
                if lot.booking == .average {
                    // Average cost: what is left is held at one cost, so the basis is spread
                    // again over the lots still open, by units (a closed lot keeps none).
                    var lots = try store.openLots(accountID: posting.accountID, commodity: posting.amount.currency)
                    var total: Int64 = 0
                    for take in lot.taken {
                        if let emptied = try store.lot(id: take.lotID), emptied.openUnits == 0, emptied.openBasis != 0 {
                            total += emptied.openBasis
                            var cleared = emptied
                            cleared.openBasis = 0
                            try store.updateLot(cleared)
                        }
                    }
                    total += lots.reduce(0) { $0 + $1.openBasis }
                    let shares = try LotArithmetic.spread(total, over: lots.map(\.openUnits))
                    for index in lots.indices where lots[index].openBasis != shares[index] {
                        lots[index].openBasis = shares[index]
                        try store.updateLot(lots[index])
                    }
                }
            }
        }
    }
}
