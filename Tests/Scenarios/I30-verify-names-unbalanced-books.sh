# Issue 30: a server older than this one sequenced an ExpenseCaptured from an account no event opened (well formed, its
# hash correct), and an older device folded it: `balance` totals 10.00 USD where double entry makes it 0. verify names
# the event's position and the rule it breaks, and the trial balance per commodity; replay refuses to fold it.
skip_unless python3
k init --currency USD
k account open assets:cash --type asset
k category add food
k expense 20 --from assets:cash --category food
python3 - "$KAKEIBO_DB" <<'PY'
import hashlib, json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
canonical = lambda value: json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
position, previous, payload, version = db.execute("SELECT position, hash, payload, schema_version FROM events ORDER BY position DESC LIMIT 1").fetchone()
expense = json.loads(payload)
expense.update({"txn": "forged-transaction", "from": "no-such-account", "amount": 1000, "payee": None, "memo": None})
header = {"actor": "mallory", "commandHash": None, "commandId": "forged", "eventId": "forged-event", "idempotencyKey": None,
          "occurredOn": expense["date"], "position": position + 1, "provenance": None, "recordedAt": 1795000000000,
          "schemaVersion": version, "source": "manual", "stream": "txn-forged-transaction", "streamVersion": 1, "type": "ExpenseCaptured"}
body = canonical(expense)
digest = hashlib.sha256(previous + canonical(header).encode() + body.encode()).digest()
db.execute("""INSERT INTO events (position, event_id, stream, stream_version, type, schema_version, occurred_on, recorded_at,
              source, actor, command_id, payload, previous_hash, hash) VALUES (?, 'forged-event', 'txn-forged-transaction', 1,
              'ExpenseCaptured', ?, ?, 1795000000000, 'manual', 'mallory', 'forged', ?, ?, ?)""",
           (position + 1, version, expense["date"], body, previous, digest))
# What an older device's refold did with it: both postings, the missing account's too, and the checkpoint moved on.
db.execute("UPDATE balances SET amount = amount + 1000 WHERE account_id = ?", (expense["to"],))
db.execute("INSERT INTO balances (account_id, currency, amount) VALUES ('no-such-account', 'USD', -1000)")
db.execute("UPDATE projection_checkpoints SET position = ?", (position + 1,))
db.commit()
PY
k balance
k verify
k replay
k verify --format json
