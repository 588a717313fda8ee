#!/usr/bin/env python3
"""Render the synthetic receipts in Fixtures/receipts/synthetic with their exact truth.

Each receipt is drawn from a spec below (layout, font, currency, date style), then degraded the
way real receipts are: thermal fading, speckle noise, blur and a slight rotation. The truth JSON
next to each image has the shape of ../shared/receipts-dev/README.md (company, date, date_iso,
date_iso_dayfirst, address, total, total_minor, currency, source, image), so `kakeibo receipts
eval Fixtures/receipts/synthetic` scores them like the real set.

CI does not run this: the rendered images are committed. To regenerate (deterministic for a
given Pillow version and font files):

    pip install pillow   # Debian: fonts-dejavu-core provides the fonts
    python3 Fixtures/receipts/render.py [ID...]
"""
import json
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "synthetic")
FONTS = "/usr/share/fonts/truetype/dejavu"


def font(name, size):
    return ImageFont.truetype(os.path.join(FONTS, name), size)


def money(minor, symbol=""):
    return f"{symbol}{minor // 100}.{minor % 100:02d}"


# Each spec: header lines (merchant first), address, meta lines with the date, items, totals.
SPECS = [
    {
        "id": "syn-01-tax-invoice", "font": "DejaVuSansMono.ttf", "size": 22, "width": 560,
        "company": "KEDAI RUNCIT MAJU JAYA SDN BHD", "reg": "(1234567-K)",
        "address": ["NO 12, JALAN BUNGA RAYA 3", "TAMAN SRI MUDA, 40400 SHAH ALAM"],
        "extra_header": ["TEL: 03-5512 3344", "GST ID: 001234567890", "TAX INVOICE"],
        "date": "14/03/2018", "date_iso": "2018-03-14", "time": "10:42", "currency": "MYR", "symbol": "RM",
        "items": [("MILO 1KG", 1899), ("ROTI GARDENIA", 400), ("TELUR GRED A 10S", 520)],
        "tax_rate": 6, "cash": 3000, "degrade": {"noise": 0.001, "rotate": 0.0, "fade": 0.0, "blur": 0.0},
    },
    {
        "id": "syn-02-us-diner", "font": "DejaVuSans.ttf", "size": 22, "width": 540,
        "company": "BLUE RIVER DINER LLC", "reg": None,
        "address": ["418 MAPLE AVENUE", "SPRINGFIELD, IL 62704"],
        "extra_header": ["(217) 555-0142"],
        "date": "11/23/2025", "date_iso": "2025-11-23", "time": "7:15 PM", "currency": "USD", "symbol": "$",
        "items": [("2 PANCAKES", 899), ("COFFEE", 275), ("ORANGE JUICE", 350)],
        "tax_rate": 8, "cash": None, "degrade": {"noise": 0.001, "rotate": 1.2, "fade": 0.0, "blur": 0.0},
    },
    {
        "id": "syn-03-thermal-faded", "font": "DejaVuSansMono-Bold.ttf", "size": 22, "width": 560,
        "company": "PASAR MINI SEGAR ENTERPRISE", "reg": "(JM0123456-T)",
        "address": ["LOT 7, JALAN PASAR BARU", "41000 KLANG, SELANGOR"],
        "extra_header": ["CASH SALE"],
        "date": "02/07/2017", "date_iso": "2017-07-02", "time": "18:03", "currency": "MYR", "symbol": "RM",
        "items": [("SAYUR BAYAM", 350), ("IKAN KEMBUNG 1KG", 1600), ("BAWANG MERAH", 480), ("CILI PADI", 220)],
        "tax_rate": 0, "cash": 5000, "degrade": {"noise": 0.0015, "rotate": -0.8, "fade": 0.45, "blur": 0.0},
    },
    {
        "id": "syn-04-serif-ltd", "font": "DejaVuSerif.ttf", "size": 23, "width": 560,
        "company": "HARBOUR BOOKS LTD", "reg": None,
        "address": ["21 QUAY STREET", "BRISTOL BS1 4DJ"],
        "extra_header": ["VAT NO: GB 123 4567 89"],
        "date": "05 Sep 2024", "date_iso": "2024-09-05", "time": "14:20", "currency": "GBP", "symbol": "£",
        "items": [("PAPERBACK NOVEL", 899), ("NOTEBOOK A5", 450), ("GREETING CARD", 325)],
        "tax_rate": 0, "cash": 2000, "degrade": {"noise": 0.001, "rotate": 0.6, "fade": 0.0, "blur": 0.5},
    },
    {
        "id": "syn-05-condensed-discount", "font": "DejaVuSansCondensed.ttf", "size": 22, "width": 520,
        "company": "GREEN LEAF PHARMACY SDN BHD", "reg": "(987654-A)",
        "address": ["G-03, PLAZA DAMAI", "JALAN DAMAI 2, 50450 KUALA LUMPUR"],
        "extra_header": ["TEL 03-2144 8899", "INVOICE"],
        "date": "28/09/2018", "date_iso": "2018-09-28", "time": "16:55", "currency": "MYR", "symbol": "RM",
        "items": [("VITAMIN C 1000MG", 3590), ("PLASTER 20S", 650), ("HAND SANITISER", 1290)],
        "discount": 500, "tax_rate": 0, "cash": 6000, "degrade": {"noise": 0.001, "rotate": -1.5, "fade": 0.15, "blur": 0.0},
    },
    {
        "id": "syn-06-euro-cafe", "font": "DejaVuSans.ttf", "size": 24, "width": 520,
        "company": "CAFE AM MARKT GMBH", "reg": None,
        "address": ["MARKTPLATZ 4", "10115 BERLIN"],
        "extra_header": ["UST-ID DE123456789"],
        "date": "19.10.2025", "date_iso": "2025-10-19", "time": "09:31", "currency": "EUR", "symbol": "€",
        "items": [("CAPPUCCINO", 380), ("CROISSANT", 250), ("WASSER 0,5L", 290)],
        "tax_rate": 0, "cash": None, "degrade": {"noise": 0.001, "rotate": 0.5, "fade": 0.2, "blur": 0.0},
    },
    {
        "id": "syn-07-hardware-rounding", "font": "DejaVuSansMono.ttf", "size": 21, "width": 600,
        "company": "SYARIKAT PERKAKASAN TEGUH", "reg": "(002345678-D)",
        "address": ["NO 88, JALAN INDUSTRI 5", "81200 JOHOR BAHRU, JOHOR"],
        "extra_header": ["TEL: 07-233 4455", "TAX INVOICE"],
        "date": "30/11/2017", "date_iso": "2017-11-30", "time": "11:08", "currency": "MYR", "symbol": "RM",
        "items": [("SKRU 2 INCI 50PCS", 890), ("PAIP PVC 1/2", 1249), ("PITA PELEKAT", 355), ("BERUS CAT 2 INCI", 612)],
        "tax_rate": 6, "cash": 5000, "degrade": {"noise": 0.002, "rotate": -0.4, "fade": 0.3, "blur": 0.4},
    },
    {
        "id": "syn-08-grocery-long", "font": "DejaVuSansMono.ttf", "size": 22, "width": 560,
        "company": "FRESHMART HYPER SDN BHD", "reg": "(556677-W)",
        "address": ["LEVEL 1, MALL SENTRAL", "JALAN TUN SAMBANTHAN, 50470 KUALA LUMPUR"],
        "extra_header": ["TAX INVOICE"],
        "date": "07/01/2019", "date_iso": "2019-01-07", "time": "20:47", "currency": "MYR", "symbol": "RM",
        "items": [("BERAS WANGI 5KG", 2590), ("MINYAK MASAK 2KG", 1180), ("GULA 1KG", 285), ("TEH 100S", 1099),
                  ("SUSU PEKAT", 359), ("MEE SEGERA 5S", 520), ("SABUN MANDI", 799), ("UBAT GIGI", 689)],
        "tax_rate": 0, "cash": 10000, "degrade": {"noise": 0.001, "rotate": 0.9, "fade": 0.1, "blur": 0.0},
    },
    {
        # The date sits in a right-hand column that curls up off the scanner glass, tilted against the rest: the page
        # layout loses its row, and only the band read around the time finds it (TesseractEngine.rereadDateRows).
        "id": "syn-09-curled-corner", "font": "DejaVuSans.ttf", "size": 22, "width": 620,
        "company": "KEDAI SERBANEKA CAHAYA", "reg": "(SA0123456-X)",
        "address": ["NO 5, JALAN MERANTI 2", "41200 KLANG, SELANGOR"],
        "extra_header": ["GST ID: 001122334455", "TAX INVOICE"],
        "columns": [("DOC NO: CS01020304", "DATE: 22/12/2017"), ("CASHIER: AINA", "TIME: 00:06:00")],
        "date": "22/12/2017", "date_iso": "2017-12-22", "time": "00:06:00", "currency": "MYR", "symbol": "RM",
        "items": [("KOPI O 20S", 1190), ("BISKUT KRIM", 455), ("AIR MINERAL 1.5L", 230)],
        "tax_rate": 0, "cash": 2000, "column_drop": 16, "seed": 1021,
        "degrade": {"noise": 0.001, "rotate": 0.0, "fade": 0.0, "blur": 0.7, "curl": {"angle": 3.0, "from_x": 0.52}},
    },
    {
        # Issue 33: a pound receipt, paid in cash (the 20.00 tendered and the change sit below the total).
        "id": "syn-10-uk-bookshop", "font": "DejaVuSans.ttf", "size": 22, "width": 560,
        "company": "HARBOUR BOOKS LTD", "reg": None,
        "address": ["21 QUAY STREET", "BRISTOL BS1 4DJ"],
        "extra_header": ["VAT NO: GB123456789"],
        "date": "05/09/2024", "date_iso": "2024-09-05", "time": "14:20", "currency": "GBP", "symbol": "£",
        "items": [("PAPERBACK NOVEL", 899), ("GREETING CARD", 325), ("BOOKMARK", 150)],
        "tax_rate": 0, "cash": 2000, "degrade": {"noise": 0.001, "rotate": -0.6, "fade": 0.0, "blur": 0.0},
    },
    {
        # Issue 33: a dollar receipt with a month-first date, paid with a 50.00 note.
        "id": "syn-11-us-hardware", "font": "DejaVuSans.ttf", "size": 22, "width": 560,
        "company": "MAIN STREET HARDWARE INC", "reg": None,
        "address": ["902 OAK STREET", "PORTLAND, OR 97205"],
        "extra_header": ["(503) 555-0199"],
        "date": "03/14/2025", "date_iso": "2025-03-14", "time": "10:05 AM", "currency": "USD", "symbol": "$",
        "items": [("WOOD SCREWS", 649), ("PAINT BRUSH", 899), ("DUCT TAPE", 575)],
        "tax_rate": 0, "cash": 5000, "degrade": {"noise": 0.001, "rotate": 0.8, "fade": 0.0, "blur": 0.0},
    },
]


