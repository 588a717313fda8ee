/// The web app's static files: one stylesheet, one script and the service worker, served from the
/// server's own origin (CSP `default-src 'self'` allows nothing else) and compiled into the binary,
/// so the pages work wherever `kakeibo server run` is started from.
enum WebAssets {
    struct Asset: Sendable {
        var contentType: String
        var body: String
    }

    static let all: [String: Asset] = [
        "assets/app.css": Asset(contentType: "text/css; charset=utf-8", body: css),
        "assets/app.js": Asset(contentType: "text/javascript; charset=utf-8", body: script),
        // Linked by every page, so a browser never asks for a missing /favicon.ico (a 404 in its console).
        "assets/icon.svg": Asset(contentType: "image/svg+xml", body: icon),
        // At the root so its scope covers every ledger's capture page.
        "sw.js": Asset(contentType: "text/javascript; charset=utf-8", body: serviceWorker),
    ]

    static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#16213a"/><path d="M9 8h3v7l7-7h4l-8 8 8 8h-4l-7-7v7H9z" fill="#fff"/></svg>
    """

    /// Phone-first (360 px), one column; wider screens get a centred column of 46 rem.
    static let css = """
    :root { --ink: #1d2330; --muted: #4d5566; --line: #d5d9e0; --bg: #f6f7f9; --card: #fff; --accent: #1f5fbf; --bad: #a3261a; --good: #1d6b35; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
    header.app { background: #16213a; color: #fff; padding: .5rem .75rem; }
    header.app .brand { font-weight: 700; margin: 0 0 .25rem; }
    header.app .brand small { color: #dfe6f3; font-weight: 400; font-size: .9rem; }
    header.app nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
    header.app nav a { display: inline-block; padding: .35rem 0; min-height: 44px; line-height: 2; color: #fff; background: transparent;
                       border: 0; border-radius: 0; font-size: 1rem; }
    header.app nav a[aria-current=page] { font-weight: 700; text-decoration: underline; background: transparent; color: #fff; }
    main { max-width: 46rem; margin: 0 auto; padding: .75rem; }
    h1 { font-size: 1.4rem; margin: .25rem 0 .75rem; }
    h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .75rem; margin: 0 0 .75rem; }
    .muted { color: var(--muted); }
    .error { color: var(--bad); font-weight: 600; }
    .ok { color: var(--good); font-weight: 600; }
    label { display: block; font-weight: 600; margin: .5rem 0 .2rem; }
    input, select, textarea, button { font: inherit; width: 100%; padding: .55rem; border: 1px solid #8a93a3; border-radius: .35rem; background: #fff; color: var(--ink); }
    button, .button { background: var(--accent); color: #fff; border-color: var(--accent); font-weight: 600; min-height: 44px; cursor: pointer; margin-top: .75rem; }
    button.secondary { background: #fff; color: var(--accent); }
    button.danger { background: var(--bad); border-color: var(--bad); }
    fieldset { border: 0; padding: 0; margin: 0; }
    .kinds { display: flex; gap: .5rem; }
    .kinds label { font-weight: 400; display: flex; gap: .3rem; align-items: center; }
    .kinds input { width: auto; }
    .hint { font-size: .9rem; color: var(--muted); margin: .2rem 0 0; min-height: 1.3rem; }
    ul.list { list-style: none; margin: 0; padding: 0; }
    ul.list li { border-top: 1px solid var(--line); padding: .5rem 0; display: flex; flex-wrap: wrap; justify-content: space-between; gap: .25rem .75rem; }
    ul.list li:first-child { border-top: 0; }
    .num { font-variant-numeric: tabular-nums; white-space: nowrap; }
    .row-actions { display: flex; gap: .5rem; width: 100%; }
    .row-actions form { flex: 1; }
    table { border-collapse: collapse; width: 100%; font-size: .92rem; }
    th, td { text-align: left; padding: .3rem .35rem; border-top: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
    .table-wrap { overflow-x: auto; }
    .photo { position: relative; display: inline-block; max-width: 100%; }
    .photo img { display: block; max-width: 100%; height: auto; }
    .photo svg { position: absolute; inset: 0; width: 100%; height: 100%; }
    .photo rect { fill: rgba(31, 95, 191, .12); stroke: #1f5fbf; stroke-width: 3; vector-effect: non-scaling-stroke; }
    .pending { border-left: 4px solid #b26b00; padding-left: .5rem; }
    code { overflow-wrap: anywhere; }
    img.receipt { max-width: 100%; height: auto; }
    @media (min-width: 48rem) { main { padding: 1.25rem; } }
    """

    /// Progressive enhancement only: every form posts without it. With it, the capture page asks
    /// for the payee's category as you type, and keeps entries in IndexedDB until they are sent
    /// (each with an idempotency key made here when the entry is made, so a resend records once).
    static let script = #"""
    "use strict";
    (function () {
      if ("serviceWorker" in navigator) {
        navigator.serviceWorker.register("/sw.js").catch(function () {});
      }
      var form = document.querySelector("form[data-capture]");
      if (!form) { return; }
      var ledgerBase = form.getAttribute("action");
      var suggestURL = form.getAttribute("data-suggest");
      var payee = form.querySelector("[name=payee]");
      var category = form.querySelector("[name=category]");
      var hint = document.getElementById("suggestion");
      var typedCategory = false;
      category.addEventListener("input", function () { typedCategory = category.value !== ""; });
      var timer = null;
      payee.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () {
          var kind = form.querySelector("[name=kind]:checked");
          if (!payee.value || (kind && kind.value !== "expense") || !navigator.onLine) { return; }
          fetch(suggestURL + "?payee=" + encodeURIComponent(payee.value), { headers: { "Accept": "application/json" }, credentials: "same-origin" })
            .then(function (r) { return r.ok ? r.json() : null; })
            .then(function (s) {
              if (!s) { return; }
              if (s.category) {
                hint.textContent = "Suggested: " + s.category + " (" + s.confidence + ")";
                if (!typedCategory) { category.value = s.category; }
              } else {
                hint.textContent = s.reason ? "No suggestion: " + s.reason : "";
              }
            }).catch(function () {});
        }, 200);
      });

      var DB = "kakeibo-pending", STORE = "entries";
      function open() {
        return new Promise(function (resolve, reject) {
          var request = indexedDB.open(DB, 1);
          request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { keyPath: "idem" }); };
          request.onsuccess = function () { resolve(request.result); };
          request.onerror = function () { reject(request.error); };
        });
      }
      function tx(mode, work) {
        return open().then(function (db) {
          return new Promise(function (resolve, reject) {
            var t = db.transaction(STORE, mode), result;
            var store = t.objectStore(STORE);
            result = work(store);
            t.oncomplete = function () { db.close(); resolve(result && result.result !== undefined ? result.result : result); };
            t.onerror = function () { db.close(); reject(t.error); };
          });
        });
      }
      function newKey() {
        var bytes = new Uint8Array(16);
        crypto.getRandomValues(bytes);
        return "web-" + Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
      }
      var pendingList = document.getElementById("pending");
      var recorded = document.getElementById("recorded-area");
      function show() {
        return tx("readonly", function (store) { return store.getAll(); }).then(function (entries) {
          pendingList.textContent = "";
          entries.filter(function (e) { return e.ledger === ledgerBase; }).forEach(function (e) {
            var li = document.createElement("li");
            li.className = "pending";
            li.setAttribute("data-testid", "pending-entry");
            li.setAttribute("data-idem", e.idem);
            li.textContent = "Not sent yet: " + e.fields.kind + " " + e.fields.amount + " " + (e.fields.payee || "") + " " + (e.fields.date || "");
            pendingList.appendChild(li);
          });
          document.getElementById("pending-card").hidden = pendingList.children.length === 0;
        });
      }
      function confirm(body) {
        recorded.textContent = "";
        var p = document.createElement("p");
        p.className = "ok";
        p.setAttribute("data-testid", "recorded");
        p.setAttribute("data-txn", body.txn);
        p.textContent = (body.alreadyRecorded ? "Already recorded: " : "Recorded: ") + body.summary + " ";
        var a = document.createElement("a");
        a.href = body.link;
        a.textContent = "transaction " + body.txn.slice(-8);
        p.appendChild(a);
        recorded.appendChild(p);
      }
      function refuse(message) {
        recorded.textContent = "";
        var p = document.createElement("p");
        p.className = "error";
        p.setAttribute("role", "alert");
        p.textContent = message;
        recorded.appendChild(p);
      }
      var sending = false;
      function flush() {
        if (sending || !navigator.onLine) { return Promise.resolve(); }
        sending = true;
        return tx("readonly", function (store) { return store.getAll(); }).then(function (entries) {
          var mine = entries.filter(function (e) { return e.ledger === ledgerBase; });
          return mine.reduce(function (chain, entry) {
            return chain.then(function () {
              var body = new URLSearchParams(entry.fields);
              body.set("idem", entry.idem);
              return fetch(ledgerBase, { method: "POST", body: body, credentials: "same-origin",
                                         headers: { "Accept": "application/json" } })
                .then(function (response) {
                  return response.json().then(function (json) {
                    if (response.ok) {
                      confirm(json);
                      return tx("readwrite", function (store) { store.delete(entry.idem); });
                    }
                    // Refused for good (bad amount, read scope): say why and drop it; the server appended nothing.
                    if (response.status >= 400 && response.status < 500) {
                      refuse(json.detail || "refused");
                      return tx("readwrite", function (store) { store.delete(entry.idem); });
                    }
                  });
                });
            }).catch(function () {});
          }, Promise.resolve());
        }).then(show, show).then(function () { sending = false; }, function () { sending = false; });
      }
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var data = new FormData(form);
        var fields = {};
        data.forEach(function (value, key) { if (key !== "idem") { fields[key] = String(value); } });
        var entry = { idem: newKey(), ledger: ledgerBase, fields: fields, created: Date.now() };
        tx("readwrite", function (store) { store.put(entry); }).then(function () {
          form.querySelector("[name=amount]").value = "";
          form.querySelector("[name=payee]").value = "";
          form.querySelector("[name=memo]").value = "";
          if (!typedCategory) { category.value = ""; }
          typedCategory = false;
          hint.textContent = "";
          return show();
        }).then(flush);
      });
      window.addEventListener("online", flush);
      show().then(flush);
    })();
    """#

    /// Caches the capture page and the assets as they are fetched, and answers from the cache when
    /// the network is gone, so the capture page loads offline on reload. Network first: online, a
    /// page is never stale.
    static let serviceWorker = #"""
    "use strict";
    var CACHE = "kakeibo-v1";
    self.addEventListener("install", function (event) {
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(["/assets/app.css", "/assets/app.js"]); }).then(function () { return self.skipWaiting(); }));
    });
    self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
    function cacheable(url) {
      return url.origin === self.location.origin && (url.pathname.indexOf("/assets/") === 0 || /^\/ledgers\/[^/]+\/capture$/.test(url.pathname));
    }
    self.addEventListener("fetch", function (event) {
      var request = event.request;
      if (request.method !== "GET") { return; }
      var url = new URL(request.url);
      if (!cacheable(url)) { return; }
      event.respondWith(fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
        }
        return response;
      }).catch(function () {
        return caches.match(url.pathname).then(function (hit) { return hit || Response.error(); });
      }));
    });
    """#
}
