# B2 (High): a category holds every currency spent on it: the fallback category and a named one take MYR and USD alike.
k init --currency USD
k account open assets:cash --type asset
k account open assets:wallet:myr --type asset --currency MYR
k category add dining
k expense 12 --from assets:wallet:myr
k expense 5 --from assets:cash
k expense 7 --from assets:wallet:myr --category dining
k expense 3 --from assets:cash --category dining
k balance --format csv
