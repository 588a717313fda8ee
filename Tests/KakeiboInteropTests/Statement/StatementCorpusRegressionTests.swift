import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Constructs found in other projects' test files by Tests/Statements/corpus-check.sh, each written
/// here anew (no file is copied) so the fix stays: a reference repeated on one statement, whole
/// amounts, 30 February, a balance without currency, OFX without CURDEF, comments over lines,
/// QIF comment lines, soft hyphens.
final class StatementCorpusRegressionTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .eur, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 7, actor: "tester"))
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func rows(_ text: String, file: String) throws -> [String] {
        try StatementReader.read(text: text, file: file).transactions.map { "\($0.date) \($0.amount) \($0.bankID ?? "-") \($0.payee ?? "-")" }
    }

    func registerAmounts(_ account: String) throws -> [String] {
        try ledger.transactions().flatMap { transaction in
            transaction.lines.filter { $0.account.rawValue == account }.map { "\(transaction.date) \($0.amount.decimalString)" }
        }.sorted()
    }

    // MARK: - Ids a statement repeats

    /// An MT940 reference is free text: a bank may write the same one on every line (one writes `X`,
    /// another the counterparty's account). Each line is imported; the file again appends nothing.
    func testAnMT940ReferenceOnSeveralLinesKeepsEveryLine() throws {
        let path = try write("same-ref.sta", """
            :20:STMT0007
            :25:NL00BANK0123456789
            :28C:12/1
            :60F:C260302EUR100,00
            :61:2603020302D20,00NMSC0099887766
            :86:0099887766 TEA HOUSE
            :61:2603030303D5,00NMSC0099887766
            :86:0099887766 TEA HOUSE
            :61:2603030303D5,00NMSC0099887766
            :86:0099887766 TEA HOUSE
            :62F:C260303EUR70,00
            -
            """)
        let report = try StatementImporter.importStatements(paths: [path], options: .init(account: "assets:bank"), into: ledger)
        XCTAssertEqual(report.appended, 3)
        XCTAssertEqual(try registerAmounts("assets:bank"), ["2026-03-02 -20.00", "2026-03-03 -5.00", "2026-03-03 -5.00"])
        let head = try ledger.head()
        let again = try StatementImporter.importStatements(paths: [path], options: .init(account: "assets:bank"), into: ledger)
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.alreadyRecorded, 3)
        XCTAssertEqual(try ledger.head(), head)
    }

    /// An OFX file that lists one FITID twice lists two transactions: both are kept, and an
    /// overlapping file with that FITID once still finds the first.
    func testAnOFXFileRepeatingAFITIDKeepsBothAndAnOverlapFindsTheFirst() throws {
        func ofx(_ entries: [(String, String, String)]) -> String {
            "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKTRANLIST>\n"
                + entries.map { "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\($0.0)<TRNAMT>\($0.1)<FITID>\($0.2)<NAME>GYM</STMTTRN>\n" }.joined()
                + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        }
        let twice = try write("twice.ofx", ofx([("20260401", "-30.00", "M-1"), ("20260401", "-30.00", "M-1"), ("20260402", "-7.50", "M-2")]))
        let once = try write("once.ofx", ofx([("20260401", "-30.00", "M-1"), ("20260405", "-1.00", "M-3")]))
        XCTAssertEqual(try StatementImporter.importStatements(paths: [twice], options: .init(account: "assets:bank"), into: ledger).appended, 3)
        let overlap = try StatementImporter.importStatements(paths: [once], options: .init(account: "assets:bank"), into: ledger)
        XCTAssertEqual(overlap.appended, 1)
        XCTAssertEqual(overlap.alreadyRecorded, 1)
        XCTAssertEqual(try registerAmounts("assets:bank"), ["2026-04-01 -30.00", "2026-04-01 -30.00", "2026-04-02 -7.50", "2026-04-05 -1.00"])
    }

    // MARK: - MT940 as banks write it

    func testMT940WholeAmountsThirtyFebruaryAndABalanceWithoutCurrency() throws {
        let text = """
            :20:STARTUMS
            :25:10020030/0012345678
            :28C:00004/001
            :60F:C260227EUR300,00
            :61:2602300302DR12,50N024NONREF
            :86:805?00ABSCHLUSS?20Kontofuehrung
            :61:2603030303C250NTRFNONREF//B7K2
            :86:SALARY MARCH
            :62M:C260303537,50
            -
            """
        XCTAssertEqual(try rows(text, file: "bank.sta"), ["2026-02-28 -12.50 - ABSCHLUSS", "2026-03-03 250 B7K2 SALARY MARCH"])
        let statement = try StatementReader.read(text: text, file: "bank.sta")
        XCTAssertEqual(statement.currency, .eur, "the opening balance names it; the closing one does not")
        XCTAssertEqual(statement.closingBalance?.amount.description, "537.50")
        // Day 32 or month 13 is still no date.
        XCTAssertThrowsError(try StatementReader.read(text: ":20:X\n:60F:C260101EUR1,\n:61:2602320302D1,00NMSCNONREF\n", file: "bad.sta")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.sta:3:5: invalid date \"260232\""), "\(error)")
        }
        XCTAssertThrowsError(try StatementReader.read(text: ":20:X\n:60F:C260101EUR1,\n:61:2613010301D1,00NMSCNONREF\n", file: "bad.sta"))
    }

    /// A currency the ledger does not know (the Deutsche Mark) is refused in one line, nothing appended.
    /// The refusal used to come from the reader (`dem.sta:3:1: unknown commodity "DEM"`); since a declared
    /// commodity of that name is taken (issue 32), the importer refuses it, naming the code and what to do.
    func testAnUnknownCurrencyIsRefusedAndNothingIsAppended() throws {
        let path = try write("dem.sta", ":20:X\n:25:1\n:60F:C011231DEM100,00\n:61:0201020102D1,00NMSCNONREF\n:62F:C020102DEM99,00\n-\n")
        let head = try ledger.head()
        XCTAssertThrowsError(try StatementImporter.importStatements(paths: [path], options: .init(account: "assets:bank"), into: ledger)) { error in
            XCTAssertTrue("\(error)".contains("dem.sta:1"), "\(error)")
            XCTAssertTrue("\(error)".contains("the statement is in DEM, which is not in the ISO 4217 table and not declared in this ledger"), "\(error)")
        }
        XCTAssertEqual(try ledger.head(), head)
        // Declared, the same file imports at the declared precision, and reports read it back.
        try ledger.record(.declareCommodity(try Commodity(symbol: "DEM", minorDigits: 2), display: nil))
        let report = try StatementImporter.importStatements(paths: [path], options: .init(account: "assets:bank"), into: ledger)
        XCTAssertEqual(report.appended, 1)
        let dem = try XCTUnwrap(try ledger.commodity(symbol: "DEM"))
        XCTAssertEqual(report.files.first?.closingBalance?.statement, Money(minorUnits: 9_900, currency: dem))
        let bank = try ledger.balances().accounts.first { $0.account.rawValue == "assets:bank" }
        XCTAssertEqual(bank?.amount, Money(minorUnits: -100, currency: dem))
    }

    // MARK: - OFX

    func testOFXWithoutCURDEFTakesTheTransactionsCurrency() throws {
        let text = "OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF></CURDEF><BANKTRANLIST>"
            + "<STMTTRN><DTPOSTED>20260510</DTPOSTED><TRNAMT>42.10</TRNAMT><FITID></FITID><MEMO>Transfer</MEMO>"
            + "<CURRENCY><CURRATE>1.0000</CURRATE><CURSYM>AUD</CURSYM></CURRENCY></STMTTRN>"
            + "<STMTTRN><DTPOSTED>20260511</DTPOSTED><TRNAMT>-2.10</TRNAMT><CURRENCY><CURRATE>1.0</CURRATE><CURSYM>NZD</CURSYM></CURRENCY></STMTTRN>"
            + "</BANKTRANLIST><LEDGERBAL><BALAMT></BALAMT><DTASOF></DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        // The second line is in yet another currency: refused, not read as AUD.
        XCTAssertThrowsError(try StatementReader.read(text: text, file: "aud.ofx")) { error in
            XCTAssertTrue("\(error)".contains("NZD"), "\(error)")
        }
        let one = text.replacingOccurrences(of: "<CURSYM>NZD", with: "<CURSYM>AUD")
        let statement = try StatementReader.read(text: one, file: "aud.ofx")
        XCTAssertEqual(statement.currency?.code, "AUD")
        XCTAssertEqual(statement.transactions.map { "\($0.date) \($0.amount)" }, ["2026-05-10 42.10", "2026-05-11 -2.10"])
        XCTAssertNil(statement.closingBalance, "an empty LEDGERBAL states nothing")
    }

    /// The OFX 2.0.1 specification writes comments after tags, some running over two lines; a
    /// file like that which is not well-formed XML is read by the tokenizer.
    func testOFXCommentsOverSeveralLines() throws {
        let text = """
            OFXHEADER:100
            DATA:OFXSGML

            <OFX>                        <!-- the response -->
            <BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
            <BANKTRANLIST>               <!-- the list of
                                            transactions -->
            <STMTTRN><DTPOSTED>20260601<!-- June 1 --><TRNAMT>-9.99<FITID>A1<NAME>BOOKS & CO
            </STMTTRN>
            <!--
            <STMTTRN><DTPOSTED>20260602<TRNAMT>-1.00<FITID>A2</STMTTRN>
            -->
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        XCTAssertEqual(try rows(text, file: "c.ofx"), ["2026-06-01 -9.99 A1 BOOKS & CO"])
    }

    // MARK: - QIF and text

    func testQIFCommentLinesAndAClearHeader() throws {
        let text = "### exported for the test\n# second comment\n!Clear:AutoSwitch\n!Type:Bank\nD7/4/26\nT-3.20\nPBAKERY\n^\n"
        XCTAssertEqual(StatementReader.detect(text), .qif)
        XCTAssertEqual(try rows(text, file: "c.qif"), ["2026-07-04 -3.20 - BAKERY"])
        XCTAssertEqual(StatementReader.detect("!Clear:AutoSwitch\n!Account\nNChecking\n^\n"), .qif)
    }

    /// ING writes soft hyphens (U+00AD) inside words; the ledger refuses text with an invisible
    /// character, and dropping it changes nothing a person sees.
    func testSoftHyphensAreDroppedFromPayees() throws {
        let text = ":20:X\n:25:1\n:60F:C260101EUR10,00\n:61:2601020102D1,00NMSCNONREF\n:86:VER\u{AD}SICHERUNG\u{200B} AG\n:62F:C260102EUR9,00\n-\n"
        XCTAssertEqual(try rows(text, file: "ing.sta"), ["2026-01-02 -1.00 - VERSICHERUNG AG"])
    }
}

extension StatementCorpusRegressionTests {
    /// A zero-amount line is left out and named; the statement's balance still agrees (Statement.skipped says why).
    func testAZeroAmountLineIsLeftOutNamedAndTheBalanceStillAgrees() throws {
        let path = try write("zero.sta", """
            {1:F01TESTBANKXXXX0000000000}{2:I940X           N}{4:
            :20:FEES0131
            :25:CH0000000000000000000
            :28C:1/1
            :60F:C260101CHF0,
            :61:2601150115D12,NTRFNONREF//R1
            :86:CARD PAYMENT
            :61:2601310131D0,NCHGNONREF//R2
            :86:SERVICE PRICES CLOSING
            :62F:D260131CHF12,
            -}
            """)
        let ledger = try Ledger.create(at: directory.appendingPathComponent("chf.sqlite").path, currency: .chf, timeZone: "UTC",
                                       environment: .deterministic(startingAt: 1_795_262_400_000, seed: 8, actor: "tester"))
        let report = try StatementImporter.importStatements(paths: [path], options: .init(account: "assets:bank"), into: ledger)
        XCTAssertEqual(report.appended, 1)
        XCTAssertEqual(report.files[0].skipped.count, 1)
        XCTAssertTrue(report.files[0].skipped[0].hasSuffix("zero.sta:8: a zero amount"), report.files[0].skipped[0])
        let closing = try XCTUnwrap(report.files[0].closingBalance)
        XCTAssertEqual(closing.statement.decimalString, "-12.00")
        XCTAssertEqual(closing.ledger, closing.statement)
    }
}
