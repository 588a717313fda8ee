# B3 (Medium): a journal is the same journal however its path is spelled (relative, absolute, ./sub/../x, a symlink); a file of the same name elsewhere is another journal.
cat >v2.journal <<'JOURNAL'
2026-10-01 Salary
    assets:checking  $3,000.00
    income:salary
2026-10-03 Dinner
    expenses:dining  $64.20
    liabilities:visa
2026-10-20 Visa payment
    liabilities:visa  $64.20
    assets:checking
JOURNAL
sed -e 's/64.20/46.20/' v2.journal >v3.journal
mkdir sub
k init --currency USD
cp v2.journal house.journal
k import journal house.journal
cp v3.journal house.journal
ln -s house.journal link.journal
k import journal house.journal
k import journal "$PWD/house.journal"
k import journal ./sub/../house.journal
k import journal link.journal
k balance expenses:dining --format csv
# Another file called house.journal, in sub/: another journal.
cp v3.journal sub/house.journal
cd sub
k import journal house.journal
cd ..
k import journal house.journal --replace
k balance expenses:dining --format csv
