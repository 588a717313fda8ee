# B20 (Low): `--hue -1` and `price EUR -1` reach their range checks instead of reading as options.
k init --currency USD
k category add foo --hue -1
k price EUR -1
k category add foo --hue 120
