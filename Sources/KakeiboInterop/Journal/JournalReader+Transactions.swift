import KakeiboDomain

extension JournalReader {
    /// A transaction whose postings are still being read.
    struct PendingTransaction {
        var location: SourceLocation
        var date: LocalDate
        var status: JournalTransaction.Status
        var code: String?
        var payee: String?
        var note: String?
        var comments: [String]
        /// `2026-01-05=2026-01-07`: hledger's secondary date.
        var date2: LocalDate? = nil
        var postings: [PendingPosting] = []
        /// Set for a `~` periodic transaction, which becomes budgets, not a transaction.
        var periodic: Journal.PeriodicRule? = nil
    }

    struct PendingPosting {
        var location: SourceLocation
        var account: AccountName
        var amount: Money?
        var assertion: Money?
        /// `=*` or `==*`: the assertion counts the subaccounts too.
        var inclusive = false
        /// `(account)` or `[account]`.
        var virtual: PostingVirtuality?
        /// The account name as written, when an `alias` made it another.
        var writtenAs: String?
        /// `@ $1.09` or `@@ $33.15`, as written.
        var cost: PostingCost? = nil
        /// `{…}`: a lot acquired or the lots a sale takes (`JournalReader+Lots.swift`).
        var lot: LotPart? = nil
        /// `  * assets:bank  $5`: the posting's own mark (issue 32).
        var status: TransactionStatus? = nil
        /// Where the asserted amount starts, so a failed assertion points at it.
        var assertionColumn: Int
        /// The amount came from a balance assignment (`= $50` with no amount).
        var assigned = false
        /// `==`: the assertion or assignment covers every commodity, the others at zero.
        var total = false
        var comments: [String]
        /// Added by the automated posting rule `= QUERY` (its text).
        var generatedBy: String? = nil
    }

    // MARK: - Header

