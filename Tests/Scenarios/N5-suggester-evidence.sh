# N5 (High): one observation is not certainty, company forms (SDN BHD, Ltd) are no evidence, and auto-filings teach nothing.
k init --currency MYR
k account open assets:wallet
k category add groceries
k category add dining
k expense 98.35 --from assets:wallet --payee "AEON CO. (M) BHD"
k expense 87.10 --from assets:wallet --payee "UROKO JAPANESE CUISINE SDN BHD"
k suggest --payee "ANY TYRE SERVICE SDN BHD" --amount 400
k expense 30 --from assets:wallet --category dining --payee "Sang Kee Restaurant"
k suggest --payee "SANG KEE CHERAS RESTAURANT"
k expense 25 --from assets:wallet --category dining --payee "Sang Kee Restaurant"
k suggest --payee "SANG KEE CHERAS RESTAURANT"
k suggest --stats
