/**
 * The console page. No inline script or style anywhere: the Content-Security-Policy allows only
 * same-origin files. Every element the app script uses has an id listed in CONSOLE_ELEMENT_IDS.
 */
export const CONSOLE_INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>Failure queue - compliance connector</title>
  <link rel="stylesheet" href="/console/console.css">
  <script src="/console/console-logic.js" defer></script>
  <script src="/console/console.js" defer></script>
</head>
<body>
  <header class="bar">
    <h1>Failure queue</h1>
    <span id="status" class="status" role="status" aria-live="polite"></span>
    <button id="refresh" type="button" hidden>Refresh</button>
    <button id="sign-out" type="button" hidden>Forget API key</button>
  </header>

  <section id="login" class="panel login">
    <h2>API key</h2>
    <p>The key stays in this browser tab (session storage) and is sent as the X-API-Key header.</p>
    <form id="login-form" autocomplete="off">
      <label>API key <input id="api-key" type="password" required autocomplete="off"></label>
      <button type="submit">Open console</button>
    </form>
    <p id="login-error" class="error"></p>
  </section>

  <main id="console" hidden>
    <section class="panel">
      <h2>Submissions per state</h2>
      <table class="counts"><tbody id="counts"></tbody></table>
    </section>

    <section class="panel">
      <h2>Operator</h2>
      <p class="hint">Every retry and override is audited with this name and reason.</p>
      <div class="row">
        <label>Operator name <input id="operator" required maxlength="100"></label>
        <label class="grow">Reason <input id="reason" required minlength="3" maxlength="500"></label>
      </div>
      <p id="action-message" class="message" role="status"></p>
    </section>

    <section class="panel">
      <h2>Queue</h2>
      <form id="filters" class="row">
        <label>Connector <select id="filter-connector"><option value="">all</option></select></label>
        <label>State <select id="filter-state"><option value="">all failure states</option></select></label>
        <label>Error class <select id="filter-error-class"><option value="">all</option></select></label>
        <button type="submit">Apply</button>
        <button id="retry-all" type="button">Retry all shown</button>
      </form>
      <p id="queue-summary" class="hint"></p>
      <table class="queue">
        <thead><tr>
          <th>Updated</th><th>Submission</th><th>Regime</th><th>State</th><th>Error class</th>
          <th>Code</th><th>Message</th><th>Attempts</th>
        </tr></thead>
        <tbody id="queue"></tbody>
      </table>
    </section>

    <section class="panel">
      <h2>Rejected files</h2>
      <p id="rejected-summary" class="hint"></p>
      <table class="queue">
        <thead><tr><th>Rejected</th><th>Connector</th><th>File</th><th>Kind</th><th>Reason</th></tr></thead>
        <tbody id="rejected-files"></tbody>
      </table>
    </section>

    <section id="detail" class="panel" hidden>
      <h2>Submission <span id="detail-id"></span></h2>
      <dl id="detail-facts" class="facts"></dl>
      <button id="retry-one" type="button">Retry this submission</button>

      <h3>Field errors</h3>
      <table class="errors">
        <thead><tr><th>Path</th><th>Value</th><th>Rule</th><th>Message</th><th></th></tr></thead>
        <tbody id="field-errors"></tbody>
      </table>

      <h3>Override a canonical field</h3>
      <form id="override-form" class="row">
        <label class="grow">Field path <input id="override-path" required placeholder="buyer.gstin"></label>
        <label class="grow">New value <input id="override-value"></label>
        <label>As <select id="override-kind">
          <option value="text">text</option>
          <option value="json">JSON</option>
          <option value="remove">remove override (null)</option>
        </select></label>
        <button type="submit">Save override</button>
      </form>

      <h3>Audit trail</h3>
      <table class="audit">
        <thead><tr><th>At</th><th>Actor</th><th>Action</th><th>Submission</th><th>State</th><th>Reason</th></tr></thead>
        <tbody id="audit"></tbody>
      </table>
    </section>
  </main>
</body>
</html>
`;

/** Ids the app script looks up; the spec checks each one is in the page. */
export const CONSOLE_ELEMENT_IDS = [
  'status',
  'refresh',
  'sign-out',
  'login',
  'login-form',
  'api-key',
  'login-error',
  'console',
  'counts',
  'operator',
  'reason',
  'action-message',
  'filters',
  'filter-connector',
  'filter-state',
  'filter-error-class',
  'retry-all',
  'queue-summary',
  'queue',
  'rejected-summary',
  'rejected-files',
  'detail',
  'detail-id',
  'detail-facts',
  'retry-one',
  'field-errors',
  'override-form',
  'override-path',
  'override-value',
  'override-kind',
  'audit',
] as const;
