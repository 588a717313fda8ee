# N15 (Low, in part): a valuation too large for the ledger's amounts says so, instead of "no USD price".
k init --currency USD
k account open assets:eur --currency EUR
k account open equity:opening --type equity
k txn --posting 'assets:eur=90000000000000 EUR' --posting equity:opening --date 2026-01-02
k price EUR 1000000 --date 2026-01-01
k bal --value USD
