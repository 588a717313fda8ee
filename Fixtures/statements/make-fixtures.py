#!/usr/bin/env python3
"""Writes the statement fixtures in their encodings (Windows-1252, UTF-16 with BOM, CRLF lines).
Written for Kakeibo from the formats' specifications (OFX 1.0.2/2.1.1, Quicken's QIF, ISO 20022
camt.053.001.08, SWIFT MT940) and the layout of banks' published samples; the figures are made up.
Run it again after an edit: `python3 Fixtures/statements/make-fixtures.py`."""
import os
here = os.path.dirname(os.path.abspath(__file__))

def write(name, text, encoding="utf-8", newline="\n"):
    with open(os.path.join(here, name), "wb") as f:
        f.write(text.replace("\n", newline).encode(encoding))

# OFX 1.0.2 SGML, Windows-1252 (CHARSET:1252), unclosed data tags, a WARN status, times with zones.
write("checking-2026-01.ofx", """OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<DTSERVER>20260201083000.000[-5:EST]
<LANGUAGE>ENG
</SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1001
<STATUS>
<CODE>2000
<SEVERITY>WARN
<MESSAGE>Some transactions older than 90 days were not included
</STATUS>
<STMTRS>
<CURDEF>USD
<BANKACCTFROM>
<BANKID>121099999
<ACCTID>999988
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20260101
<DTEND>20260131235959.000[-5:EST]
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20260102
<TRNAMT>2500.00
<FITID>2026010201
<NAME>ACME PAYROLL
<MEMO>Salary January
</STMTTRN>
<STMTTRN>
<TRNTYPE>POS
<DTPOSTED>20260105120000.000[-5:EST]
<TRNAMT>-4.75
<FITID>2026010501
<NAME>Café Crème
<MEMO>Card 1234 – morning coffee
</STMTTRN>
<STMTTRN>
<TRNTYPE>CHECK
<DTPOSTED>20260110
<TRNAMT>-1200.00
<FITID>2026011001
<CHECKNUM>1044
<NAME>Maple Court Rentals
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260120
<TRNAMT>-63.18
<FITID>2026012001
<NAME>CITY POWER &amp; LIGHT
<MEMO>Bill 0126
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>1232.07
<DTASOF>20260131235959.000[-5:EST]
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
""", encoding="cp1252", newline="\r\n")

# OFX 2.1.1 XML, the same account one month later: two January transactions again and two new.
write("checking-2026-01-02.ofx", """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1>
    <SONRS>
      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
      <DTSERVER>20260301090000</DTSERVER>
      <LANGUAGE>ENG</LANGUAGE>
    </SONRS>
  </SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>1002</TRNUID>
      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
      <STMTRS>
        <CURDEF>USD</CURDEF>
        <BANKACCTFROM><BANKID>121099999</BANKID><ACCTID>999988</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20260115</DTSTART>
          <DTEND>20260228</DTEND>
          <STMTTRN>
            <TRNTYPE>DEBIT</TRNTYPE>
            <DTPOSTED>20260120</DTPOSTED>
            <TRNAMT>-63.18</TRNAMT>
            <FITID>2026012001</FITID>
            <NAME>CITY POWER &amp; LIGHT</NAME>
            <MEMO>Bill 0126</MEMO>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>CREDIT</TRNTYPE>
            <DTPOSTED>20260202</DTPOSTED>
            <TRNAMT>+2500.00</TRNAMT>
            <FITID>2026020201</FITID>
            <NAME>ACME PAYROLL</NAME>
            <MEMO>Salary February</MEMO>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>XFER</TRNTYPE>
            <DTPOSTED>20260215120000.000[+1:CET]</DTPOSTED>
            <TRNAMT>-400.00</TRNAMT>
            <FITID>2026021501</FITID>
            <PAYEE><NAME>Visa card payment</NAME><ADDR1>PO Box 1</ADDR1><CITY>Wilmington</CITY><STATE>DE</STATE><POSTALCODE>19850</POSTALCODE><PHONE>555</PHONE></PAYEE>
          </STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>3332.07</BALAMT><DTASOF>20260228</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
""")

