2026-03-01 Landlord
    expenses:rent      $700.00
    assets:checking
