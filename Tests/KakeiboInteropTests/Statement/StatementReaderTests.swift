import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import XCTest

/// The statement readers on the fixtures (Fixtures/statements, written from the formats'
/// specifications) and on the specifications' own small examples: count, dates, amounts, payees,
/// bank ids; malformed input refused with file:line.
final class StatementReaderTests: XCTestCase {
    static let folder = Tools.fixtures.deletingLastPathComponent().appendingPathComponent("statements")
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func read(_ name: String, format: StatementFormat? = nil, encoding: StatementEncoding? = nil) throws -> Statement {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.path(name)))
        return try StatementReader.read(bytes: [UInt8](data), file: name, format: format, encoding: encoding)
    }

    func rows(_ statement: Statement) -> [String] {
        statement.transactions.map { "\($0.date) \($0.amount) \($0.bankID ?? "-") \($0.payee ?? "-") | \($0.memo ?? "-")" }
    }

    func testOFX1SGMLInWindows1252WithAWarning() throws {
        let statement = try read("checking-2026-01.ofx")
        XCTAssertEqual(statement.format, .ofx)
        XCTAssertEqual(statement.currency, .usd)
        XCTAssertEqual(rows(statement), [
            "2026-01-02 2500.00 2026010201 ACME PAYROLL | Salary January",
            "2026-01-05 -4.75 2026010501 Café Crème | Card 1234 – morning coffee",
            "2026-01-10 -1200.00 2026011001 Maple Court Rentals | -",
            "2026-01-20 -63.18 2026012001 CITY POWER & LIGHT | Bill 0126",
        ])
        XCTAssertEqual(statement.closingBalance?.date.description, "2026-01-31")
        XCTAssertEqual(statement.closingBalance?.amount.description, "1232.07")
        XCTAssertEqual(statement.warnings, ["warn code 2000: Some transactions older than 90 days were not included"])
    }

    func testOFX2XMLWithPayeeAggregateAndPlusSign() throws {
        let statement = try read("checking-2026-01-02.ofx")
        XCTAssertEqual(rows(statement), [
            "2026-01-20 -63.18 2026012001 CITY POWER & LIGHT | Bill 0126",
            "2026-02-02 2500.00 2026020201 ACME PAYROLL | Salary February",
            "2026-02-15 -400.00 2026021501 Visa card payment | -",
        ])
        XCTAssertEqual(statement.closingBalance?.amount.description, "3332.07")
    }

    func testQFXCardWithLowercaseTagsAndADecimalComma() throws {
        let statement = try read("card-2026-02.qfx")
        XCTAssertEqual(rows(statement), [
            "2026-02-03 -31.40 C-0203-1 GROCER ONE | -",
            "2026-02-09 -15.00 C-0209-1 STREAMFLIX | monthly",
            "2026-02-16 400.00 C-0216-1 PAYMENT THANK YOU | -",
        ])
    }

    func testQIFWithApostropheYearsGroupingAndIdenticalRecords() throws {
        let statement = try read("checking-2026-03.qif")
        XCTAssertEqual(statement.format, .qif)
        XCTAssertNil(statement.currency)
        XCTAssertNil(statement.closingBalance)
        XCTAssertEqual(rows(statement), [
            "2026-03-02 2500.00 - ACME PAYROLL | Salary March",
            "2026-03-04 -4.75 - Café Crème | -",
            "2026-03-10 -1200.00 - Maple Court Rentals | -",
            "2026-03-14 -86.20 - FARMERS MARKET | -",
            "2026-03-14 -86.20 - FARMERS MARKET | -",
        ])
    }

    func testQIFInUTF16DayFirstWithDecimalCommas() throws {
        let statement = try read("card-2026-03-utf16.qif")
        XCTAssertEqual(rows(statement), [
            "2026-03-05 -12.99 - Bücherstube Köln | -",
            "2026-03-18 -45.00 - Tankstelle Süd | diesel",
            "2026-03-31 400.00 - Zahlung danke | -",
        ])
    }

    func testCAMTBatchSplitsIntoItsPartsAndPendingIsLeftOut() throws {
        let statement = try read("giro-2026-04.camt053.xml")
        XCTAssertEqual(statement.format, .camt053)
        XCTAssertEqual(statement.currency, .eur)
        XCTAssertEqual(rows(statement), [
            "2026-04-01 2450.00 20260401-0001 Kirschbaum GmbH | Gehalt April 2026",
            "2026-04-03 -950.00 20260403-0007/1 Hausverwaltung Lindenhof | Miete April Wohnung 3",
            "2026-04-03 -84.50 20260403-0007/2 Stadtwerke | Abschlag Strom",
            "2026-04-03 -140.00 20260403-0007/3 Sportverein & Co | Beitrag Q2",
            "2026-04-20 -80.00 20260420-0002 Bäckerei Schmidt | Kartenzahlung",
        ])
        XCTAssertEqual(statement.closingBalance?.amount.description, "2195.50")
        XCTAssertEqual(statement.skipped.count, 1)
        XCTAssertTrue(statement.skipped[0].contains("not booked (PDNG)"), statement.skipped[0])
    }

    func testCAMTInDeclaredLatin1() throws {
        XCTAssertEqual(rows(try read("giro-2026-05-latin1.camt053.xml")),
                       ["2026-05-04 -135.00 20260504-0003 Müller Söhne Gärtnerei | Pflanzen für den Balkon"])
    }

    func testMT940WithEnvelopeStructuredDetailsAndReversals() throws {
        let statement = try read("giro-2026-06.mt940")
        XCTAssertEqual(statement.format, .mt940)
        XCTAssertEqual(statement.currency, .eur)
        XCTAssertEqual(rows(statement), [
            "2026-06-02 -54.30 B6F02A01 Telefonica Germany GmbH | Mobilfunk Juni Kd-Nr 4711",
            "2026-06-15 1200 SAL-0615 Kirschbaum GmbH | Gehalt Juni",
            "2026-06-20 54.30 B6F20A03 Telefonica Germany GmbH | Mobilfunk Juni",
            "2026-06-25 -19.99 - Bäckerei Schmidt Filiale Hauptbahnhof | -",
        ])
        XCTAssertEqual(statement.closingBalance?.amount.description, "3240.51")
    }

    func testMalformedFilesAreRefusedWithTheirPlace() throws {
        XCTAssertThrowsError(try read("truncated.ofx")) { error in
            XCTAssertEqual("\(error)", "truncated.ofx:17:1: expected </STMTTRN> before the end of the file (is the file cut short?), found the end of the file")
        }
        XCTAssertThrowsError(try read("bad-amount.camt053.xml")) { error in
            XCTAssertEqual("\(error)", "bad-amount.camt053.xml:5:1: expected an amount like 12.34, found \"12.5O\" at /Document/BkToCstmrStmt/Stmt/Ntry/Amt")
        }
        XCTAssertThrowsError(try StatementReader.read(text: "hello, world\n", file: "x.txt")) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.txt:1:1: expected an OFX, QFX, QIF, CAMT.053 or MT940 statement"), "\(error)")
        }
    }

    /// OFX 1.0.2 specification, 11.4.2.2 (a bank statement response), trimmed: unclosed elements,
    /// one aggregate per line or several, and the signed amounts as the spec writes them.
    func testTheOFXSpecificationsStatementExample() throws {
        let text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX>
            <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>19961029101003<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
            <BANKMSGSRSV1>
            <STMTTRNRS>
            <TRNUID>1001
            <STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <STMTRS>
            <CURDEF>USD
            <BANKACCTFROM><BANKID>121099999<ACCTID>999988<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST>
            <DTSTART>19961001<DTEND>19961028
            <STMTTRN><TRNTYPE>CHECK<DTPOSTED>19961004<TRNAMT>-200.00<FITID>00002<CHECKNUM>1000</STMTTRN>
            <STMTTRN><TRNTYPE>ATM<DTPOSTED>19961005<DTUSER>19961005<TRNAMT>-300.00<FITID>00003</STMTTRN>
            </BANKTRANLIST>
            <LEDGERBAL><BALAMT>200.29<DTASOF>199610291120</LEDGERBAL>
            <AVAILBAL><BALAMT>200.29<DTASOF>199610291120</AVAILBAL>
            </STMTRS>
            </STMTTRNRS>
            </BANKMSGSRSV1>
            </OFX>

            """
        let statement = try StatementReader.read(text: text, file: "spec.ofx")
        XCTAssertEqual(rows(statement), ["1996-10-04 -200.00 00002 - | -", "1996-10-05 -300.00 00003 - | -"])
        XCTAssertEqual(statement.closingBalance?.amount.description, "200.29")
        XCTAssertEqual(statement.closingBalance?.date.description, "1996-10-29")
    }

    func testTheTokenizerHoistsChildrenOfAnEmptyElementAndReadsClosedDataTags() throws {
        let document = try OFXTokenizer.parse("<OFX><A><MEMO>\n<B>1</B><C>x &amp; y\n</A></OFX>", file: "t")
        let a = try XCTUnwrap(document.root.path("OFX", "A"))
        XCTAssertEqual(a.children.map(\.name), ["MEMO", "B", "C"])
        XCTAssertEqual(a.value("B"), "1")
        XCTAssertEqual(a.value("C"), "x & y")
        XCTAssertThrowsError(try OFXTokenizer.parse("<OFX><A></B></A></OFX>", file: "t")) { error in
            XCTAssertEqual("\(error)", "t:1:9: expected a close tag of an open aggregate, found </B>")
        }
    }

    func testOFXDatesAndAmountsAsBanksWriteThem() throws {
        let at = SourceLocation(file: "f", line: 1)
        XCTAssertEqual(try OFXReader.date("20260105120000.000[-5:EST]", at: at).description, "2026-01-05")
        XCTAssertEqual(try OFXReader.date("20260105", at: at).description, "2026-01-05")
        XCTAssertEqual(try OFXReader.date("202601051200", at: at).description, "2026-01-05")
        XCTAssertThrowsError(try OFXReader.date("2026-01-05", at: at))
        XCTAssertThrowsError(try OFXReader.date("20261305", at: at))
        XCTAssertEqual(StatementAmount.parse("+12.30")?.description, "12.30")
        XCTAssertEqual(StatementAmount.parse("-1234,56")?.description, "-1234.56")
        XCTAssertEqual(StatementAmount.parse("1.234,56")?.description, "1234.56")
        XCTAssertEqual(StatementAmount.parse("1,234.56")?.description, "1234.56")
        XCTAssertEqual(StatementAmount.parse(" -.5 ")?.description, "-0.5")
        XCTAssertEqual(StatementAmount.parse("1,234", groupingComma: true)?.description, "1234")
        XCTAssertEqual(StatementAmount.parse("1,234")?.description, "1.234", "OFX: a lone comma is the decimal mark")
        for bad in ["", "-", "12.5O", "1.2.3", "1,2,3.4", "1e5", "12,34,56", "0x10", "--1", "1.234.567,8,9"] {
            XCTAssertNil(StatementAmount.parse(bad), bad)
        }
    }

    func testEncodings() throws {
        let cafe = "OFXHEADER:100\nCHARSET:1252\n\n<OFX>Caf\u{E9}"
        XCTAssertEqual(StatementEncoding.decode(Array(cafe.data(using: .isoLatin1)!)), cafe)
        XCTAssertEqual(StatementEncoding.decode([0xEF, 0xBB, 0xBF, 0x41]), "A")
        XCTAssertEqual(StatementEncoding.decode([0xFF, 0xFE, 0x41, 0x00, 0xE9, 0x00]), "Aé")
        XCTAssertEqual(StatementEncoding.decode([0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE9]), "Aé")
        XCTAssertEqual(StatementEncoding.decode([0x80, 0x41]), "€A", "Windows-1252 without a declaration")
        XCTAssertEqual(StatementEncoding.decode([0x80, 0x41], override: .latin1), "\u{80}A")
        XCTAssertNil(StatementEncoding.decode([0x80, 0x41], override: .utf8))
        XCTAssertEqual(StatementEncoding(name: "UTF-16"), .utf16LE)
        XCTAssertEqual(StatementEncoding(name: "cp1252"), .windows1252)
    }

    /// FuzzOFXReader's first crash: FoundationXML's parser calls strlen on a null pointer for a
    /// processing instruction without data (`<?O?>`); instructions are removed before it parses.
    func testAProcessingInstructionWithoutDataIsNoCrash() throws {
        let text = "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<?O?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF>"
            + "<BANKTRANLIST><STMTTRN><DTPOSTED>20260101</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>1</FITID></STMTTRN></BANKTRANLIST>"
            + "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        XCTAssertEqual(rows(try StatementReader.read(text: text, file: "pi.ofx")), ["2026-01-01 -1.00 1 - | -"])
        XCTAssertEqual(StatementXML.withoutProcessingInstructions("a<?x\ny?>b<?c"), "a\nb<?c")
    }

    /// FuzzOFXReader's second crash (the 10M-execution run, at 4,387,565): `<?` then a combining
    /// mark (U+0739) is one character to `String`, so the character search left that instruction in
    /// and FoundationXML's strlen met the null pointer again. The search is by bytes now, and an
    /// instruction the removal of another one forms (`<<?a?>?b?>`) goes too.
    func testAProcessingInstructionWhoseNameStartsWithACombiningMarkIsNoCrash() throws {
        XCTAssertEqual(StatementXML.withoutProcessingInstructions("a<?\u{739}coding=\"x\"?>b"), "ab")
        XCTAssertEqual(StatementXML.withoutProcessingInstructions("<<?a?>?b?>c"), "c")
        XCTAssertEqual(StatementXML.withoutProcessingInstructions("x<?a\r\nb\rc?>\r\ny"), "x\n\n\r\ny")
        XCTAssertEqual(StatementXML.withoutProcessingInstructions("no instruction ?> here <?"), "no instruction ?> here <?")
        let found = "\0<?xmlaversion=\".10\" encsion=\".10\" encodingo\"?>\n<?\u{739}coding=\"UTF-8\" standalone=\"no\"?>\n"
            + "<?\u{739}OFXHEADER?>SOF></LE>\n</Oaaaaaaaaattttttttttttttttttencsion=\".10\" encodingo\"?>\n"
            + "<?\u{739}coding=\"UTF-8\" standalone=\"no\"?>\n<?\u{739}ID=\"NONE\"?>SOF></LE>\n</Oaaaaaaaaatttttttttttttttttttttttttaaaaaa"
        XCTAssertThrowsError(try StatementReader.read(text: found, file: "crash.ofx"))
    }

    /// FuzzQIFReader's crash: a date of thirty digits overflowed Int.
    func testAQIFDateOfManyDigitsIsRefused() throws {
        XCTAssertThrowsError(try StatementReader.read(text: "!Type:Bank\nD311111111111111111111111111111/ 4'26\nT1\n^\n", file: "d.qif")) { error in
            XCTAssertTrue("\(error)".hasPrefix("d.qif:2:1: invalid date"), "\(error)")
        }
    }

    func testFormatDetection() throws {
        XCTAssertEqual(StatementReader.detect("OFXHEADER:100\n"), .ofx)
        XCTAssertEqual(StatementReader.detect("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?><OFX>"), .ofx)
        XCTAssertEqual(StatementReader.detect("<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">"), .camt053)
        XCTAssertEqual(StatementReader.detect("!Type:Bank\nD1/1/26\n"), .qif)
        XCTAssertEqual(StatementReader.detect(":20:X\n:25:1\n:61:260101C1,NMSCNONREF\n"), .mt940)
        XCTAssertNil(StatementReader.detect("Date,Amount\n"))
    }
}
