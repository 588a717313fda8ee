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
}

os.makedirs(OUT, exist_ok=True)
for name, fixture in FIXTURES.items():
    document = {"hint": fixture["hint"], "expect": fixture["expect"],
                "observations": observations(fixture["lines"], fixture.get("tilt", 0.0))}
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(document, f, indent=1, sort_keys=True)
        f.write("\n")
print("wrote", len(FIXTURES), "fixtures to", OUT)
