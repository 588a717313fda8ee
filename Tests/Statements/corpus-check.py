"""Compare `kakeibo import statement` with a Python library's own parse of the same bank files.

For each file: the reference (ofxparse for OFX/QFX, mt-940 for MT940, quiffen for QIF, pycamt for
camt.053) gives the transactions' dates and amounts; kakeibo imports the file into a fresh ledger
and `register --format json` gives what it recorded. The verdict is one of
  agree    the same multiset of (date, amount)
  agree-0  the same but for zero-amount lines, which kakeibo leaves out and names in its report
  refused  kakeibo refused the file (its one-line error is shown) -- fine only for a file that is
           not a statement or really is ambiguous
  DIFFER   kakeibo accepted the file with other figures (the bad case: a wrong figure)
  no-ref   the reference library could not read it (kakeibo's outcome is shown for review)

Dates are compared as the file writes them: OFX's DTPOSTED is read as its first eight digits, not
moved to UTC as ofxparse does. MT940's date is the value date (mt-940's `date`), RC a debit and RD a credit (mt-940's reversal_sign). QIF's day/month
order is the one of quiffen's two readings (day_first False/True) that the file allows.

usage: python corpus-check.py --kakeibo PATH FILE...   (see corpus-check.sh)
"""
import argparse, collections, datetime, decimal, json, os, subprocess, sys, tempfile, warnings

warnings.filterwarnings("ignore")


def sniff(path):
    head = open(path, "rb").read(4096)
    for bom, enc in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if head.startswith(bom):
            head = head.decode(enc, "replace").encode()
    text = head.decode("latin-1").lstrip("\ufeff \r\n\t").upper()
    if text.startswith("OFXHEADER") or "<OFX>" in text or "<?OFX" in text:
        return "ofx"
    if "CAMT.05" in text or "BKTOCSTMR" in text:
        return "camt053"
    if text.startswith("!"):
        return "qif"
    if ":20:" in text or ":61:" in text or ":60F:" in text:
        return "mt940"
    suffix = os.path.splitext(path)[1].lower()
    return {".qif": "qif", ".sta": "mt940", ".940": "mt940", ".swi": "mt940", ".mt940": "mt940", ".ofx": "ofx", ".qfx": "ofx"}.get(suffix)


def ofx_reference(path):
    import ofxparse
    from ofxparse import ofxparse as module

    def as_written(self, value):  # the date the bank wrote, not moved to UTC
        return datetime.datetime.strptime(value.strip()[:8], "%Y%m%d")
    module.OfxParser.parseOfxDateTime = classmethod(lambda cls, value: as_written(cls, value))
    with open(path, "rb") as handle:
        ofx = ofxparse.OfxParser.parse(handle)
    rows = []
    for account in ofx.accounts:
        statement = account.statement
        if type(statement).__name__ == "InvestmentStatement":
            continue
        for t in statement.transactions:
            rows.append((t.date.date().isoformat(), decimal.Decimal(t.amount)))
    return rows


def mt940_reference(path):
    import mt940
    rows = []
    # RC (a reversed credit) takes money out, as SWIFT defines it; mt-940 signs it so only when asked.
    for t in mt940.parse(path, options=mt940.Options(reversal_sign=True)):
        rows.append((t.data["date"].isoformat(), t.data["amount"].amount))
    return rows


def qif_reference(path):
    import quiffen
    readings = []
    for day_first in (False, True):
        try:
            qif = quiffen.Qif.parse(path, day_first=day_first)
        except Exception as error:  # noqa: BLE001 - a reading the file does not allow
            readings.append(error)
            continue
        rows = []
        for account in qif.accounts.values():
            for kind, transactions in account.transactions.items():
                if str(kind).lower().endswith(("invst", "investment")):
                    continue
                for t in transactions:
                    rows.append((t.date.date().isoformat(), decimal.Decimal(t.amount)))
        readings.append(rows)
    return readings


