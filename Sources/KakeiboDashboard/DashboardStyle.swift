/// The one inline style sheet. Phone-first: a single column at 360 px with nothing wider than the
/// screen (wide tables scroll inside their own box), more columns from 640 px. Colours come in
/// pairs for light and dark; every colour also has text beside it.
enum DashboardStyle {
    static let css = """
    :root{color-scheme:light dark;--bg:#f4f4f1;--fg:#1c1c1e;--muted:#5b5e63;--card:#fff;--line:#e2e2de;--track:#e9e9e5;\
    --b0:#2e7d32;--b1:#5a8f1f;--b2:#a86a00;--b3:#c4520c;--b4:#c62828;--inc:#2e7d32;--exp:#c0392b;--nw:#1f5fbf;--accent:#1f5fbf}
    @media (prefers-color-scheme:dark){:root{--bg:#151517;--fg:#ececec;--muted:#a4a7ad;--card:#1f1f22;--line:#34343a;--track:#2c2c31;\
    --b0:#5cb85f;--b1:#95c447;--b2:#e0a030;--b3:#f0803c;--b4:#ff6b6b;--inc:#5cb85f;--exp:#ff7b6b;--nw:#6fa8ff;--accent:#6fa8ff}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:var(--bg);color:var(--fg);overflow-wrap:anywhere}
    a{color:var(--accent)}
    .top{background:var(--card);border-bottom:1px solid var(--line);padding:10px 14px 8px}
    .brand{margin:0;font-size:18px;font-weight:700}
    .brand small{font-weight:400;color:var(--muted);font-size:14px}
    nav ul{display:flex;flex-wrap:wrap;gap:5px;list-style:none;margin:6px 0 0;padding:0}
    nav a{display:block;padding:5px 10px;border-radius:999px;background:var(--bg);color:var(--fg);text-decoration:none;font-size:13px;border:1px solid var(--line)}
    nav a[aria-current=page]{background:var(--fg);color:var(--bg);border-color:var(--fg)}
    main{max-width:980px;margin:0 auto;padding:12px}
    h1{font-size:22px;margin:4px 0 10px}
    h2{font-size:17px;margin:0 0 8px}
    h3{font-size:15px;margin:12px 0 6px}
    .meta{font-size:13px;color:var(--muted);margin:0 0 12px}
    .meta code{font-size:12px}
    .stale{display:inline-block;background:var(--b2);color:#fff;font-weight:700;border-radius:4px;padding:0 6px;margin-right:6px}
    .card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:12px 14px;margin:0 0 12px}
    .card p{margin:4px 0}
    .grid{display:grid;gap:12px;grid-template-columns:1fr;margin:0 0 12px}
    .grid>.card{margin:0}
    @media (min-width:640px){.grid{grid-template-columns:1fr 1fr}}
    .num{font-variant-numeric:tabular-nums;white-space:nowrap}
    .cur{color:var(--muted);font-size:.8em;margin-left:3px;white-space:nowrap;word-break:keep-all;overflow-wrap:normal}
    .big{font-size:26px;font-weight:700}
    .muted{color:var(--muted)}
    .small{font-size:13px}
    .empty{color:var(--muted);font-style:italic}
    .table-wrap{overflow-x:auto;max-width:100%}
    table{border-collapse:collapse;width:100%;font-size:14px}
    th,td{text-align:left;padding:6px;border-bottom:1px solid var(--line);vertical-align:top;white-space:nowrap;overflow-wrap:normal}
    th{font-size:12px;color:var(--muted);font-weight:600}
    td.num,th.num{text-align:right}
    details{margin-top:8px}
    summary{cursor:pointer;color:var(--accent);font-size:14px;padding:4px 0}
    .tabs{display:flex;gap:6px;margin:0 0 10px;flex-wrap:wrap}
    .tabs a{padding:5px 12px;border-radius:999px;border:1px solid var(--line);background:var(--card);text-decoration:none;color:var(--fg);font-size:14px}
    .row{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:2px 12px;align-items:baseline;padding:10px 0;border-bottom:1px solid var(--line)}
    .row:last-child{border-bottom:0}
    .row .name{font-weight:600;min-width:0}
    .row .lead{text-align:right}
    .row .wide{grid-column:1/-1}
    .figures{display:none;gap:4px 14px;flex-wrap:wrap;font-size:13px;color:var(--muted)}
    .figures b{font-weight:400}
    @media (min-width:640px){.figures{display:flex}}
    .bar{height:12px;background:var(--track);border-radius:6px;overflow:hidden;position:relative}
    .fill{height:100%;border-radius:6px;background:var(--accent)}
    .band-0 .fill{background:var(--b0)}.band-1 .fill{background:var(--b1)}.band-2 .fill{background:var(--b2)}\
    .band-3 .fill{background:var(--b3)}.band-4 .fill{background:var(--b4)}
    .over .bar{box-shadow:inset -4px 0 0 var(--fg)}
    .status{font-size:13px;color:var(--muted)}
    .over .status{color:var(--b4);font-weight:700}
    .depth-1{padding-left:14px}.depth-2{padding-left:28px}.depth-3{padding-left:42px}.depth-4{padding-left:56px}
    .range{height:12px;background:var(--track);border-radius:6px;position:relative}
    .range .span{position:absolute;top:0;bottom:0;background:var(--nw);opacity:.35;border-radius:6px}
    .range .point{position:absolute;top:-3px;bottom:-3px;width:3px;margin-left:-1.5px;background:var(--nw)}
    .legend{display:flex;gap:12px;flex-wrap:wrap;font-size:13px;color:var(--muted);margin:6px 0 0;padding:0;list-style:none}
    .key{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:4px;vertical-align:middle}
    .key.inc{background:var(--inc)}.key.exp{background:var(--exp)}.key.nw{background:var(--nw)}
    svg{display:block;width:100%;height:auto;max-width:720px;margin:0 auto}
    svg .inc{fill:var(--inc)}svg .exp{fill:var(--exp)}svg .bar-n{fill:var(--accent)}
    svg .nw{fill:none;stroke:var(--nw);stroke-width:2.5}svg .dot{fill:var(--nw)}
    svg .axis{stroke:var(--line);stroke-width:1}svg text{fill:var(--muted);font-size:17px;font-family:inherit}
    footer{max-width:980px;margin:0 auto;padding:4px 12px 24px;font-size:12px;color:var(--muted)}
    footer code{word-break:break-all}
    """
}
