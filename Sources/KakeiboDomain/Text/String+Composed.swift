extension String {
    /// The text in Unicode's composed form (NFC): `cafe` + U+0301 becomes `café` (U+00E9).
    ///
    /// macOS and iOS keyboards and file names often produce the decomposed form, and SQLite compares bytes, so
    /// without this the same-looking `café` made two categories, which beancount's export then merged into one
    /// name that bean-check rejected (issue 29, N13). Swift's `==` already compares canonically; this gives the
    /// bytes a name is stored and looked up under. The standard library's own NFC (`_nfcCodeUnits`, what `==` and
    /// hashing use) keeps the domain free of Foundation.
    public var composed: String {
        // Pure ASCII, the common case, is already composed.
        guard utf8.contains(where: { $0 >= 0x80 }) else { return self }
        return String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}