# QFX: a card statement with Intuit's INTU.BID, lower-case tags, a European decimal comma.
write("card-2026-02.qfx", """OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260301<LANGUAGE>ENG<INTU.BID>3000</SONRS></SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1>
<CCSTMTTRNRS>
<TRNUID>0
<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<CCSTMTRS>
<CURDEF>USD
<CCACCTFROM><ACCTID>4111111111111111</CCACCTFROM>
<BANKTRANLIST>
<DTSTART>20260201<DTEND>20260228
<stmttrn><trntype>DEBIT<dtposted>20260203000000[-8:PST]<trnamt>-31,40<fitid>C-0203-1<name>GROCER ONE</stmttrn>
<stmttrn><trntype>DEBIT<dtposted>20260209<trnamt>-15.00<fitid>C-0209-1<name>STREAMFLIX<memo>monthly</stmttrn>
<stmttrn><trntype>CREDIT<dtposted>20260216<trnamt>400.00<fitid>C-0216-1<name>PAYMENT THANK YOU</stmttrn>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>353.60<DTASOF>20260228</LEDGERBAL>
</CCSTMTRS>
</CCSTMTTRNRS>
</CREDITCARDMSGSRSV1>
</OFX>
""", newline="\r\n")

# QIF, bank: Quicken's apostrophe years, US grouping commas, a split, a record without ^ at the end.
write("checking-2026-03.qif", """!Type:Bank
D3/ 2'26
T2,500.00
PACME PAYROLL
MSalary March
^
D3/ 4'26
T-4.75
PCafé Crème
LDining
^
D3/10'26
U-1,200.00
T-1,200.00
N1045
PMaple Court Rentals
^
D3/14'26
T-86.20
PFARMERS MARKET
SGroceries
$-60.00
SHousehold
$-26.20
^
D3/14'26
T-86.20
PFARMERS MARKET
^
""")

# QIF, card, UTF-16 little-endian with a BOM, day-first dates (31.03.2026), decimal commas.
write("card-2026-03-utf16.qif", """!Type:CCard
D05.03.2026
T-12,99
PBücherstube Köln
^
D18.03.2026
T-45,00
PTankstelle Süd
Mdiesel
^
D31.03.2026
T400,00
PZahlung danke
^
""", encoding="utf-16", newline="\r\n")

# camt.053.001.08: a batch of three SEPA transfers booked as one entry, a pending entry (left out),
# a reversal, the closing balance.
write("giro-2026-04.camt053.xml", """<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-2026-04-30</MsgId><CreDtTm>2026-04-30T22:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2026-04</Id>
      <CreDtTm>2026-04-30T22:00:00+02:00</CreDtTm>
      <Acct><Id><IBAN>DE02100100100006820101</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-04-01</Dt></Dt>
      </Bal>
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">2195.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-04-30</Dt></Dt>
      </Bal>
      <Ntry>
        <NtryRef>1</NtryRef>
        <Amt Ccy="EUR">2450.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-04-01</Dt></BookgDt>
        <ValDt><Dt>2026-04-01</Dt></ValDt>
        <AcctSvcrRef>20260401-0001</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>SALA</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>SALARY-2026-04</EndToEndId></Refs>
          <RltdPties><Dbtr><Pty><Nm>Kirschbaum GmbH</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>Gehalt April 2026</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">1174.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>2026-04-03T09:15:00+02:00</DtTm></BookgDt>
        <ValDt><Dt>2026-04-03</Dt></ValDt>
        <AcctSvcrRef>20260403-0007</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <Btch><NbOfTxs>3</NbOfTxs><TtlAmt Ccy="EUR">1174.50</TtlAmt><CdtDbtInd>DBIT</CdtDbtInd></Btch>
          <TxDtls>
            <Refs><EndToEndId>RENT-04</EndToEndId></Refs>
            <Amt Ccy="EUR">950.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
            <RltdPties><Cdtr><Pty><Nm>Hausverwaltung Lindenhof</Nm></Pty></Cdtr></RltdPties>
            <RmtInf><Ustrd>Miete April</Ustrd><Ustrd>Wohnung 3</Ustrd></RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><EndToEndId>POWER-04</EndToEndId></Refs>
            <Amt Ccy="EUR">84.50</Amt><CdtDbtInd>DBIT</CdtDbtInd>
            <RltdPties><Cdtr><Pty><Nm>Stadtwerke</Nm></Pty></Cdtr></RltdPties>
            <RmtInf><Ustrd>Abschlag Strom</Ustrd></RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><EndToEndId>GYM-04</EndToEndId></Refs>
            <Amt Ccy="EUR">140.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
            <RltdPties><Cdtr><Pty><Nm>Sportverein &amp; Co</Nm></Pty></Cdtr></RltdPties>
            <RmtInf><Ustrd>Beitrag Q2</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">80.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-04-20</Dt></BookgDt>
        <AcctSvcrRef>20260420-0002</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Cdtr><Nm>Bäckerei Schmidt</Nm></Cdtr></RltdPties>
          <RmtInf><Ustrd>Kartenzahlung</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">55.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>PDNG</Cd></Sts>
        <BookgDt><Dt>2026-04-30</Dt></BookgDt>
        <AcctSvcrRef>20260430-0009</AcctSvcrRef>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
""")

