// @ts-check
/**
 * The reconciliation view's DOM wiring: one GSTIN and return period, its categories and totals, every
 * verdict with accept / ignore / unlink / link actions, a run-now button and the exports. Defines the
 * global `RecoView`; console.js (loaded after it) hands it the API helpers and shows it on its tab.
 * Data goes into the page through textContent only.
 */

/**
 * @typedef {{
 *   api: (method: string, path: string, body?: unknown) => Promise<unknown>,
 *   send: (method: string, path: string, body?: unknown) => Promise<Response>,
 *   operatorInputs: () => { operator: string, reason: string },
 *   setActionMessage: (message: string, isError: boolean) => void,
 *   setStatus: (message: string) => void,
 *   failed: (error: unknown) => void
 * }} ConsoleApi
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the global console.js reads
var RecoView = (function () {
  'use strict';
  var R = RecoLogic;
  var SELECTION_STORAGE = 'connectorConsole.reco';
  /** @type {ConsoleApi | null} */
  var app = null;
  /** @type {RecoMatch[]} */
  var matches = [];

  /** @param {string} id */
  function byId(id) {
    var element = document.getElementById(id);
    if (!element) throw new Error('the page has no #' + id);
    return element;
  }

  /** @param {string} id */
  function input(id) {
    return /** @type {HTMLInputElement} */ (byId(id));
  }

  function connected() {
    if (!app) throw new Error('RecoView.init was not called');
    return app;
  }

  /**
   * @param {string} tag
   * @param {string | number | null | undefined} value
   */
  function text(tag, value) {
    var element = document.createElement(tag);
    element.textContent = value === undefined || value === null ? '' : String(value);
    return element;
  }

  /** @param {HTMLElement} element */
  function clear(element) {
    while (element.firstChild) element.removeChild(element.firstChild);
  }

  function selection() {
    var gstin = input('reco-gstin').value.trim().toUpperCase();
    var period = input('reco-period').value.trim();
    var category = /** @type {HTMLSelectElement} */ (byId('reco-category')).value;
    return { gstin: gstin, period: period, category: category };
  }

  /** The selection, or null after saying what is wrong with it. */
  function validSelection() {
    var s = selection();
    var errors = R.selectionErrors(s.gstin, s.period);
    if (errors.length) {
      connected().setActionMessage(errors.join('; '), true);
      return null;
    }
    sessionStorage.setItem(SELECTION_STORAGE, JSON.stringify({ gstin: s.gstin, period: s.period }));
    return s;
  }

  /** @param {Record<string, RecoTotal>} categories */
  function showTotals(categories) {
    var totals = R.totalsOf(categories);
    var body = byId('reco-categories');
    clear(body);
    totals.rows.concat([totals.total]).forEach(function (t) {
      var tr = document.createElement('tr');
      tr.dataset.category = t.category;
      [t.category, t.count, t.itcAtStake].forEach(function (v) {
        tr.appendChild(text('td', v));
      });
      if (t.category === 'total') tr.className = 'total';
      body.appendChild(tr);
    });
  }

  function showMatches() {
    var body = byId('reco-matches');
    clear(body);
    matches.forEach(function (m) {
      var tr = document.createElement('tr');
      tr.dataset.id = m.id;
      tr.dataset.category = m.category;
      var pick = document.createElement('input');
      pick.type = 'checkbox';
      pick.className = 'pick';
      pick.value = m.id;
      pick.setAttribute('aria-label', 'select ' + (m.billNumber || m.gstr2bNumber || m.id));
      var cell = document.createElement('td');
      cell.className = 'pick';
      cell.appendChild(pick);
      tr.appendChild(cell);
      [
        m.category,
        m.supplierGstin + (m.supplierName ? ' ' + m.supplierName : ''),
        R.booksCell(m),
        R.gstr2bCell(m),
        m.purchaseTax,
        m.gstr2bTax,
        m.itcAtStake,
        R.decisionCell(m),
        m.explanation.join('; '),
      ].forEach(function (v) {
        tr.appendChild(text('td', v));
      });
      if (m.decision) tr.className = 'decided';
      body.appendChild(tr);
    });
  }

  /** Cursors of the pages shown before the current one (the first page's is null). */
  var previousCursors = /** @type {(string | null)[]} */ ([]);
  var currentCursor = /** @type {string | null} */ (null);
  var nextCursor = /** @type {string | null} */ (null);

  /** @param {string | null} [cursor] the page to show (none: the first) */
  function load(cursor) {
    var s = validSelection();
    if (!s) return Promise.resolve();
    var a = connected();
    a.setStatus('Loading\u2026');
    var report = /** @type {Promise<RecoReport>} */ (
      a.api('GET', R.reportPath(s.gstin, s.period, s.category, cursor || null))
    );
    return report.then(function (r) {
      if (!cursor) previousCursors = [];
      currentCursor = cursor || null;
      nextCursor = r.page ? r.page.nextCursor : null;
      byId('reco-next').hidden = !nextCursor;
      byId('reco-previous').hidden = previousCursors.length === 0;
      matches = r.matches;
      showTotals(r.categories);
      showMatches();
      byId('reco-summary').textContent = R.summaryLine(r);
      a.setStatus('Updated ' + new Date().toLocaleTimeString());
    });
  }

  /** @type {ReconciledGstin[]} */
  var configured = [];

  /**
   * @param {string} id a datalist
   * @param {string[]} values
   */
  function offer(id, values) {
    var list = byId(id);
    clear(list);
    values.forEach(function (value) {
      var option = document.createElement('option');
      option.value = value;
      list.appendChild(option);
    });
  }

  function offerPeriods() {
    offer('reco-periods', R.periodChoices(configured, selection().gstin));
  }

  /** The configured GSTINs and the periods they have runs of: offer them, and open the newest. */
  function suggest() {
    var a = connected();
    var gstins = /** @type {Promise<ReconciledGstin[]>} */ (a.api('GET', '/reconciliation/gstins'));
    return gstins.then(function (list) {
      configured = list;
      offer(
        'reco-gstins',
        list.map(function (g) {
          return g.gstin;
        }),
      );
      var initial = R.defaultSelection(list);
      if (!input('reco-gstin').value && initial) {
        input('reco-gstin').value = initial.gstin;
        input('reco-period').value = initial.period;
      }
      offerPeriods();
      if (!input('reco-period').value)
        input('reco-period').value = R.periodChoices(list, selection().gstin)[0] || '';
    });
  }

  function show() {
    var a = connected();
    return suggest()
      .then(function () {
        return selection().gstin && selection().period ? load() : undefined;
      })
      .catch(a.failed);
  }

  function run() {
    var s = validSelection();
    if (!s) return;
    var a = connected();
    var who = a.operatorInputs();
    var errors = who.operator.trim() ? [] : ['operator name is required (1-100 characters)'];
    if (errors.length) return a.setActionMessage(errors.join('; '), true);
    a.setActionMessage('Reconciling ' + s.gstin + ' ' + s.period + '\u2026', false);
    a.api('POST', R.runPath(s.gstin, s.period), { operator: who.operator.trim() })
      .then(function (answer) {
        var skipped = /** @type {{ skipped?: string }} */ (answer).skipped;
        a.setActionMessage(skipped ? 'Not run: ' + skipped : 'Reconciled.', Boolean(skipped));
        // The period now has a run: offered among the periods.
        return Promise.all([load(), suggest()]);
      })
      .catch(a.failed);
  }

  /** @returns {RecoMatch[]} */
  function picked() {
    /** @type {string[]} */
    var ids = [];
    Array.prototype.forEach.call(
      byId('reco-matches').querySelectorAll('input.pick'),
      function (/** @type {HTMLInputElement} */ box) {
        if (box.checked) ids.push(box.value);
      },
    );
    return matches.filter(function (m) {
      return ids.indexOf(m.id) >= 0;
    });
  }

  /** @param {string} action accept, ignore, unlink or link */
  function act(action) {
    var a = connected();
    var who = a.operatorInputs();
    var selected = picked();
    var request =
      action === 'link'
        ? R.linkBody(selected, who.operator, who.reason)
        : R.actionBody(action, selected, who.operator, who.reason);
    if (!request.ok) return a.setActionMessage(request.errors.join('; '), true);
    var path = action === 'link' ? '/reconciliation/matches/link' : '/reconciliation/matches/actions';
    a.api('POST', path, request.body)
      .then(function () {
        a.setActionMessage(R.describeAction(action, action === 'link' ? 1 : selected.length), false);
        // The same page again (a decision does not move a row between pages: they are ordered by id).
        return load(currentCursor);
      })
      .catch(a.failed);
  }

  /** @param {string} format */
  function exportFile(format) {
    var s = validSelection();
    if (!s) return;
    var current = s;
    var a = connected();
    a.send('GET', R.exportPath(current.gstin, current.period, format, current.category))
      .then(function (response) {
        return response.blob();
      })
      .then(function (blob) {
        var link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = R.exportFileName(current.gstin, current.period, format);
        document.body.appendChild(link);
        link.click();
        document.body.removeChild(link);
        setTimeout(function () {
          URL.revokeObjectURL(link.href);
        }, 10000);
      })
      .catch(a.failed);
  }

  /** @param {ConsoleApi} consoleApi */
  function init(consoleApi) {
    app = consoleApi;
    var category = /** @type {HTMLSelectElement} */ (byId('reco-category'));
    R.CATEGORIES.forEach(function (c) {
      var option = document.createElement('option');
      option.value = c;
      option.textContent = c;
      category.appendChild(option);
    });
    var saved = sessionStorage.getItem(SELECTION_STORAGE);
    if (saved) {
      /** @type {{ gstin?: string, period?: string }} */
      var last = /** @type {unknown} */ (JSON.parse(saved)) || {};
      input('reco-gstin').value = last.gstin || '';
      input('reco-period').value = last.period || '';
    }
    byId('reco-form').addEventListener('submit', function (event) {
      event.preventDefault();
      load(null).catch(connected().failed);
    });
    byId('reco-run').addEventListener('click', run);
    input('reco-gstin').addEventListener('change', offerPeriods);
    byId('reco-next').addEventListener('click', function () {
      previousCursors.push(currentCursor);
      load(nextCursor).catch(connected().failed);
    });
    byId('reco-previous').addEventListener('click', function () {
      load(previousCursors.pop() || null).catch(connected().failed);
    });
    ['accept', 'ignore', 'unlink', 'link'].forEach(function (action) {
      byId('reco-' + action).addEventListener('click', function () {
        act(action);
      });
    });
    byId('reco-export-csv').addEventListener('click', function () {
      exportFile('csv');
    });
    byId('reco-export-xlsx').addEventListener('click', function () {
      exportFile('xlsx');
    });
  }

  return Object.freeze({ init: init, show: show, load: load });
})();
