// @ts-check
/**
 * The reconciliation view's pure logic: request paths and bodies for one GSTIN and return period, the
 * category totals, which verdicts an action applies to. A classic script defining the global
 * `RecoLogic` (loaded before reco.js); the unit spec evaluates this same file in Node.
 */

/**
 * @typedef {{ count: number, itcAtStake: string }} RecoTotal
 * @typedef {{
 *   id: string, category: string, rule: string, supplierGstin: string, supplierName: string | null,
 *   purchaseId: string | null, gstr2bId: string | null, erpId: string | null, billNumber: string | null,
 *   billDate: string | null, section: string | null, gstr2bNumber: string | null, gstr2bDate: string | null,
 *   purchaseTax: string | null, gstr2bTax: string | null, itcAtStake: string, decision: string | null,
 *   decidedBy: string | null, explanation: string[]
 * }} RecoMatch
 * @typedef {{ erpId: string, fieldErrors: { path: string, message: string }[] | null }} UnreadablePurchase
 * @typedef {{
 *   gstin: string, period: string, lastRun: { state: string, trigger: string, startedAt: string, error?: string | null } | null,
 *   categories: Record<string, RecoTotal>, unreadablePurchases: UnreadablePurchase[], matches: RecoMatch[],
 *   page?: { limit: number, total: number, nextCursor: string | null }
 * }} RecoReport
 * @typedef {{ ok: true, body: Record<string, unknown> } | { ok: false, errors: string[] }} RecoBody
 * @typedef {{
 *   gstin: string, connector: string, latestGeneratedPeriod: string,
 *   periods: { period: string, state: string, startedAt: string, finishedAt: string | null }[]
 * }} ReconciledGstin
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the global reco.js reads
var RecoLogic = (function () {
  'use strict';

  var CATEGORIES = [
    'exact',
    'suggested',
    'mismatch',
    'pan',
    'missing-in-2b',
    'missing-in-books',
    'duplicate-in-books',
    'duplicate-in-2b',
    'in-other-period',
    'amended',
  ];
  var GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
  var PERIOD = /^(0[1-9]|1[0-2])\d{4}$/;

  /**
   * @param {string} gstin
   * @param {string} period
   * @returns {string[]}
   */
  function selectionErrors(gstin, period) {
    var errors = [];
    if (!GSTIN.test(gstin)) errors.push('GSTIN must be 15 characters (e.g. 29AABCT1332L1ZT)');
    if (!PERIOD.test(period)) errors.push('period must be MMYYYY (e.g. 102026)');
    return errors;
  }

  /**
   * @param {string} gstin
   * @param {string} period
   */
  function base(gstin, period) {
    return '/reconciliation/' + encodeURIComponent(gstin) + '/' + encodeURIComponent(period);
  }

  /**
   * @param {string} gstin
   * @param {string} period
   * @param {string} [category]
   * @param {string | null} [cursor] the previous page's nextCursor (none: the first page)
   */
  function reportPath(gstin, period, category, cursor) {
    var query = [];
    if (category) query.push('category=' + encodeURIComponent(category));
    if (cursor) query.push('cursor=' + encodeURIComponent(cursor));
    return base(gstin, period) + (query.length > 0 ? '?' + query.join('&') : '');
  }

  /**
   * @param {string} gstin
   * @param {string} period
   */
  function runPath(gstin, period) {
    return base(gstin, period) + '/run';
  }

  /**
   * @param {string} gstin
   * @param {string} period
   * @param {string} format
   * @param {string} [category]
   */
  function exportPath(gstin, period, format, category) {
    return (
      base(gstin, period) +
      '/export.' +
      format +
      (category ? '?category=' + encodeURIComponent(category) : '')
    );
  }

  /** @param {string} gstin @param {string} period @param {string} format */
  function exportFileName(gstin, period, format) {
    return 'reconciliation-' + gstin + '-' + period + '.' + format;
  }

  /**
   * Rows per category in a fixed order (then any the service adds), and a total line. Amounts are
   * summed in paise as integers: exact for the two-decimal strings the service sends.
   * @param {Record<string, RecoTotal>} categories
   */
  function totalsOf(categories) {
    var names = CATEGORIES.filter(function (c) {
      return categories[c] !== undefined;
    }).concat(
      Object.keys(categories).filter(function (c) {
        return CATEGORIES.indexOf(c) < 0;
      }),
    );
    var rows = names.map(function (name) {
      return { category: name, count: categories[name].count, itcAtStake: categories[name].itcAtStake };
    });
    var count = 0;
    var paise = 0;
    rows.forEach(function (row) {
      count += row.count;
      paise += toPaise(row.itcAtStake);
    });
    return { rows: rows, total: { category: 'total', count: count, itcAtStake: fromPaise(paise) } };
  }

  /** @param {string} amount */
  function toPaise(amount) {
    var match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
    if (!match) return 0;
    var value = Number(match[2]) * 100 + Number(((match[3] || '') + '00').slice(0, 2));
    return match[1] ? -value : value;
  }

  /** @param {number} paise */
  function fromPaise(paise) {
    var sign = paise < 0 ? '-' : '';
    var abs = Math.abs(paise);
    var rest = String(abs % 100);
    return sign + String(Math.floor(abs / 100)) + '.' + (rest.length < 2 ? '0' + rest : rest);
  }

  /** @param {RecoMatch} m */
  function booksCell(m) {
    return m.billNumber ? m.billNumber + (m.billDate ? ' (' + m.billDate + ')' : '') : '';
  }

  /** @param {RecoMatch} m */
  function gstr2bCell(m) {
    return m.gstr2bNumber
      ? m.section + ': ' + m.gstr2bNumber + (m.gstr2bDate ? ' (' + m.gstr2bDate + ')' : '')
      : '';
  }

  /** @param {RecoMatch} m */
  function decisionCell(m) {
    return m.decision ? m.decision + (m.decidedBy ? ' by ' + m.decidedBy.replace(/^operator:/, '') : '') : '';
  }

  /**
   * @param {string} operator
   * @returns {string[]}
   */
  function operatorErrors(operator) {
    var who = (operator || '').trim();
    return who.length < 1 || who.length > 100 ? ['operator name is required (1-100 characters)'] : [];
  }

  /** @param {string} operator @param {string} reason */
  function note(operator, reason) {
    /** @type {Record<string, unknown>} */
    var body = { operator: operator.trim() };
    if ((reason || '').trim()) body.reason = reason.trim();
    return body;
  }

  /**
   * accept / ignore / unlink the selected verdicts (unlink: pairs only).
   * @param {string} action
   * @param {RecoMatch[]} selected
   * @param {string} operator
   * @param {string} reason
   * @returns {RecoBody}
   */
  function actionBody(action, selected, operator, reason) {
    var errors = operatorErrors(operator);
    if (selected.length === 0) errors.push('select at least one row');
    if (action === 'unlink') {
      selected.forEach(function (m) {
        if (!m.purchaseId || !m.gstr2bId)
          errors.push('only pairs can be unlinked; ' + describe(m) + ' is one document');
      });
    }
    if (errors.length) return { ok: false, errors: errors };
    var body = note(operator, reason);
    body.action = action;
    body.matchIds = selected.map(function (m) {
      return m.id;
    });
    return { ok: true, body: body };
  }

  /**
   * Linking pairs one purchase the 2B lacks with one 2B document the books lack.
   * @param {RecoMatch[]} selected
   * @param {string} operator
   * @param {string} reason
   * @returns {RecoBody}
   */
  function linkBody(selected, operator, reason) {
    var errors = operatorErrors(operator);
    var purchases = selected.filter(function (m) {
      return m.purchaseId && !m.gstr2bId;
    });
    var documents = selected.filter(function (m) {
      return m.gstr2bId && !m.purchaseId;
    });
    if (selected.length !== 2 || purchases.length !== 1 || documents.length !== 1)
      errors.push('select one purchase missing in 2B and one 2B document missing in the books to link them');
    if (errors.length) return { ok: false, errors: errors };
    var body = note(operator, reason);
    body.purchaseId = purchases[0].purchaseId;
    body.gstr2bId = documents[0].gstr2bId;
    return { ok: true, body: body };
  }

  /** @param {RecoMatch} m */
  function describe(m) {
    return m.billNumber || m.gstr2bNumber || m.id;
  }

  /**
   * @param {RecoReport} report
   * @returns {string}
   */
  function summaryLine(report) {
    var run = report.lastRun;
    var head = run
      ? 'Last run ' + run.state + ' (' + run.trigger + ', ' + run.startedAt + ').'
      : 'Not reconciled yet: run it now.';
    // A failed run (a purchase register read in part, say) stored nothing: say why, and that the
    // verdicts shown are an earlier run's.
    if (run && run.state === 'failed') {
      head +=
        ' ' + (run.error || 'no reason recorded') + '. The verdicts below are from an earlier run, if any.';
    }
    var open = report.matches.filter(function (m) {
      return m.category !== 'exact' && !m.decision;
    }).length;
    var unreadable = report.unreadablePurchases.length;
    return (
      head +
      ' ' +
      report.matches.length +
      ' verdict(s), ' +
      open +
      ' open.' +
      (unreadable ? ' ' + unreadable + ' purchase(s) in the books could not be read.' : '')
    );
  }

  /**
   * The periods to offer for a GSTIN: the newest generated GSTR-2B first when it has no run yet, then
   * the periods with runs, newest first (as GET /reconciliation/gstins lists them).
   * @param {ReconciledGstin[]} gstins
   * @param {string} gstin
   * @returns {string[]}
   */
  function periodChoices(gstins, gstin) {
    var entry = gstins.filter(function (g) {
      return g.gstin === gstin;
    })[0];
    if (!entry) return [];
    var withRuns = entry.periods.map(function (p) {
      return p.period;
    });
    return withRuns.indexOf(entry.latestGeneratedPeriod) >= 0
      ? withRuns
      : [entry.latestGeneratedPeriod].concat(withRuns);
  }

  /**
   * What the view opens on: the first configured GSTIN and its newest period with a run, else the newest
   * period whose GSTR-2B exists; null when no GSTIN is configured.
   * @param {ReconciledGstin[]} gstins
   * @returns {{ gstin: string, period: string } | null}
   */
  function defaultSelection(gstins) {
    if (gstins.length === 0) return null;
    var first = gstins[0];
    return {
      gstin: first.gstin,
      period: first.periods.length > 0 ? first.periods[0].period : first.latestGeneratedPeriod,
    };
  }

  /**
   * @param {string} action
   * @param {number} count
   */
  function describeAction(action, count) {
    /** @type {Record<string, string>} */
    var done = { accept: 'Accepted', ignore: 'Ignored', unlink: 'Unlinked', link: 'Linked' };
    return (done[action] || action) + ' ' + count + '.';
  }

  return Object.freeze({
    CATEGORIES: CATEGORIES,
    selectionErrors: selectionErrors,
    reportPath: reportPath,
    runPath: runPath,
    exportPath: exportPath,
    exportFileName: exportFileName,
    totalsOf: totalsOf,
    booksCell: booksCell,
    gstr2bCell: gstr2bCell,
    decisionCell: decisionCell,
    actionBody: actionBody,
    linkBody: linkBody,
    summaryLine: summaryLine,
    describeAction: describeAction,
    periodChoices: periodChoices,
    defaultSelection: defaultSelection,
  });
})();
