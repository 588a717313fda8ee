# I34 (issue 34): prove one payment and check it on another machine, as the README's worked example does:
# the owner takes a checkpoint, proves the rent payment, and hands over the proof file and the checkpoint;
# with no ledger, `kakeibo proof check` and an independent verifier written from Documentation/Proofs.md
# (Tests/Proofs/verify_proof.py) both accept it, and both refuse it against another root.
skip_unless python3
k init --currency USD
k account open assets:checking --type asset
k category add rent
k category add groceries
for amount in 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do k expense "$amount" --from assets:checking --category groceries >/dev/null; done
TXN=$(k expense 950 --from assets:checking --category rent --payee Landlord --date 2026-11-01)
k expense 20 --from assets:checking --category groceries >/dev/null
k checkpoint
HEAD=$(k checkpoint --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); print("%d:%s" % (d["size"], d["root"]))')
k prove "$TXN" --format json > payment.proof.json
# On another machine: only the proof and the checkpoint travel.
mkdir elsewhere && mv payment.proof.json elsewhere/ && rm -f ledger.sqlite ledger.sqlite-wal ledger.sqlite-shm
k proof check elsewhere/payment.proof.json --root "$HEAD"
run python3 "$FIXTURES/../Tests/Proofs/verify_proof.py" elsewhere/payment.proof.json "$HEAD"
k proof check elsewhere/payment.proof.json --root "${HEAD%?}0"
run python3 "$FIXTURES/../Tests/Proofs/verify_proof.py" elsewhere/payment.proof.json "${HEAD%?}0"
