"""One line for a `kakeibo import receipt --dry-run --format json` answer: payee, date, total, the number of items, and
a short SHA-256 of every row the engine read (text, box, confidence), so two runs that read a receipt alike print the
same line (Benchmarks/receipts-decode-once.sh)."""
import hashlib
import json
import sys

answer = json.load(open(sys.argv[1]))[0]
events = {event["type"]: event["payload"] for event in answer.get("events", [])}
expense, scanned = events.get("ExpenseCaptured", {}), events.get("ReceiptScanned", {})
rows = json.dumps([(row["text"], row["box"], row["confidence"]) for row in scanned.get("rows", [])])
print(expense.get("payee"), "|", expense.get("date"), "|", expense.get("amount"), expense.get("currency"), "|",
      len(scanned.get("items") or []), "items |", hashlib.sha256(rows.encode()).hexdigest()[:12])
