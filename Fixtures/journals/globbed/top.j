2026-03-02 Bakery
    expenses:food      $4.50
    assets:checking
