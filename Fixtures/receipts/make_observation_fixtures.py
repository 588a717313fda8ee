#!/usr/bin/env python3
"""Writes parser golden fixtures: synthetic receipts as word observations (no real receipt is copied).

Each line of text becomes words with normalised boxes (origin top-left), a slight tilt and a per-word
confidence; `~` before a word marks it low-confidence (e.g. a handwritten name). Run from the repo root:
    python3 Fixtures/receipts/make_observation_fixtures.py
"""
import json, os

OUT = "Tests/KakeiboReceiptsTests/Fixtures"

def observations(lines, tilt=0.0):
    obs = []
    line_height = 1.0 / (len(lines) + 4)
    for row, line in enumerate(lines):
        x = 0.06
        for word in line.split(" "):
            if word == "":
                x += 0.03
                continue
            confidence = 0.93
            if word.startswith("~"):
                word, confidence = word[1:], 0.31
            width = 0.018 * len(word)
            y = (row + 2) * line_height + tilt * x
            obs.append({"text": word, "x": round(x, 4), "y": round(y, 4), "width": round(width, 4),
                        "height": round(line_height * 0.6, 4), "confidence": confidence})
            x += width + 0.02
    return obs

FIXTURES = {
    "malaysian-tax-invoice": dict(
        lines=["~Ahmad ~bin ~Ali", "KEDAI RUNCIT MAJU JAYA SDN BHD", "(123456-X)", "NO 12, JALAN MERANTI 3,",
               "43000 KAJANG, SELANGOR", "TEL: 03-8734 1122 FAX: 03-8734 1123", "GST NO: 000123456789",
               "TAX INVOICE", "ACME CONSTRUCTION SDN BHD", "Date: 07/03/2018 Time: 14:22:10",
               "Item Qty Price Amount", "RICE 5KG 1 18.90 18.90", "COOKING OIL 2 7.45 14.90",
               "Sub Total (RM) 33.80", "GST 6% (RM) 2.03", "Rounding (RM) : -0.03", "Total (RM) : 35.80",
               "Cash (RM) 50.00", "Change (RM) 14.20", "THANK YOU"],
        hint={},
        expect={"merchant": "KEDAI RUNCIT MAJU JAYA SDN BHD", "date": "2018-03-07", "currency": "MYR",
                "total": 3580, "subtotal": 3380, "tax": 203, "rounding": -3, "cash": 5000, "change": 1420,
                "dateAmbiguous": True}),
    "us-diner-month-first": dict(
        lines=["Blue Heron Diner LLC", "1200 Harbor Street", "Portland, OR 97201", "(503) 555-0199",
               "Server: Dana Table 7", "12/28/2017 7:42 PM", "2 Pancakes $ 11.00", "Coffee $ 3.50",
               "Subtotal $14.50", "Tax $1.16", "TOTAL $15.66", "VISA $15.66", "Thank you!"],
        hint={"defaultCurrency": "USD"},
        expect={"merchant": "Blue Heron Diner LLC", "date": "2017-12-28", "currency": "USD", "total": 1566,
                "dateAmbiguous": False}),
    "ocr-errors-invariants": dict(
        lines=["NORTHWIND TRADING LTD", "14 Mill Lane, Leeds", "VAT REG NO: GB 123 4567 89", "RECEIPT",
               "24 MAR 2019 10:01", "Tea 2.40", "Sandwich 4.95", "Promo 2 for 1 -1.20", "SUBT0TAL £6.15",
               "VAT 20% £1.03", "T0TAL GBP 6.15", "TOTAI DUE 6.15", "Tendered £10.00", "Change £3.85"],
        hint={"defaultCurrency": "GBP"},
        expect={"merchant": "NORTHWIND TRADING LTD", "date": "2019-03-24", "currency": "GBP", "total": 615,
                "dateAmbiguous": False}),
    "euro-tilted-amount-due": dict(
        lines=["Bäckerei Sonnenschein GmbH", "Hauptstraße 5", "10115 Berlin", "Tel. 030 1234567",
               "Steuer-Nr. 12/345/67890", "Datum 2018-11-05", "Brot 1 3,20", "Kuchen 2 5,00",
               "Summe netto 7,66", "MwSt 7% 0,54", "Amount due EUR 8,20", "Bar 10,00", "Rückgeld 1,80"],
        hint={"defaultCurrency": "EUR"},
        tilt=0.01,
        expect={"merchant": "Bäckerei Sonnenschein GmbH", "date": "2018-11-05", "currency": "EUR", "total": 820,
                "dateAmbiguous": False}),
    # The paid figure follows the rounding line; a service charge is part of the sum, not CHANGE; a place inside a name.
    "rounding-paid-after-total": dict(
        lines=["RESTORAN TAMAN SERI INDAH", "NO 8, JALAN MAWAR 2,", "47300 PETALING JAYA", "GST ID: 000987654321",
               "TAX INVOICE", "Date: 14-06-2018 19:05", "Nasi Lemak Special 2 x 9.50 19.00 SR",
               "Teh Tarik 2 x 2.80 5.60 SR", "Total (Excluding GST): 24.60", "Serv. Charge (10%): 2.46",
               "GST Payable (6%): 1.62", "Total (Inclusive of GST): 28.68", "Rounding Adj: 0.02", "VISA 28.70",
               "Thank you"],
        hint={},
        expect={"merchant": "RESTORAN TAMAN SERI INDAH", "date": "2018-06-14", "currency": "MYR", "total": 2870,
                "subtotal": 2460, "rounding": 2, "cash": 2870, "dateAmbiguous": False}),
    # The rounding amount is unreadable: ringgit cash totals land on 5 sen. A trading name that reappears with a suffix.
    "rounding-amount-unreadable": dict(
        lines=["Kopi Hijau", "kopi hijau sdn bhd 1234567-K", "12, Jalan Cempaka 5,", "Bandar Baru, 43000 Kajang",
               "GUEST CHECK", "Date : 03-11-2017 12:40:10", "1 Kopi O Ais 3.20 SR", "1 Roti Bakar 4.50 SR",
               "1 Mee Goreng 9.90 SR", "Total (Excluding GST): 17.60", "GST payable (6%): 1.06",
               "Total (Inclusive of GST): 18.66", "Rounding ~0.0)", "Thank you, come again"],
        hint={},
        expect={"merchant": "kopi hijau sdn bhd", "date": "2017-11-03", "currency": "MYR", "total": 1865,
                "subtotal": 1760, "tax": 106, "dateAmbiguous": True, "totalHighConfidence": False}),
    # A poorly read total one digit off the sum of well read figures; a suffix through OCR digits; a name in lower case.
    "total-misread-one-digit": dict(
        lines=["lee mei ling", "SERI MAJU HARDWARE SDN 8HD", "(765432-P)", "LOT 5, JALAN INDUSTRI 3,",
               "81200 JOHOR BAHRU", "TEL: 07-555 1234", "GST NO: 001122334455", "SIMPLIFIED TAX INVOICE",
               "Date: 21/09/2018", "PVC PIPE 2 6.50 13.00", "WIRE TAPE 3 2.00 6.00", "SILICONE GUN 1 25.00 25.00",
               "Sub Total (RM): 44.00", "Discount (RM): 0.00", "Total GST (RM): 2.64", "Rounding (RM): 0.01",
               "~Total ~(RM): ~46.68", "CASH (RM): 50.00", "Change (RM): 3.35", "THANK YOU"],
        hint={},
        expect={"merchant": "SERI MAJU HARDWARE SDN 8HD", "date": "2018-09-21", "currency": "MYR", "total": 4665,
                "subtotal": 4400, "tax": 264, "rounding": 1, "cash": 5000, "change": 335, "dateAmbiguous": False,
                "totalHighConfidence": False}),
    # TOTAL DUE is a total even with GST on its row; a misread subtotal does not outvote it.
    "total-due-with-tax-words": dict(
        lines=["CORNER TOAST CAFE", "23 JALAN SUTERA 4", "81200 JOHOR BAHRU", "TAX INVOICE", "18/07/2018 14:02",
               "Kaya Toast 2 4.50 9.00", "Kopi Susu 3 4.00 12.00", "Sub Total: 27.00", "Less Discount: 0.00",
               "Round: 0.00", "Total Due (GST 6%): 21.00", "Paid: Cash 50.00", "Change: 29.00", "Please Come Again!"],
        hint={},
        expect={"merchant": "CORNER TOAST CAFE", "date": "2018-07-18", "currency": "MYR", "total": 2100,
                "cash": 5000, "change": 2900, "dateAmbiguous": False}),
    # The total's figure sits on the row above its label and lost its last decimal; a service charge; a date printed once.
    "total-above-label-lost-decimal": dict(
        lines=["HARBOUR VIEW BISTRO", "88, JALAN PANTAI 2,", "10300 GEORGETOWN", "GST ID : 001234509876", "TAX INVOICE",
               "INV DATE: 09/10/2018", "2 FISH & CHIPS 20.00 40.00", "1 LEMONADE 10.00", "SUB TOTAL 50.00",
               "SERVICE CHARGE 10% 5.00", "GST 6% 3.30", "( 58.3)", "NET TOTAL", "CASH 100.00", "CHANGE 41.70",
               "Thank You"],
        hint={},
        expect={"merchant": "HARBOUR VIEW BISTRO", "date": "2018-10-09", "currency": "MYR", "total": 5830,
                "subtotal": 5000, "tax": 330, "cash": 10000, "change": 4170, "dateAmbiguous": True,
                "dateHighConfidence": False}),
    # A receipt cut at the top: footer phrases are not the name; a bracketed branch below continues it; a date printed twice.
    "branch-below-name-date-twice": dict(
        lines=["Goods Sold Are Not Returnable", "MEGA JIMAT MART SDN BHD", "(TAMAN MELATI)", "LOT 12, JALAN MELATI 1,",
               "53100 KUALA LUMPUR", "TEL : 03-4100 2233", "Date/Time : 2018-07-01 09:15", "RICE 10KG 1 32.90",
               "TOTAL 32.90", "CASH 50.00", "CHANGE 17.10", "Printed 2018-07-01 09:16"],
        hint={},
        expect={"merchant": "MEGA JIMAT MART SDN BHD (TAMAN MELATI)", "date": "2018-07-01", "currency": "MYR",
                "total": 3290, "cash": 5000, "change": 1710, "dateAmbiguous": False, "dateHighConfidence": True,
                "totalHighConfidence": True}),
    # Line items in several printed forms: barcodes, `2 x 3.50`, a `QTY 3 @ 1.20` row under its description, tax codes.
    "line-items-quantities-tax-codes": dict(
        lines=["PASAR MINI SEGAR SDN BHD", "(998877-K)", "LOT 5, JALAN BUNGA RAYA,", "TEL: 07-223 4455",
               "26/01/2019 1:05 PM", "CASHIER: 02", "9556001234567 MILO 1KG 15.90 SR", "TEH TARIK 2 x 3.50 7.00 SR",
               "GULA PASIR 1KG", "QTY 3 @ 2.85 8.55 Z", "2 ROTI CANAI 2.40 T", "AIR MINERAL 1.5L 1.80 Z",
               "SUBTOTAL 35.65", "SST 6% 0.00", "ROUNDING 0.00", "TOTAL 35.65", "CASH 50.00", "CHANGE 14.35"],
        tilt=0.01,
        hint={},
        expect={"merchant": "PASAR MINI SEGAR SDN BHD", "date": "2019-01-26", "currency": "MYR", "total": 3565,
                "subtotal": 3565, "cash": 5000, "change": 1435, "dateAmbiguous": False, "time": "13:05",
                "items": [{"description": "MILO 1KG", "amount": 1590}, {"description": "TEH TARIK", "quantity": 2, "amount": 700},
                          {"description": "GULA PASIR 1KG", "quantity": 3, "amount": 855},
                          {"description": "ROTI CANAI", "quantity": 2, "amount": 240},
                          {"description": "AIR MINERAL 1.5L", "amount": 180}],
                "itemsHighConfidence": True}),
    # One item row lost to OCR: the rest no longer add up to the subtotal, so none is trusted.
    "line-items-do-not-add-up": dict(
        lines=["KEDAI BUKU ILMU", "12 JALAN SULTAN", "Date: 03/02/2019 Time: 18.40", "NOTEBOOK A5 4.50", "PENCIL 2B 3 x 0.80 2.40",
               "SUB TOTAL 12.90", "TOTAL 12.90", "CASH 20.00", "CHANGE 7.10"],
        hint={},
        expect={"merchant": "KEDAI BUKU ILMU", "date": "2019-02-03", "currency": "MYR", "total": 1290,
                "dateAmbiguous": True, "time": "18:40",
                "items": [{"description": "NOTEBOOK A5", "amount": 450}, {"description": "PENCIL 2B", "quantity": 3, "amount": 240}],
                "itemsHighConfidence": False}),
}

