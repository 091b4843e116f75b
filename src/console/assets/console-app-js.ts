/**
 * The console's DOM wiring, shipped as `/console/console.js`. It needs ConsoleLogic (console-logic.js,
 * loaded first). All data goes into the page through textContent or option values, never innerHTML.
 * The API key lives in sessionStorage only and travels in the X-API-Key header.
 */
export const CONSOLE_APP_JS = String.raw`(function () {
  'use strict';
  var L = window.ConsoleLogic;
  var KEY_STORAGE = 'connectorConsole.apiKey';
  var OPERATOR_STORAGE = 'connectorConsole.operator';
  var shown = [];
  var selected = null;

  function byId(id) { return document.getElementById(id); }

  function text(tag, value, className) {
    var element = document.createElement(tag);
    element.textContent = value === undefined || value === null ? '' : String(value);
    if (className) element.className = className;
    return element;
  }

  function clear(element) {
    while (element.firstChild) element.removeChild(element.firstChild);
  }

  function row(values) {
    var tr = document.createElement('tr');
    values.forEach(function (value) { tr.appendChild(text('td', value)); });
    return tr;
  }

  function option(select, value, label) {
    var element = document.createElement('option');
    element.value = value;
    element.textContent = label;
    select.appendChild(element);
  }

  function setStatus(message) { byId('status').textContent = message; }

  function setActionMessage(message, isError) {
    var element = byId('action-message');
    element.textContent = message;
    element.className = isError ? 'message error' : 'message';
  }

  function apiKey() { return sessionStorage.getItem(KEY_STORAGE); }

  function ApiError(status, message) {
    this.status = status;
    this.message = message;
  }

  function api(method, path, body) {
    var headers = { 'X-API-Key': apiKey() || '', Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store'
    }).then(function (response) {
      return response.text().then(function (raw) {
        var data = null;
        try { data = raw ? JSON.parse(raw) : null; } catch (ignored) { data = { message: raw.slice(0, 200) }; }
        if (response.status === 401) {
          signOut('The API key was refused.');
          throw new ApiError(401, L.apiErrorMessage(401, data));
        }
        if (!response.ok) throw new ApiError(response.status, L.apiErrorMessage(response.status, data));
        return data;
      });
    });
  }

  function failed(error) {
    var message = error && error.message ? error.message : String(error);
    setActionMessage(message, true);
    setStatus('');
  }

  function showConsole(visible) {
    byId('login').hidden = visible;
    byId('console').hidden = !visible;
    byId('refresh').hidden = !visible;
    byId('sign-out').hidden = !visible;
  }

  function signOut(message) {
    sessionStorage.removeItem(KEY_STORAGE);
    showConsole(false);
    byId('login-error').textContent = message || '';
    byId('api-key').value = '';
  }

  function operatorInputs() {
    var operator = byId('operator').value;
    sessionStorage.setItem(OPERATOR_STORAGE, operator);
    return { operator: operator, reason: byId('reason').value };
  }

  function filter() {
    return {
      connector: byId('filter-connector').value,
      state: byId('filter-state').value,
      errorClass: byId('filter-error-class').value
    };
  }

  function loadConnectors() {
    return api('GET', '/connectors').then(function (connectors) {
      var select = byId('filter-connector');
      var current = select.value;
      while (select.options.length > 1) select.remove(1);
      connectors.forEach(function (c) { option(select, c.name, c.name + ' (' + c.kind + ')'); });
      select.value = current;
    });
  }

  function loadCounts() {
    var requests = L.countRequests();
    return Promise.all(requests.map(function (r) { return api('GET', r.path); })).then(function (pages) {
      var totals = {};
      requests.forEach(function (r, i) { totals[r.state] = pages[i].total; });
      var counts = L.countsFrom(totals);
      var body = byId('counts');
      clear(body);
      counts.rows.forEach(function (c) {
        var tr = row([c.state, c.count]);
        if (c.failure && c.count > 0) tr.className = 'failing';
        body.appendChild(tr);
      });
      var total = row(['failures', counts.failures]);
      total.className = 'total';
      body.appendChild(total);
    });
  }

  function loadQueue() {
    var paths = L.queueRequests(filter());
    return Promise.all(paths.map(function (p) { return api('GET', p); })).then(function (pages) {
      var queue = L.mergeQueue(pages);
      shown = queue.items;
      var body = byId('queue');
      clear(body);
      queue.items.forEach(function (s) {
        var tr = row([
          L.formatDateTime(s.updatedAt), L.shortId(s.id), s.regime, s.state, s.errorClass,
          s.errorCode, s.errorMessage, s.attempts
        ]);
        tr.tabIndex = 0;
        tr.dataset.id = s.id;
        if (selected && selected.id === s.id) tr.className = 'selected';
        tr.addEventListener('click', function () { select(s); });
        tr.addEventListener('keydown', function (event) { if (event.key === 'Enter') select(s); });
        body.appendChild(tr);
      });
      byId('queue-summary').textContent =
        'Showing ' + queue.items.length + ' of ' + queue.total + ' failed submission(s).';
      byId('retry-all').disabled = queue.items.length === 0;
    });
  }

  /** Files a file connector set aside (not CSV, wrong encoding, too large, no data), with the reason. */
  function loadRejectedFiles() {
    return api('GET', '/connectors').then(function (connectors) {
      var withFiles = connectors.filter(function (c) { return c.kind === 'csv'; });
      return Promise.all(withFiles.map(function (c) {
        return api('GET', '/connectors/' + encodeURIComponent(c.name) + '/files').then(function (files) {
          return files.rejected.map(function (f) { return { connector: c.name, file: f }; });
        });
      })).then(function (lists) {
        var rejected = [].concat.apply([], lists);
        var body = byId('rejected-files');
        clear(body);
        rejected.forEach(function (r) {
          body.appendChild(row([L.formatDateTime(r.file.rejectedAt), r.connector, r.file.file, r.file.kind, r.file.reason]));
        });
        byId('rejected-summary').textContent = rejected.length === 0
          ? 'No rejected files.'
          : rejected.length + ' file(s) set aside: fix and drop them into the inbox again.';
      });
    });
  }

  function refresh() {
    setStatus('Loading\u2026');
    return Promise.all([loadCounts(), loadQueue(), loadRejectedFiles()])
      .then(function () {
        setStatus('Updated ' + L.formatDateTime(new Date().toISOString()));
        return selected ? showDetail(selected) : undefined;
      })
      .catch(failed);
  }

  function select(submission) {
    selected = submission;
    Array.prototype.forEach.call(byId('queue').children, function (tr) {
      tr.className = tr.dataset.id === submission.id ? 'selected' : '';
    });
    showDetail(submission).catch(failed);
  }

  function fact(list, label, value) {
    list.appendChild(text('dt', label));
    list.appendChild(text('dd', value));
  }

  function showDetail(submission) {
    return api('GET', '/documents/' + encodeURIComponent(submission.documentId)).then(function (doc) {
      var summary = L.submissionSummary(doc, submission.id);
      byId('detail').hidden = false;
      byId('detail-id').textContent = submission.id;
      var facts = byId('detail-facts');
      clear(facts);
      fact(facts, 'Document', summary.docNumber + (summary.docType ? ' (' + summary.docType + ')' : ''));
      fact(facts, 'Date', summary.docDate);
      fact(facts, 'Regime', summary.regime);
      fact(facts, 'State', summary.state);
      fact(facts, 'Error class', summary.errorClass);
      fact(facts, 'Authority code', summary.authorityCode);
      fact(facts, 'Authority message', summary.authorityMessage);
      fact(facts, 'Attempts', summary.attempts);

      var errors = byId('field-errors');
      clear(errors);
      if (summary.fieldErrors.length === 0) errors.appendChild(row(['none', '', '', '', '']));
      summary.fieldErrors.forEach(function (e) {
        var tr = row([e.fixPath === e.path ? e.path : e.path + ' (fix: ' + e.fixPath + ')', e.value, e.rule, e.message]);
        var cell = document.createElement('td');
        var fix = text('button', 'Fix');
        fix.type = 'button';
        fix.addEventListener('click', function () {
          byId('override-path').value = e.fixPath;
          byId('override-value').value = e.value;
          byId('override-kind').value = 'text';
          byId('override-value').focus();
        });
        cell.appendChild(fix);
        tr.appendChild(cell);
        errors.appendChild(tr);
      });

      var audit = byId('audit');
      clear(audit);
      summary.audit.forEach(function (a) {
        audit.appendChild(row([a.at, a.actor, a.action, a.submission, a.transition, a.reason]));
      });
    });
  }

  function retry(ids, confirmText) {
    var who = operatorInputs();
    var request = L.retryBody(ids, who.operator, who.reason);
    if (!request.ok) return setActionMessage(request.errors.join('; '), true);
    if (confirmText && !window.confirm(confirmText)) return;
    setActionMessage('Retrying ' + ids.length + '\u2026', false);
    api('POST', '/submissions/retry', request.body)
      .then(function (result) {
        setActionMessage(L.describeRetry(result), false);
        return refresh();
      })
      .catch(failed);
  }

  function saveOverride(event) {
    event.preventDefault();
    if (!selected) return;
    var who = operatorInputs();
    var request = L.overrideBody(
      byId('override-path').value, byId('override-value').value, byId('override-kind').value,
      who.operator, who.reason
    );
    if (!request.ok) return setActionMessage(request.errors.join('; '), true);
    api('PATCH', '/documents/' + encodeURIComponent(selected.documentId) + '/overrides', request.body)
      .then(function () {
        setActionMessage('Override saved; retry the submission to apply it.', false);
        return showDetail(selected);
      })
      .catch(failed);
  }

  function signIn(event) {
    event.preventDefault();
    var key = byId('api-key').value.trim();
    if (!key) return;
    sessionStorage.setItem(KEY_STORAGE, key);
    start();
  }

  function start() {
    byId('login-error').textContent = '';
    api('GET', '/connectors')
      .then(function () {
        showConsole(true);
        return loadConnectors().then(refresh);
      })
      .catch(function (error) {
        if (error && error.status !== 401) failed(error);
      });
  }

  function init() {
    L.FAILURE_STATES.forEach(function (s) { option(byId('filter-state'), s, s); });
    L.ERROR_CLASSES.forEach(function (c) { option(byId('filter-error-class'), c, c); });
    byId('operator').value = sessionStorage.getItem(OPERATOR_STORAGE) || '';
    byId('login-form').addEventListener('submit', signIn);
    byId('sign-out').addEventListener('click', function () { signOut(''); });
    byId('refresh').addEventListener('click', refresh);
    byId('filters').addEventListener('submit', function (event) {
      event.preventDefault();
      selected = null;
      byId('detail').hidden = true;
      loadQueue().catch(failed);
    });
    byId('retry-all').addEventListener('click', function () {
      var ids = shown.map(function (s) { return s.id; });
      retry(ids, 'Retry all ' + ids.length + ' shown submission(s)?');
    });
    byId('retry-one').addEventListener('click', function () {
      if (selected) retry([selected.id]);
    });
    byId('override-form').addEventListener('submit', saveOverride);
    if (apiKey()) start();
    else showConsole(false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
`;
