# B18 (Low): an account name with two spaces in a row is refused (they end an account name in a journal); what is exported, hledger reads.
skip_unless hledger
k init --currency USD
k account open "assets:a  b" --type asset
k account open "assets:a b" --type asset
k account open "assets:c;d (x) [y] #z" --type asset
k transfer 5 --from "assets:a b" --to "assets:c;d (x) [y] #z"
k export journal >s.journal
run hledger -f s.journal bal
