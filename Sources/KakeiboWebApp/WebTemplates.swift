import Mustache

/// The pages' Mustache templates, compiled into the binary (no template folder to find at run
/// time). `{{name}}` is HTML-escaped by swift-mustache: that is the one place user strings are
/// escaped. `{{{name}}}` (unescaped) takes only HTML another renderer already escaped (the
/// dashboard's pages, the layout's body).
enum WebTemplates {
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in sources {
            do { try library.register(text, named: name) } catch { fatalError("web template \(name) does not parse: \(error)") }
        }
        return library
    }()

    static func render(_ name: String, _ values: [String: Any]) -> String {
        library.render(values, withTemplate: name) ?? ""
    }

    static let sources: [String: String] = [
        "layout": layout, "home": home, "capture": capture, "receipt-new": receiptNew, "receipt-result": receiptResult,
        "review": review, "transaction": transaction, "message": message, "joinForm": joinForm, "join": join,
    ]

    static let layout = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>{{title}} · Kakeibo</title>
    <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/assets/app.css">
    {{#dashboardStyles}}<link rel="stylesheet" href="/assets/dashboard.css"><link rel="stylesheet" href="{{dashboardStyles}}">{{/dashboardStyles}}
    <script src="/assets/app.js" defer></script>
    </head>
    <body>
    <header class="app"><p class="brand">Kakeibo{{#ledger}} <small>{{ledger}}</small>{{/ledger}}</p>
    {{#ledger}}<nav aria-label="Pages"><ul>
    {{#nav}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a></li>{{/nav}}
    </ul></nav>{{/ledger}}</header>
    <main>
    {{{body}}}
    </main>
    </body>
    </html>

    """

    static let message = """
    <h1>{{heading}}</h1>
    <div class="card"><p class="{{class}}" role="alert" data-testid="message" data-status="{{status}}">{{text}}</p>
    {{#link}}<p><a href="{{href}}">{{label}}</a></p>{{/link}}</div>
    """

    static let joinForm = """
    <h1>Join {{ledger}}</h1>
    <div class="card"><p>This link makes this browser a device of <strong>{{member}}</strong> in {{ledger}} ({{scope}}). It works once.</p>
    <form method="post"><button type="submit" data-testid="join">Join as {{member}}</button></form></div>
    """

    static let join = """
    <h1>Signed in</h1>
    <div class="card"><p class="ok" data-testid="signed-in">This browser is now a device of {{member}} in {{ledger}} ({{scope}}).</p>
    <p><a href="{{home}}">Open the ledger</a></p></div>
    """

    static let home = """
    <h1>Home</h1>
    {{#readOnly}}<p class="muted" data-testid="read-only">You may read this ledger; recording needs write access.</p>{{/readOnly}}
    <section class="card" aria-labelledby="h-budgets"><h2 id="h-budgets">Budgets this month</h2>
    {{#hasBudgets}}<ul class="list">{{#budgets}}<li data-testid="home-budget"><span>{{name}}</span><span class="num">{{available}} left of {{funds}}</span></li>{{/budgets}}</ul>{{/hasBudgets}}
    {{^hasBudgets}}<p class="muted">No budgets this month.</p>{{/hasBudgets}}
    </section>
    <section class="card" aria-labelledby="h-review"><h2 id="h-review">Needs review</h2>
    <p><a href="{{base}}/review" data-testid="home-review">{{reviewCount}} to review</a></p></section>
    <section class="card" aria-labelledby="h-recent"><h2 id="h-recent">Recent activity</h2>
    {{#hasRecent}}<ul class="list">{{#recent}}<li data-testid="home-recent"><a href="{{link}}">{{date}} {{payee}}</a><span class="num">{{amount}}</span><span class="muted">{{accounts}}</span></li>{{/recent}}</ul>{{/hasRecent}}
    {{^hasRecent}}<p class="muted">Nothing recorded yet.</p>{{/hasRecent}}
    </section>
    """

    static let capture = """
    <h1>Capture</h1>
    <div id="recorded-area" aria-live="polite">
    {{#recorded}}<p class="ok" data-testid="recorded" data-txn="{{txn}}">{{#again}}Already recorded: {{/again}}{{^again}}Recorded: {{/again}}{{summary}} <a href="{{link}}">transaction {{short}}</a></p>{{/recorded}}
    {{#error}}<p class="error" role="alert" data-testid="capture-error">{{error}}</p>{{/error}}
    </div>
    {{#readOnly}}<p class="error" data-testid="read-only">You may read this ledger, not record in it ({{member}} has read access).</p>{{/readOnly}}
    <form method="post" action="{{base}}/capture" data-capture data-suggest="{{base}}/suggest" class="card">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="idem" value="{{idem}}">
    <fieldset><legend class="muted">Kind</legend><div class="kinds">
    <label><input type="radio" name="kind" value="expense"{{#isExpense}} checked{{/isExpense}}> Expense</label>
    <label><input type="radio" name="kind" value="income"{{#isIncome}} checked{{/isIncome}}> Income</label>
    <label><input type="radio" name="kind" value="transfer"{{#isTransfer}} checked{{/isTransfer}}> Transfer</label>
    </div></fieldset>
    <label for="amount">Amount</label>
    <input id="amount" name="amount" inputmode="decimal" autocomplete="off" required data-testid="capture-amount" value="{{amount}}">
    <label for="account">Account (paid from; received into for an income)</label>
    <input id="account" name="account" list="accounts" required data-testid="capture-account" value="{{account}}">
    <label for="payee">Payee</label>
    <input id="payee" name="payee" autocomplete="off" data-testid="capture-payee" value="{{payee}}">
    <label for="category">Category (income account for an income; destination for a transfer)</label>
    <input id="category" name="category" list="categories" autocomplete="off" data-testid="capture-category" value="{{category}}" aria-describedby="suggestion">
    <p class="hint" id="suggestion" data-testid="capture-suggestion">{{suggestionHint}}</p>
    <label for="date">Date</label>
    <input id="date" name="date" type="date" required data-testid="capture-date" value="{{date}}">
    <label for="memo">Memo</label>
    <input id="memo" name="memo" autocomplete="off" value="{{memo}}">
    <button type="submit" data-testid="capture-submit">Record</button>
    </form>
    <datalist id="accounts">{{#accounts}}<option value="{{.}}"></option>{{/accounts}}</datalist>
    <datalist id="categories">{{#categories}}<option value="{{.}}"></option>{{/categories}}</datalist>
    <section class="card" id="pending-card" hidden aria-labelledby="h-pending"><h2 id="h-pending">Waiting to be sent</h2><ul class="list" id="pending"></ul></section>
    """

    static let receiptNew = """
    <h1>Receipt</h1>
    {{#error}}<p class="error" role="alert" data-testid="receipt-error">{{error}}</p>{{/error}}
    {{#readOnly}}<p class="error" data-testid="read-only">You may read this ledger, not record in it.</p>{{/readOnly}}
    <form method="post" action="{{base}}/receipts" enctype="multipart/form-data" class="card">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="idem" value="{{idem}}">
    <label for="photo">Photo of the receipt</label>
    <input id="photo" type="file" name="photo" accept="image/*" capture="environment" required data-testid="receipt-file">
    <label for="account">Paid from</label>
    <input id="account" name="account" list="accounts" required value="{{account}}">
    <button type="submit" data-testid="receipt-submit">Read and record</button>
    </form>
    <datalist id="accounts">{{#accounts}}<option value="{{.}}"></option>{{/accounts}}</datalist>
    """

    static let receiptResult = """
    <h1>Receipt read</h1>
    <div class="card" data-testid="receipt-result" data-txn="{{txn}}">
    <p class="ok">{{#again}}Already recorded: {{/again}}{{summary}} <a href="{{link}}">transaction {{short}}</a>{{#needsReview}} · <a href="{{base}}/review">needs review</a>{{/needsReview}}</p>
    <div class="table-wrap"><table><thead><tr><th scope="col">field</th><th scope="col">value</th><th scope="col">confidence</th></tr></thead><tbody>
    {{#fields}}<tr data-testid="receipt-field" data-field="{{name}}"><td>{{name}}</td><td>{{value}}</td><td class="num">{{confidence}}</td></tr>{{/fields}}
    </tbody></table></div>
    </div>
    {{#photo}}<div class="card"><div class="photo"><img src="{{photo}}" alt="The receipt photo; the rows each field was read from are outlined" width="{{width}}" height="{{height}}">
    <svg viewBox="0 0 {{width}} {{height}}" preserveAspectRatio="none" aria-hidden="true">{{#boxes}}<rect x="{{x}}" y="{{y}}" width="{{w}}" height="{{h}}" data-field="{{field}}"><title>{{field}}</title></rect>{{/boxes}}</svg>
    </div></div>{{/photo}}
    <p><a href="{{base}}/receipts/new">Another receipt</a></p>
    """

    static let review = """
    <h1>Review</h1>
    {{#done}}<p class="ok" data-testid="review-done">{{done}}</p>{{/done}}
    {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
    {{^hasItems}}<p class="card muted" data-testid="review-empty">Nothing needs review.</p>{{/hasItems}}
    {{#hasItems}}<ul class="list card">
    {{#items}}<li data-testid="review-row" data-kind="{{kind}}" data-txn="{{txn}}">
    <span><a href="{{link}}">{{date}} {{payee}}</a> <span class="muted">{{what}}</span></span><span class="num">{{amount}}</span>
    {{#suggestion}}<span class="muted">Suggested: {{suggestion}}</span>{{/suggestion}}
    <div class="row-actions">
    <form method="post" action="{{base}}/review/accept"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="txn" value="{{txn}}"><input type="hidden" name="kind" value="{{kind}}"><input type="hidden" name="category" value="{{suggestionAccount}}"><input type="hidden" name="idem" value="{{idemAccept}}">
    <button type="submit" data-testid="review-accept" aria-label="Accept {{payee}} {{amount}}">Accept</button></form>
    <form method="get" action="{{base}}/txn/{{txn}}"><button type="submit" class="secondary">Correct</button></form>
    <form method="post" action="{{base}}/review/void"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="txn" value="{{txn}}"><input type="hidden" name="idem" value="{{idemVoid}}">
    <button type="submit" class="danger" data-testid="review-void" aria-label="Void {{payee}} {{amount}}">Void</button></form>
    </div></li>{{/items}}
    </ul>{{/hasItems}}
    """

    static let transaction = """
    <h1>Transaction <code>{{short}}</code></h1>
    <div class="card" data-testid="transaction" data-txn="{{txn}}">
    <p>{{date}} {{payee}} {{#voided}}<strong class="error">voided</strong>{{/voided}}</p>
    <ul class="list">{{#postings}}<li><span>{{account}}</span><span class="num">{{amount}}</span></li>{{/postings}}</ul>
    {{#memo}}<p class="muted">{{memo}}</p>{{/memo}}
    </div>
    {{#canWrite}}<form method="post" action="{{base}}/txn/{{txn}}/edit" class="card">
    <h2>Correct</h2>
    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="idem" value="{{idem}}">
    <label for="e-amount">Amount</label><input id="e-amount" name="amount" inputmode="decimal" placeholder="unchanged">
    <label for="e-category">Category</label><input id="e-category" name="category" placeholder="unchanged">
    <label for="e-payee">Payee</label><input id="e-payee" name="payee" placeholder="unchanged">
    <label for="e-date">Date</label><input id="e-date" name="date" type="date">
    <button type="submit" data-testid="txn-edit">Save the correction</button>
    </form>{{/canWrite}}
    <section class="card" aria-labelledby="h-history"><h2 id="h-history">History</h2>
    <div class="table-wrap"><table><thead><tr><th scope="col">when</th><th scope="col">who</th><th scope="col">device</th><th scope="col">what</th><th scope="col">before → after</th></tr></thead><tbody>
    {{#history}}<tr data-testid="history-entry"><td>{{when}}</td><td>{{who}}</td><td>{{device}}</td><td>{{type}}{{#reason}} ({{reason}}){{/reason}}</td><td>{{#changes}}<div>{{field}}: {{before}} → {{after}}</div>{{/changes}}</td></tr>{{/history}}
    </tbody></table></div></section>
    {{#photo}}<section class="card"><h2>Receipt photo</h2><img src="{{photo}}" alt="The receipt photo" data-testid="txn-photo" class="receipt"></section>{{/photo}}
    """
}