# camt.053.001.02, ISO-8859-1 declared and written so; booked status as text (before .09).
write("giro-2026-05-latin1.camt053.xml", """<?xml version="1.0" encoding="ISO-8859-1"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>M5</MsgId><CreDtTm>2026-05-31T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>2026-05</Id><CreDtTm>2026-05-31T20:00:00</CreDtTm>
<Acct><Id><IBAN>DE02100100100006820101</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">2060.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-05-31</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">135.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-05-04</Dt></BookgDt><ValDt><Dt>2026-05-04</Dt></ValDt><AcctSvcrRef>20260504-0003</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Müller Söhne Gärtnerei</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Pflanzen für den Balkon</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>
""", encoding="latin-1")

# MT940 in SWIFT's envelope: multi-line :86: (structured, German), RC/RD marks, the , decimal mark.
write("giro-2026-06.mt940", """{1:F01BANKDEFFAXXX0000000000}{2:O9400000260630BANKDEFFAXXX00000000002606300000N}{4:
:20:STARTUMS
:25:10010010/6820101
:28C:00006/001
:60F:C260531EUR2060,50
:61:2606020602DR54,30NDDTNONREF//B6F02A01
:86:105?00LASTSCHRIFT?20Mobilfunk Juni?21Kd-Nr 4711?30DEUTDEFF?31DE8
9370400440532013000?32Telefonica Germany GmbH
:61:2606150615CR1200,NTRFSAL-0615//B6F15A02
:86:166?00GUTSCHRIFT?20Gehalt Juni?32Kirschbaum GmbH
:61:2606200620RD54,30NRTINONREF//B6F20A03
:86:109?00RUECKLASTSCHRIFT?20Mobilfunk Juni?32Telefonica Germany GmbH
:61:260625D19,99NMSCNONREF
Kartenzahlung
:86:Bäckerei Schmidt Filiale
 Hauptbahnhof
:62F:C260630EUR3240,51
-}
""", newline="\r\n")

# Refused: cut short inside the transaction list.
write("truncated.ofx", """OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX>
<BANKMSGSRSV1>
<STMTTRNRS>
<STMTRS>
<CURDEF>USD
<BANKTRANLIST>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260120
<TRNAMT>-63.18
<FITID>X1
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260121
""")

# Refused: an amount that is not a number, in a camt.053 entry.
write("bad-amount.camt053.xml", """<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">
<BkToCstmrStmt><GrpHdr><MsgId>B</MsgId><CreDtTm>2026-04-30T22:00:00</CreDtTm></GrpHdr>
<Stmt><Id>1</Id><Acct><Id><IBAN>DE02100100100006820101</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">12.5O</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-04-02</Dt></BookgDt></Ntry>
</Stmt></BkToCstmrStmt></Document>
""")

# Refused: a USD statement for a EUR account (the import names the account's currency).
write("checking-usd.mt940", """:20:USD1
:25:123/456
:28C:1/1
:60F:C260101USD100,00
:61:260102D10,00NMSCNONREF
:86:Lunch
:62F:C260102USD90,00
""")