# Times and line items the older fixtures print.
FIXTURES["malaysian-tax-invoice"]["expect"].update(
    time="14:22", items=[{"description": "RICE 5KG", "quantity": 1, "amount": 1890},
                         {"description": "COOKING OIL", "quantity": 2, "amount": 1490}], itemsHighConfidence=True)
FIXTURES["us-diner-month-first"]["expect"].update(
    time="19:42", items=[{"description": "Pancakes", "quantity": 2, "amount": 1100}, {"description": "Coffee", "amount": 350}],
    itemsHighConfidence=True)
FIXTURES["ocr-errors-invariants"]["expect"].update(
    time="10:01", items=[{"description": "Tea", "amount": 240}, {"description": "Sandwich", "amount": 495},
                         {"description": "Promo 2 for 1", "amount": -120}], itemsHighConfidence=True)
FIXTURES["branch-below-name-date-twice"]["expect"].update(
    time="09:15", items=[{"description": "RICE 10KG", "quantity": 1, "amount": 3290}], itemsHighConfidence=True)

os.makedirs(OUT, exist_ok=True)
for name, fixture in FIXTURES.items():
    document = {"hint": fixture["hint"], "expect": fixture["expect"],
                "observations": observations(fixture["lines"], fixture.get("tilt", 0.0))}
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(document, f, indent=1, sort_keys=True)
        f.write("\n")
print("wrote", len(FIXTURES), "fixtures to", OUT)