def rounding_for(total):
    """Malaysian 5-sen rounding: 1,2 → down; 3,4 → up to 5; 6,7 → down to 5; 8,9 → up."""
    last = total % 5
    return -last if last <= 2 else 5 - last


def layout(spec):
    """The printed lines (text, alignment, font) and the exact totals."""
    lines = []
    sym = spec["symbol"]
    lines.append((spec["company"], "center", "bold"))
    if spec["reg"]:
        lines.append((spec["reg"], "center", "regular"))
    for text in spec["address"]:
        lines.append((text, "center", "regular"))
    for text in spec["extra_header"]:
        lines.append((text, "center", "regular"))
    lines.append(("", "left", "regular"))
    if spec.get("columns"):
        for left, right in spec["columns"]:
            lines.append((left, "columns", right))
    else:
        lines.append((f"DATE: {spec['date']}  {spec['time']}", "left", "regular"))
    lines.append(("RECEIPT NO: " + str(100000 + sum(map(ord, spec["id"])) * 7), "left", "regular"))
    lines.append(("-" * 60, "rule", "regular"))
    subtotal = 0
    for name, minor in spec["items"]:
        lines.append((name, "split", money(minor)))
        subtotal += minor
    lines.append(("-" * 60, "rule", "regular"))
    total = subtotal
    lines.append(("SUBTOTAL", "split", money(subtotal)))
    if spec.get("discount"):
        lines.append(("DISCOUNT", "split", "-" + money(spec["discount"])))
        total -= spec["discount"]
    tax = 0
    if spec["tax_rate"]:
        tax = (subtotal * spec["tax_rate"] + 50) // 100
        lines.append((f"GST {spec['tax_rate']}%", "split", money(tax)))
        total += tax
    rounding = rounding_for(total) if spec["currency"] == "MYR" else 0
    if spec["currency"] == "MYR" and spec["tax_rate"]:
        sign = "-" if rounding < 0 else ""
        lines.append(("ROUNDING", "split", sign + money(abs(rounding))))
    total += rounding if spec["currency"] == "MYR" and spec["tax_rate"] else 0
    lines.append(("TOTAL (RM)" if sym == "RM" else "TOTAL", "split-bold",
                  money(total, "" if sym == "RM" else sym)))
    if spec["cash"]:
        assert spec["cash"] >= total, spec["id"]
        lines.append(("CASH", "split", money(spec["cash"])))
        lines.append(("CHANGE", "split", money(spec["cash"] - total)))
    else:
        lines.append(("CARD", "split", money(total)))
    lines.append(("", "left", "regular"))
    lines.append(("THANK YOU, PLEASE COME AGAIN", "center", "regular"))
    return lines, total