def camt_reference(path):
    from pycamt.parser import Camt053Parser
    parser = Camt053Parser.from_file(path)
    rows = []
    for t in parser.get_transactions():
        status = (t.get("Status") or "").upper()
        if status and status != "BOOK":
            continue
        sign = -1 if t.get("CreditDebitIndicator") == "DBIT" else 1
        day = (t.get("BookingDate") or t.get("ValueDate") or "")[:10]
        rows.append((day, sign * decimal.Decimal(t["Amount"])))
    return rows


REFERENCES = {"ofx": ofx_reference, "mt940": mt940_reference, "qif": qif_reference, "camt053": camt_reference}


def kakeibo_rows(kakeibo, path):
    with tempfile.TemporaryDirectory() as directory:
        env = dict(os.environ, KAKEIBO_DB=os.path.join(directory, "ledger.sqlite"))
        subprocess.run([kakeibo, "init", "--currency", "USD"], env=env, check=True, capture_output=True)
        run = subprocess.run([kakeibo, "import", "statement", path, "--account", "assets:bank", "--output", "json"],
                             env=env, capture_output=True, text=True)
        if run.returncode != 0:
            return None, (run.stderr.strip().splitlines() or ["(no message)"])[0]
        report = json.loads(run.stdout)
        skipped = [s for f in report["files"] for s in f["skipped"]]
        register = subprocess.run([kakeibo, "register", "assets:bank", "--format", "json"], env=env,
                                  capture_output=True, text=True, check=True)
        rows = [(r["date"], decimal.Decimal(r["amount"])) for r in json.loads(register.stdout)]
        return rows, skipped


def normal(rows):
    return collections.Counter((d, a.normalize() if a != 0 else decimal.Decimal(0)) for d, a in rows)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kakeibo", required=True)
    parser.add_argument("--root", default="")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    tally = collections.Counter()
    for path in args.files:
        name = os.path.relpath(path, args.root) if args.root else path
        fmt = sniff(path)
        ours, note = kakeibo_rows(args.kakeibo, path)
        try:
            if fmt is None:
                raise ValueError("not a format the comparer knows")
            reference = REFERENCES[fmt](path)
        except Exception as error:  # noqa: BLE001 - the reference library's refusal is data here
            reference = error
        if fmt == "qif" and not isinstance(reference, Exception):
            readings = [r for r in reference if not isinstance(r, Exception)]
            reference = readings[0] if readings else reference[0]
            if ours is not None:
                reference = next((r for r in readings if normal(r) == normal(ours)), reference)
        if isinstance(reference, Exception):
            verdict = "no-ref"
            detail = f"reference: {type(reference).__name__}: {str(reference)[:120]}; kakeibo: " + (
                f"refused: {note}" if ours is None else f"{len(ours)} transactions")
        elif ours is None:
            verdict = "refused"
            detail = f"{note} (reference: {len(reference)} transactions)"
        elif normal(ours) == normal(reference):
            verdict = "agree"
            detail = f"{len(ours)} transactions"
        elif normal(ours) == normal([r for r in reference if r[1] != 0]) and \
                len([r for r in reference if r[1] == 0]) == len([n for n in note if "zero amount" in n]):
            # Zero-amount lines are left out on purpose and each is named in the import's report.
            verdict = "agree-0"
            detail = f"{len(ours)} transactions; {len(reference) - len(ours)} zero-amount lines left out and reported"
        else:
            verdict = "DIFFER"
            missing = normal(reference) - normal(ours)
            extra = normal(ours) - normal(reference)
            detail = (f"kakeibo {len(ours)}, reference {len(reference)}; only in reference: "
                      f"{sorted(missing.elements())[:4]}; only in kakeibo: {sorted(extra.elements())[:4]}"
                      + (f"; skipped: {note[:3]}" if note else ""))
        tally[verdict] += 1
        print(f"{verdict:8} {fmt or '?':8} {name}: {detail}", flush=True)
    print(f"files {sum(tally.values())}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    return 1 if tally["DIFFER"] else 0  # a refusal is not a wrong figure; its reason is printed for review


if __name__ == "__main__":
    sys.exit(main())
