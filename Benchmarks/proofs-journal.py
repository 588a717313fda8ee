#!/usr/bin/env python3
"""Writes a seeded hledger journal of N two-posting transactions (Benchmarks/proofs.sh)."""
import random, sys
n = int(sys.argv[1]); rng = random.Random(34)
accounts = ["expenses:food", "expenses:rent", "expenses:travel", "expenses:home", "income:salary"]
print("account assets:checking\n" + "".join(f"account {a}\n" for a in accounts))
for i in range(n):
    day = 1 + i * 3650 // max(n, 1)
    y, d = 2016 + day // 365, day % 365
    m, dd = 1 + d // 31 % 12, 1 + d % 28
    a = rng.choice(accounts)
    amount = rng.randint(100, 99999)
    sign = "-" if a.startswith("income") else ""
    print(f"{y:04d}-{m:02d}-{dd:02d} payee {i}\n    {a}  {sign}{amount // 100}.{amount % 100:02d} USD\n    assets:checking\n")