def bold_variant(name):
    for plain, bold in [("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"), ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
                        ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"),
                        ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")]:
        if name == plain:
            return bold
    return name


def render(spec, rng):
    lines, total = layout(spec)
    regular = font(spec["font"], spec["size"])
    bold = font(bold_variant(spec["font"]), spec["size"] + 2)
    width, margin, gap = spec["width"], 24, int(spec["size"] * 1.45)
    height = margin * 2 + gap * len(lines)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    y = margin
    columns = []
    for text, align, style in lines:
        face = bold if style == "bold" or align == "split-bold" else regular
        if align == "columns":
            if not columns:
                draw.line([(margin, y - 4), (width - margin, y - 4)], fill=40, width=2)
            draw.text((margin, y), text, font=face, fill=0)
            draw.text((int(width * 0.55), y + spec.get("column_drop", 0)), style, font=face, fill=0)
            columns.append(y)
        elif align == "rule":
            draw.line([(margin, y + gap // 2), (width - margin, y + gap // 2)], fill=40, width=2)
        elif align in ("split", "split-bold"):
            draw.text((margin, y), text, font=face, fill=0)
            amount_width = draw.textlength(style, font=face)
            draw.text((width - margin - amount_width, y), style, font=face, fill=0)
        elif align == "center":
            text_width = draw.textlength(text, font=face)
            draw.text(((width - text_width) / 2, y), text, font=face, fill=0)
        else:
            draw.text((margin, y), text, font=face, fill=0)
        y += gap
    degrade = spec["degrade"]
    if degrade.get("curl") and columns:
        # The right-hand column block, rotated on its own: a corner of the paper lifting off the glass.
        curl = degrade["curl"]
        box = (int(width * curl["from_x"]), columns[0] - gap, width, columns[-1] + 2 * gap)
        block = image.crop(box).rotate(curl["angle"], resample=Image.BICUBIC, fillcolor=255)
        image.paste(block, box[:2])
    if degrade["fade"]:
        # Thermal paper fades unevenly: ink lightens more towards one side.
        pixels = image.load()
        for yy in range(height):
            for xx in range(width):
                value = pixels[xx, yy]
                if value < 250:
                    fade = degrade["fade"] * (0.6 + 0.4 * xx / width)
                    pixels[xx, yy] = int(value + (230 - value) * fade)
    if degrade["blur"]:
        image = image.filter(ImageFilter.GaussianBlur(degrade["blur"]))
    if degrade["noise"]:
        pixels = image.load()
        for _ in range(int(width * height * degrade["noise"])):
            xx, yy = rng.randrange(width), rng.randrange(height)
            pixels[xx, yy] = rng.choice([rng.randrange(0, 120), rng.randrange(180, 256)])
    if degrade["rotate"]:
        image = image.rotate(degrade["rotate"], resample=Image.BICUBIC, expand=True, fillcolor=255)
    return image, total


def truth(spec, total, image):
    sym = spec["symbol"]
    return {
        "company": spec["company"],
        "date": spec["date"],
        "date_iso": spec["date_iso"],
        "date_iso_dayfirst": spec["date_iso"],
        "address": ", ".join(spec["address"]),
        "total": money(total, "RM " if sym == "RM" else sym),
        "total_minor": total,
        "currency": spec["currency"],
        "source": {
            "dataset": "synthetic (Fixtures/receipts/render.py)",
            "font": spec["font"],
            "degradation": spec["degrade"],
        },
        "image": {"width": image.width, "height": image.height, "processing": "rendered, JPEG quality 70"},
    }


def main():
    # `render.py ID...` renders only those receipts (a new one without touching the committed images).
    wanted = set(sys.argv[1:])
    os.makedirs(OUT, exist_ok=True)
    for index, spec in enumerate(SPECS):
        if wanted and spec["id"] not in wanted:
            continue
        rng = random.Random(spec.get("seed", 1000 + index))
        image, total = render(spec, rng)
        image.save(os.path.join(OUT, spec["id"] + ".jpg"), quality=70, optimize=True)
        with open(os.path.join(OUT, spec["id"] + ".json"), "w") as out:
            json.dump(truth(spec, total, image), out, indent=2, ensure_ascii=False, sort_keys=True)
            out.write("\n")
        print(spec["id"], image.size, "total", total)


if __name__ == "__main__":
    main()
