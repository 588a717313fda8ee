/// Every plausible total, date and merchant on one receipt, with features: what the ranker chooses from,
/// and what `receipts train` learns from.
public struct ReceiptCandidates: Hashable, Sendable, Codable {
    public var total: [FieldCandidate<Int64>] = []
    public var date: [FieldCandidate<String>] = []
    public var merchant: [FieldCandidate<String>] = []

    public init() {}
}

/// The feature names of each field, in vector order. A trained model records them, so weights learned
/// for one order are never applied to another (`ReceiptModel.isCompatible`).
public enum FeatureSet {
    public static let total = [
        "label_strength", "label_from_neighbour", "role_total", "role_subtotal", "role_tax", "role_cash", "role_change",
        "role_rounding", "role_other", "unlabelled", "cash_change_check", "subtotal_check", "repeats", "largest",
        "before_rounding", "derived", "relative_row", "ocr", "height_ratio", "rows_to_total_label", "rightmost",
        "rule_score", "rule_pick", "exact_total_word", "label_grand", "label_payable", "label_net", "label_inclusive",
        "label_rounded", "label_tendered", "largest_labelled", "last_labelled", "sum_of_two_above", "share_of_largest",
        "summand_of_later", "below_tax_summary", "row_of_figures",
    ]
    public static let date = [
        "labelled", "pattern_bonus", "ambiguous", "relative_row", "ocr", "row_ocr", "agreeing_rows", "rivals",
        "rule_score", "rule_pick", "digits_open", "time_on_row", "height_ratio", "overlapping", "mixed_separators",
    ]
    public static let merchant = [
        "company_suffix", "business_word", "not_name_word", "footer_word", "address_word", "no_capital", "comma",
        "many_digits", "registration", "cash_sale_title", "below_title", "letter_ratio", "ocr", "row_index",
        "relative_y", "height_ratio", "rule_score", "rule_pick", "extended", "word_count", "centred", "first_letters_row", "joined_rows", "suffix_in_joined",
        "begins_with_suffix", "ends_with_suffix",
    ]
}
