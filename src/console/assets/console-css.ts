/** The console's stylesheet, shipped as `/console/console.css`. */
export const CONSOLE_CSS = `:root {
  --ink: #1d2330;
  --muted: #5d6678;
  --line: #d8dce4;
  --panel: #ffffff;
  --page: #f3f5f8;
  --accent: #2f5fb3;
  --bad: #b3261e;
  --bad-soft: #fdecea;
  --pick: #e6eefb;
}
[hidden] { display: none !important; }
* { box-sizing: border-box; }
body {
  margin: 0;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink);
  background: var(--page);
}
.bar {
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 20px;
  background: var(--ink);
  color: #fff;
}
.bar h1 { font-size: 18px; margin: 0; flex: 0 0 auto; }
.bar .status { flex: 1 1 auto; color: #c9d1e0; font-size: 12px; }
main, .login { padding: 16px 20px; }
.panel {
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: 6px;
  padding: 12px 16px;
  margin: 0 auto 16px;
  max-width: 1400px;
  overflow-x: auto;
}
.login { max-width: 480px; margin-top: 40px; }
h2 { font-size: 16px; margin: 0 0 8px; }
h3 { font-size: 14px; margin: 16px 0 6px; }
.row { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
.row .grow { flex: 1 1 240px; }
label { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--muted); }
input, select, button { font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 4px; }
input, select { color: var(--ink); background: #fff; }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
button:disabled { opacity: 0.5; cursor: default; }
.bar button { background: transparent; border-color: #8792a8; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
td { word-break: break-word; }
table.counts { width: auto; }
table.counts td:last-child { text-align: right; font-variant-numeric: tabular-nums; }
tr.failing td { color: var(--bad); font-weight: 600; }
tr.total td { font-weight: 700; border-top: 2px solid var(--ink); }
table.queue tbody tr { cursor: pointer; }
table.queue tbody tr:hover, table.queue tbody tr:focus { background: var(--page); outline: none; }
table.queue tbody tr.selected { background: var(--pick); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 12px; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
.hint { color: var(--muted); font-size: 12px; margin: 4px 0 8px; }
.message { min-height: 1.4em; margin: 8px 0 0; }
.error { color: var(--bad); }
.message.error { background: var(--bad-soft); padding: 4px 8px; border-radius: 4px; }
`;