    /// `DATE [*|!] [(CODE)] DESCRIPTION [; COMMENT]`, where DESCRIPTION may be `PAYEE | NOTE`.
    /// Every delimiter is an ASCII character, so the UTF-8 bytes are walked, not characters, as
    /// for postings: a character walk (grapheme breaking) over every header was ~13 % of reading a
    /// 300k-transaction journal (perf).
    mutating func readTransactionHeader(_ line: Substring, location: SourceLocation) throws(ImportError) {
        let bytes = line.utf8
        var dateEnd = bytes.startIndex
        // The date ends at a space, a tab, a secondary date's "=" or a comment's ";".
        scan: while dateEnd < bytes.endIndex {
            switch bytes[dateEnd] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "="), UInt8(ascii: ";"): break scan
            default: dateEnd = bytes.index(after: dateEnd)
            }
        }
        let dateText = line[..<dateEnd]
        var rest = line[dateEnd...]
        let date = try AmountSyntax.date(dateText, at: location, defaultYear: defaultYear)
        var date2: LocalDate?
        if rest.starts(withASCII: "=") {
            // `=2026-01-07` or `=01-07` (the primary date's year), as hledger reads it.
            let after = rest.dropFirst()
            let text = after.prefix { $0 != " " && $0 != "\t" && $0 != ";" }
            date2 = try AmountSyntax.date(text, at: location.at(column: line.column(of: after)), defaultYear: date.year)
            rest = after[text.endIndex...]
        }
        rest = rest.trimmingSpaces()
        var status = JournalTransaction.Status.unmarked
        if rest.starts(withASCII: "*") || rest.starts(withASCII: "!") {
            status = rest.starts(withASCII: "*") ? .cleared : .pending
            rest = rest.after(ascii: rest.startIndex).trimmingSpaces()
        }
        var code: String?
        if rest.starts(withASCII: "(") {
            guard let close = rest.firstIndex(ofASCII: ")") else {
                throw .syntax(location.at(column: line.column(of: rest)), expected: "a \")\" closing the code", found: "the end of the line")
            }
            code = try cleanText(rest.after(ascii: rest.startIndex)[..<close], at: location.at(column: line.column(of: rest)))
            rest = rest.after(ascii: close).trimmingSpaces()
        }
        var comment: String?
        if let semicolon = rest.firstIndex(ofASCII: ";") {
            comment = try cleanText(rest.after(ascii: semicolon), at: location.at(column: line.column(of: rest[semicolon...])))
            rest = rest[..<semicolon]
        }
        var payee = try cleanText(rest, at: location.at(column: line.column(of: rest)))
        var note: String?
        if let bar = rest.firstIndex(ofASCII: "|") {
            payee = try cleanText(rest[..<bar], at: location.at(column: line.column(of: rest)))
            note = try cleanText(rest.after(ascii: bar), at: location.at(column: line.column(of: rest[bar...])))
        }
        pending = PendingTransaction(location: location, date: date, status: status, code: code, payee: payee, note: note,
                                     comments: comment.map { [$0] } ?? [], date2: date2)
    }

    func cleanText(_ text: Substring, at location: SourceLocation) throws(ImportError) -> String? {
        guard let clean = UntrustedText.clean(text) else { return nil }
        guard FreeText.fitsLength(clean) else {
            throw .invalidText(location, reason: "text longer than \(FreeText.maximumBytes) bytes; shorten it")
        }
        return clean
    }

    // MARK: - Postings

    /// `  [*|!] ACCOUNT  [AMOUNT] [= ASSERTION] [; COMMENT]`, or `  ; COMMENT`.
    mutating func readPostingLine(_ line: Substring, content: Substring, location: SourceLocation) throws(ImportError) {
        // Columns count characters, as hledger's do; on an ASCII line (most of them) bytes are characters.
        let ascii = line.utf8.allSatisfy { $0 < 0x80 }
        func column(_ s: Substring) -> Int {
            (ascii ? line.utf8.distance(from: line.startIndex, to: s.startIndex) : line.distance(from: line.startIndex, to: s.startIndex)) + 1
        }
        // Only `;`: inside a transaction hledger reads `  #a  1` as a posting to the account `#a`.
        if content.first == ";" {
            let text = try cleanText(content.dropFirst(), at: location.at(column: column(content)))
            guard let text else { return }
            if pending!.postings.isEmpty {
                pending!.comments.append(text)
            } else {
                pending!.postings[pending!.postings.count - 1].comments.append(text)
            }
            return
        }
        var rest = content
        var status: TransactionStatus?
        if let f = rest.first, f == "*" || f == "!" {
            status = f == "*" ? .cleared : .pending
            rest = rest.dropFirst().trimmingSpaces()
        }
        // The account ends at two spaces, a tab, a " ;" comment or the end of the line. UTF-8 bytes,
        // not characters, are walked here and below: every delimiter is an ASCII character.
        let bytes = rest.utf8
        let space = UInt8(ascii: " ")
        var end = bytes.startIndex
        while end < bytes.endIndex {
            let c = bytes[end]
            if c == UInt8(ascii: "\t") { break }
            if c == space {
                let after = bytes.index(after: end)
                if after == bytes.endIndex || bytes[after] == space || bytes[after] == UInt8(ascii: ";") { break }
            }
            end = bytes.index(after: end)
        }
        var accountText = rest[..<end]
        var virtual: PostingVirtuality?
        if let f = accountText.first, f == "(" || f == "[" {
            let close: Character = f == "(" ? ")" : "]"
            guard accountText.count > 2, accountText.last == close else {
                throw .syntax(location.at(column: column(rest)), expected: "a virtual account closed by \"\(close)\"",
                              found: "\"\(accountText)\"")
            }
            virtual = f == "(" ? .unbalanced : .balanced
            accountText = accountText.dropFirst().dropLast()
        }
        let account = try accountName(accountText, at: location.at(column: column(rest) + (virtual == nil ? 0 : 1)))
        // An alias changed it: the event keeps the name as written beside the one used.
        let writtenAs = aliases.isEmpty || account.rawValue == accountText ? nil : String(accountText)
        rest = rest[end...].trimmingSpaces()

        var comments: [String] = []
        if let semicolon = rest.firstIndex(ofASCII: ";") {
            if let text = try cleanText(rest.after(ascii: semicolon), at: location.at(column: column(rest[semicolon...]))) {
                comments.append(text)
            }
            rest = rest[..<semicolon].trimmingSpaces()
        }
        var amountText = rest
        var assertionText: Substring?
        var inclusive = false
        var total = false
        if let equals = rest.firstIndex(ofASCII: "=") {
            amountText = rest[..<equals].trimmingSpaces()
            var assertion = rest.after(ascii: equals)
            // `==`: the same for one-currency accounts; an assignment with it zeroes the other commodities.
            if assertion.first == "=" { assertion = assertion.dropFirst(); total = true }
            if assertion.first == "*" {
                inclusive = true
                assertion = assertion.dropFirst()
            }
            // `= 1 AAA @ 1.20 USD`: hledger ignores an asserted amount's price.
            if let at = assertion.firstIndex(of: "@") { assertion = assertion[..<at] }
            assertionText = assertion.trimmingSpaces()
        }
        if let found = rest.firstIndex(ofASCII: "(") {
            throw .unsupported(location.at(column: column(rest[found...])), found: "an amount expression (\"(\")",
                               hint: "work the amount out and write it plainly")
        }
        var costText: Substring?
        var perTotal = false
        if let at = amountText.firstIndex(ofASCII: "@") {
            var after = amountText.after(ascii: at)
            if after.starts(withASCII: "@") { perTotal = true; after = after.dropFirst() }
            costText = after.trimmingSpaces()
            amountText = amountText[..<at].trimmingSpaces()
            if amountText.isEmpty {
                throw .syntax(location.at(column: column(rest)), expected: "an amount before \"@\"", found: "nothing")
            }
        }
        let lot = try takeLot(from: &amountText, location: location, column: column)
        let amount = amountText.isEmpty ? nil : try amounts.amount(amountText, at: location.at(column: column(amountText)))
        let cost = try costText.map { (text) throws(ImportError) -> PostingCost in
            guard !text.isEmpty else {
                throw .syntax(location.at(column: column(text)), expected: "a price after \"@\"", found: "nothing")
            }
            let (value, commodity) = try amounts.price(text, at: location.at(column: column(text)))
            guard commodity != amount?.currency else {
                throw .syntax(location.at(column: column(text)), expected: "a price in another commodity than the amount's",
                              found: "\"\(text)\"")
            }
            return PostingCost(per: perTotal ? .total : .unit, value: value, commodity: commodity)
        }
        // `(account)  0.50h @ $90` balances with nothing, so its cost converts nothing; an auto rule
        // multiplying it carries it to the real postings it generates (auto-postings-04 of hledger's
        // tests). It is kept as a `cost:` comment once the rules are applied (`keepVirtualCosts`).
        if virtual == .balanced, let at = rest.firstIndex(ofASCII: "@") {
            throw .unsupported(location.at(column: column(rest[at...])), found: "a cost on a virtual posting",
                               hint: "convert on a real posting; virtual postings here are in one commodity each")
        }
        let assertion = try assertionText.map { (text) throws(ImportError) -> Money in
            guard !text.isEmpty else {
                throw .syntax(location.at(column: column(text)), expected: "an amount after \"=\"", found: "nothing")
            }
            return try amounts.amount(text, at: location.at(column: column(text)))
        }
        pending!.postings.append(PendingPosting(location: location.at(column: column(content)), account: account, amount: amount,
                                                assertion: assertion, inclusive: inclusive, virtual: virtual, writtenAs: writtenAs, cost: cost,
                                                assertionColumn: assertionText.map(column) ?? column(content),
                                                comments: comments))
        pending!.postings[pending!.postings.count - 1].total = total
        pending!.postings[pending!.postings.count - 1].lot = lot
        pending!.postings[pending!.postings.count - 1].status = status
    }

    // MARK: - Balancing

    /// Fills the elided amount, checks the balance, the accounts' currencies and the assertions.
    mutating func finishTransaction() throws(ImportError) {
        guard var txn = pending else { return }
        pending = nil
        if txn.periodic != nil { return try finishPeriodic(txn) }
        if txn.postings.contains(where: { $0.amount == nil && $0.assertion != nil }) { sawBalanceAssignment = true }
        try resolveBalanceAssignments(&txn)
        // No postings is a dated note, as hledger keeps it; one posting must balance on its own (be zero).
        // Real postings balance among themselves, `[virtual]` ones too, each group with its own
        // elided amount; `(virtual)` ones balance with nothing (group nil).
        func group(_ posting: PendingPosting) -> Int? {
            switch posting.virtual { case nil: 0; case .balanced?: 1; case .unbalanced?: nil }
        }
        var groupSums: [[Currency: Int64]] = [[:], [:]]
        var elidedIn: [Int?] = [nil, nil]
        /// A cost whose weight has more decimals than its commodity is stored with (`1C @ $1.0049`).
        var roundedIn: [(location: SourceLocation, commodity: Commodity)?] = [nil, nil]
        var inexactWeights: [[(cost: PostingCost, amount: Money)]] = [[], []]
        for (index, posting) in txn.postings.enumerated() {
            // An amountless `(account)` is zero to hledger (virtual-postings-06 of its tests): it moves
            // nothing, so it is left out below.
            guard let g = group(posting) else { continue }
            guard let amount = posting.amount else {
                if elidedIn[g] != nil {
                    throw .unbalanced(posting.location, detail: "only one posting may leave its amount out; this is the second")
                }
                elidedIn[g] = index
                continue
            }
            var sums = groupSums[g]
            defer { groupSums[g] = sums }
            // A priced posting balances at its weight, as in hledger: 500 EUR @ $1.09 counts $545.00.
            var weight = amount
            if let cost = posting.cost ?? posting.lot?.cost {
                do {
                    let (exact, residual) = try cost.weight(of: amount)
                    weight = exact
                    if residual.mantissa != 0 {
                        if roundedIn[g] == nil { roundedIn[g] = (posting.location, cost.commodity) }
                        inexactWeights[g].append((cost, amount))
                    }
                } catch {
                    throw .invalidAmount(posting.location, text: amount.description, reason: error.description)
                }
            }
            let (sum, overflow) = (sums[weight.currency] ?? 0).addingReportingOverflow(weight.minorUnits)
            guard !overflow else { throw .invalidAmount(posting.location, text: amount.description, reason: MoneyError.overflow.description) }
            sums[weight.currency] = sum
        }
        var offIn = groupSums.map { sums in
            sums.filter { $0.value != 0 }.map { Money(minorUnits: $0.value, currency: $0.key) }.sorted { $0.currency < $1.currency }
        }
        if elidedIn[0] == nil, inferCosts(&txn, off: offIn[0]) { offIn[0] = []; groupSums[0] = [:] }
        for g in 0..<2 where elidedIn[g] == nil && !offIn[g].isEmpty {
            let off = offIn[g]
            throw .unbalanced(txn.location, detail: (g == 1 ? "the [virtual] postings: " : "")
                              + off.map { "\($0.currency.code) off by \($0.decimalString)" }.joined(separator: ", ")
                              + (off.count > 1 ? "; a conversion needs its rate: write @ UNITPRICE or @@ TOTALPRICE on one posting" : ""))
        }
        // A weight with more decimals than its commodity is read at (£8.40 @ $1.26 is $10.584) that an
        // elided amount takes: its decimals are noted (`noteExactWeightDigits`), the journal is read
        // again with the commodity at that precision, and the ledger's grows to it, so the amount
        // left out is exact. With no amount left out, hledger balances the transaction at display
        // precision (`1C @ $1.0049` against `$-1.00`, precision-04 of its tests): the weight is
        // counted at the stored precision, as hledger's balance check rounds it.
        for g in 0..<2 where elidedIn[g] != nil {
            for (cost, amount) in inexactWeights[g] { noteExactWeightDigits(cost, of: amount) }
        }
        _ = roundedIn
        var filled: [FilledPosting] = []
        filled.reserveCapacity(txn.postings.count)
        for posting in txn.postings where posting.amount != nil || posting.virtual != .unbalanced {
            var amounts: [Money]
            if let given = posting.amount {
                amounts = [given]
            } else {
                // Nothing left to balance: hledger posts zero, which moves nothing; left out here.
                // Several commodities left: one posting each, as hledger does.
                amounts = []
                for off in offIn[group(posting) ?? 0] {
                    do { amounts.append(try off.negated()) } catch {
                        throw .invalidAmount(posting.location, text: off.description, reason: error.description)
                    }
                }
                // Beside a cost that weighs nothing (`7 EUR @ $0`) it is that zero, in the cost's
                // commodity: the posting the priced one comes from, which the importer keeps.
                let g = group(posting) ?? 0
                if amounts.isEmpty, txn.postings.contains(where: { group($0) == g && $0.cost != nil }),
                   let currency = groupSums[g].keys.sorted().first {
                    amounts = [.zero(currency)]
                }
            }
            for amount in amounts { filled.append((posting, amount)) }
        }
        if !autoRules.isEmpty { filled = try applyAutoRules(filled, of: txn) }
        keepVirtualCosts(&filled)
        // Every posting on one account, each commodity summing to zero (`a 1` and `a`, comments-01
        // of hledger's tests): no money moves, so hledger's balances have nothing of it. Kept as a
        // dated note, as a transaction with no postings is; a ledger transaction needs two accounts.
        if filled.count >= 2, let first = filled.first?.posting.account,
           filled.allSatisfy({ $0.posting.account == first && $0.posting.cost == nil && $0.posting.lot == nil
                               && $0.posting.assertion == nil && $0.posting.virtual == nil }) {
            var sums: [Currency: Int64] = [:]
            for (_, amount) in filled { sums[amount.currency, default: 0] &+= amount.minorUnits }
            if sums.values.allSatisfy({ $0 == 0 }) { filled = [] }
        }
        var postings: [JournalPosting] = []
        postings.reserveCapacity(filled.count)
        for (posting, amount) in filled {
            let balanceKey = BalanceKey(account: posting.account.rawValue, commodity: amount.currency.code)
            let balance: Money
            do { balance = try (balances[balanceKey] ?? .zero(amount.currency)).adding(amount) } catch {
                throw .balanceOverflow(posting.location, account: posting.account.rawValue)
            }
            balances[balanceKey] = balance
            if posting.assertion != nil {
                // Checked in date order: once the whole journal is read (`checkAssertions`), or as
                // the transaction is handed on when streamed (`keep`).
                assertionColumns[PostingIndex(transaction: transactionCount, posting: postings.count)] = posting.assertionColumn
            }
            let comment = posting.comments.isEmpty ? nil : posting.comments.joined(separator: " ")
            let tags = UntrustedText.tags(in: comment)
            // A zero posting is left out (it moves nothing), so its own date has nothing to date (posting-dates-01).
            if tags["date"] != nil || tags["date2"] != nil, !amount.isZero {
                // hledger dates such a posting differently from its transaction; Kakeibo has one date.
                throw .unsupported(posting.location, found: "a posting date (\"date:\" tag)",
                                   hint: "split the posting into its own transaction on that date")
            }
            // A posting keeps its line's text only for the assertion checked after the whole journal
            // is read; an error about any other shows it read back from the file (`SourceLocation.excerpt`).
            postings.append(JournalPosting(location: posting.assertion == nil ? posting.location.withoutText : posting.location,
                                           account: posting.account, amount: amount,
                                           amountWasElided: posting.amount == nil, assertion: posting.assertion,
                                           assertionIsInclusive: posting.inclusive,
                                           virtual: posting.virtual, accountAsWritten: posting.writtenAs,
                                           comment: try limited(comment, at: posting.location), tags: tags, cost: posting.cost,
                                           generatedBy: posting.generatedBy))
            postings[postings.count - 1].status = posting.status
            postings[postings.count - 1].lot = posting.lot?.input
        }
        let comment = txn.comments.isEmpty ? nil : txn.comments.joined(separator: " ")
        let transaction = JournalTransaction(location: txn.location.withoutText, date: txn.date, status: txn.status, code: txn.code,
                                             payee: txn.payee, note: txn.note, comment: comment,
                                             tags: UntrustedText.tags(in: comment), postings: postings, date2: txn.date2)
        _ = try limited(transaction.memo, at: txn.location)
        try keep(transaction)
    }

    /// hledger's inferred cost: real postings in exactly two commodities, none priced, off in
    /// opposite directions (`c  C 10.00`, `c  C 11.00`, `d  D -320.00`) are a conversion, the
    /// postings of the first commodity met priced at the other's total (precision-07 and -08,
    /// auto-postings-10 of hledger's tests). Each gets a total cost (`@@`), its share of that total
    /// in proportion to its amount, the last taking what is left, so the weights sum exactly and
    /// no amount is rounded; the posting is tagged `inferred-cost:` so the guess stays visible.
    /// False (nothing changed) when the transaction is not such a conversion.
    func inferCosts(_ txn: inout PendingTransaction, off: [Money]) -> Bool {
        let postings = txn.postings
        let real = postings.indices.filter { postings[$0].virtual == nil }
        guard off.count == 2, (off[0].minorUnits < 0) != (off[1].minorUnits < 0),
              real.allSatisfy({ postings[$0].cost == nil && postings[$0].lot == nil && postings[$0].amount != nil }),
              let firstCurrency = real.map({ postings[$0].amount!.currency }).first(where: { c in off.contains { $0.currency == c } }),
              let from = off.first(where: { $0.currency == firstCurrency }), let to = off.first(where: { $0.currency != firstCurrency })
        else { return false }
        let priced = real.filter { postings[$0].amount?.currency == from.currency }
        guard priced.allSatisfy({ (postings[$0].amount!.minorUnits < 0) == (from.minorUnits < 0) }) else { return false }
        let total = to.minorUnits.magnitude, whole = from.minorUnits.magnitude
        var left = total
        var shares: [UInt64] = []
        for (n, index) in priced.enumerated() {
            if n == priced.count - 1 { shares.append(left); break }
            let (high, low) = total.multipliedFullWidth(by: txn.postings[index].amount!.minorUnits.magnitude)
            guard high < whole else { return false }
            let share = whole.dividingFullWidth((high, low)).quotient
            shares.append(share)
            left -= min(share, left)
        }
        guard shares.allSatisfy({ $0 <= UInt64(Int64.max) }) else { return false }
        for (index, share) in zip(priced, shares) {
            let value = ExactDecimal(mantissa: Int64(share), scale: to.currency.minorDigits)
            txn.postings[index].cost = PostingCost(per: .total, value: value, commodity: to.currency)
            txn.postings[index].comments.append("inferred-cost: @@ \(value) \(to.currency.code)")
        }
        return true
    }

    /// `assets:cash  = $50` with no amount: the amount is what brings the account's balance (in this
    /// file, in file order, as for assertions) to the asserted one — hledger's balance assignment.
    func resolveBalanceAssignments(_ txn: inout PendingTransaction) throws(ImportError) {
        var index = 0
        while index < txn.postings.count {
            defer { index += 1 }
            guard txn.postings[index].amount == nil, let target = txn.postings[index].assertion else { continue }
            if txn.postings[index].inclusive {
                try resolveInclusiveAssignment(&txn, at: index, target: target)
                continue
            }
            let account = txn.postings[index].account
            var running = balances[BalanceKey(account: account.rawValue, commodity: target.currency.code)] ?? .zero(target.currency)
            for earlier in txn.postings[..<index] where earlier.account == account {
                guard let amount = earlier.amount else { continue }
                if amount.currency == running.currency, let sum = try? running.adding(amount) { running = sum }
            }
            guard running.currency == target.currency else {
                throw .currencyMismatch(txn.postings[index].location, account: account.rawValue,
                                        accountCurrency: running.currency.code, found: target.currency.code)
            }
            do { txn.postings[index].amount = try target.subtracting(running) } catch {
                throw .invalidAmount(txn.postings[index].location, text: target.description, reason: error.description)
            }
            txn.postings[index].assertion = nil // holds by construction
            txn.postings[index].assigned = true
        }
    }

    /// `income  ==* 0`: the amount brings the balance of the account and its subaccounts to the
    /// target, as hledger computes it: in the target's commodity (a bare zero targets whichever
    /// the subtree holds), and with `==*` also every other commodity the subtree holds to zero,
    /// one posting per commodity.
    func resolveInclusiveAssignment(_ txn: inout PendingTransaction, at index: Int, target: Money) throws(ImportError) {
        let posting = txn.postings[index]
        let name = posting.account.rawValue
        let prefix = name + ":"
        var subtree: [Currency: Money] = [:]
        func add(_ amount: Money) throws(ImportError) {
            do { subtree[amount.currency] = try (subtree[amount.currency] ?? .zero(amount.currency)).adding(amount) } catch {
                throw .balanceOverflow(posting.location, account: name, total: true)
            }
        }
        for (key, balance) in balances where key.account == name || key.account.hasPrefix(prefix) {
            try add(balance)
        }
        for earlier in txn.postings[..<index] where earlier.account.rawValue == name || earlier.account.rawValue.hasPrefix(prefix) {
            if let amount = earlier.amount { try add(amount) }
        }
        let bareZero = target.currency.isBare && target.isZero
        var amounts: [Money] = []
        for (currency, balance) in subtree.sorted(by: { $0.key < $1.key }) {
            let goal: Money
            if currency == target.currency || (bareZero && (posting.total || subtree.filter { !$0.value.isZero }.count == 1)) {
                goal = bareZero ? .zero(currency) : target
            } else if posting.total {
                goal = .zero(currency)
            } else {
                continue
            }
            do {
                let amount = try goal.subtracting(balance)
                if !amount.isZero { amounts.append(amount) }
            } catch {
                throw .invalidAmount(posting.location, text: target.description, reason: error.description)
            }
        }
        if subtree[target.currency] == nil, !target.isZero { amounts.append(target) }
        var resolved = posting
        resolved.assertion = nil // holds by construction
        resolved.assigned = true
        guard !amounts.isEmpty else {
            // Already at the target: nothing to move.
            resolved.amount = .zero(target.currency)
            txn.postings[index] = resolved
            return
        }
        var replacements: [PendingPosting] = []
        for amount in amounts {
            var one = resolved
            one.amount = amount
            replacements.append(one)
        }
        txn.postings.replaceSubrange(index...index, with: replacements)
    }

    private func limited(_ text: String?, at location: SourceLocation) throws(ImportError) -> String? {
        if let text, !FreeText.fitsLength(text) {
            throw .invalidText(location, reason: "comment longer than \(FreeText.maximumBytes) bytes; shorten it")
        }
        return text
    }
}

extension JournalReader {
    /// `1C @ $1.0049` weighs $1.0049: the cost commodity needs 4 decimals to hold it exactly (the
    /// product's scale, less its trailing zeros). Noted like an amount written with 4 decimals, so
    /// the journal is read again at that precision (`readFixingBarePrecision`).
    mutating func noteExactWeightDigits(_ cost: PostingCost, of amount: Money) {
        var (mantissa, scale) = (cost.value.mantissa, cost.value.scale)
        if cost.per == .unit {
            let (product, overflow) = amount.minorUnits.multipliedReportingOverflow(by: cost.value.mantissa)
            guard !overflow else { return }
            (mantissa, scale) = (product, amount.currency.minorDigits + cost.value.scale)
        }
        while scale > 0, mantissa % 10 == 0 { mantissa /= 10; scale -= 1 }
        guard scale > cost.commodity.minorDigits, scale <= Commodity.maximumDigits else { return }
        guard !cost.commodity.isBare else { return }
        weightDigitsSeen[cost.commodity.code] = max(weightDigitsSeen[cost.commodity.code] ?? 0, scale)
    }
}

extension JournalReader {
    /// An unbalanced `(virtual)` posting's cost, once the auto rules have read it: written into the
    /// posting's comment (`cost: @ 90 USD`), so nothing the journal said is lost and no conversion
    /// is recorded for money that moved nowhere. hledger's balances do not count it either.
    func keepVirtualCosts(_ filled: inout [FilledPosting]) {
        for index in filled.indices where filled[index].posting.virtual == .unbalanced {
            guard let cost = filled[index].posting.cost else { continue }
            filled[index].posting.comments.append("cost: \(cost.per == .unit ? "@" : "@@") \(cost.value) \(cost.commodity.code)")
            filled[index].posting.cost = nil
        }
    }
}
