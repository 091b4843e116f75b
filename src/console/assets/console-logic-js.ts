/**
 * The console's pure logic, shipped to the browser as `/console/console-logic.js` and evaluated in Node
 * by the unit spec, so the tested code is the served code. Plain ES2020 without template literals (it
 * lives inside this TS string). It attaches `ConsoleLogic` to the global object.
 */
export const CONSOLE_LOGIC_JS = String.raw`(function (root) {
  'use strict';

  var ALL_STATES = [
    'RECEIVED', 'MAPPING_FAILED', 'READY', 'SUBMITTING', 'RETRY', 'REGISTERED', 'REJECTED',
    'WRITEBACK_PENDING', 'WRITTEN_BACK', 'WRITEBACK_FAILED', 'CANCELLED'
  ];
  var FAILURE_STATES = ['REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED'];
  var ERROR_CLASSES = [
    'validation', 'rejected', 'transient', 'auth', 'unknown-outcome', 'config',
    'writeback-transient', 'writeback-config', 'writeback-system'
  ];
  var QUEUE_PAGE = 200;

  function query(params) {
    var parts = [];
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      if (value === undefined || value === null || value === '') return;
      parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(value)));
    });
    return parts.length ? '?' + parts.join('&') : '';
  }

  /** One GET per state: the total of each answer is that state's count. */
  function countRequests() {
    return ALL_STATES.map(function (state) {
      return { state: state, path: '/submissions' + query({ state: state, limit: 1 }) };
    });
  }

  function countsFrom(totalsByState) {
    var rows = ALL_STATES.map(function (state) {
      var total = totalsByState[state];
      return {
        state: state,
        count: typeof total === 'number' ? total : 0,
        failure: FAILURE_STATES.indexOf(state) >= 0
      };
    });
    var failures = rows.reduce(function (sum, row) { return sum + (row.failure ? row.count : 0); }, 0);
    return { rows: rows, failures: failures };
  }

  /**
   * The API filters on one state at a time, so "every failure state" is one request per failure
   * state, merged by mergeQueue.
   */
  function queueRequests(filter) {
    var states = filter.state ? [filter.state] : FAILURE_STATES;
    return states.map(function (state) {
      return '/submissions' + query({
        state: state,
        connector: filter.connector,
        errorClass: filter.errorClass,
        limit: QUEUE_PAGE
      });
    });
  }

  function mergeQueue(pages) {
    var seen = {};
    var items = [];
    var total = 0;
    pages.forEach(function (page) {
      total += page.total;
      page.items.forEach(function (item) {
        if (seen[item.id]) return;
        seen[item.id] = true;
        items.push(item);
      });
    });
    items.sort(function (a, b) {
      if (a.updatedAt === b.updatedAt) return a.id < b.id ? -1 : 1;
      return a.updatedAt < b.updatedAt ? 1 : -1;
    });
    return { items: items, total: total };
  }

  function operatorErrors(operator, reason) {
    var errors = [];
    var who = (operator || '').trim();
    var why = (reason || '').trim();
    if (who.length < 1 || who.length > 100) errors.push('operator name is required (1-100 characters)');
    if (why.length < 3 || why.length > 500) errors.push('reason is required (3-500 characters)');
    return errors;
  }

  function retryBody(ids, operator, reason) {
    var errors = operatorErrors(operator, reason);
    if (!ids || ids.length === 0) errors.push('no submission to retry');
    if (ids && ids.length > 1000) errors.push('at most 1000 submissions per retry');
    if (errors.length) return { ok: false, errors: errors };
    return { ok: true, body: { ids: ids.slice(), operator: operator.trim(), reason: reason.trim() } };
  }

  /** kind: "text" keeps the string (canonical amounts are decimal strings), "json" parses, "remove" is null. */
  function overrideValue(text, kind) {
    if (kind === 'remove') return { ok: true, value: null };
    if (kind === 'json') {
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch (error) {
        return { ok: false, error: 'value is not valid JSON' };
      }
    }
    return { ok: true, value: text };
  }

  function overrideBody(path, text, kind, operator, reason) {
    var errors = operatorErrors(operator, reason);
    var field = (path || '').trim();
    if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\[\d+\])*$/.test(field)) {
      errors.push('field path must look like buyer.gstin or lines[0].hsnCode');
    }
    var parsed = overrideValue(text, kind);
    if (!parsed.ok) errors.push(parsed.error);
    if (errors.length) return { ok: false, errors: errors };
    var overrides = {};
    overrides[field] = parsed.value;
    return { ok: true, body: { overrides: overrides, operator: operator.trim(), reason: reason.trim() } };
  }

  function describeRetry(result) {
    var text = 'Retried ' + result.retried.length + ', skipped ' + result.skipped.length + '.';
    var reasons = result.skipped.map(function (s) { return s.submissionId.slice(0, 8) + ': ' + s.why; });
    return reasons.length ? text + ' ' + reasons.join('; ') : text;
  }

  /** A Nest error body (message may be a list; validation adds errors[]) as one line. */
  function apiErrorMessage(status, body) {
    var message = body && body.message !== undefined ? body.message : '';
    if (Array.isArray(message)) message = message.join('; ');
    var details = body && Array.isArray(body.errors)
      ? body.errors.map(function (e) { return e.path + ': ' + e.message; }).join('; ')
      : '';
    var text = 'HTTP ' + status + (message ? ': ' + message : '');
    return details ? text + ' (' + details + ')' : text;
  }

  function formatDateTime(value) {
    if (!value) return '';
    var date = new Date(value);
    if (isNaN(date.getTime())) return String(value);
    return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
  }

  function shortId(id) {
    return id ? String(id).slice(0, 8) : '';
  }

  /** Field errors of the submission, then the document's own normalisation errors, each listed once. */
  function fieldErrorsOf(document, submission) {
    var fromSubmission = (submission && submission.fieldErrors) || [];
    var fromDocument = (document && document.normalisationErrors) || [];
    var seen = {};
    return fromSubmission
      .concat(fromDocument)
      .map(function (e) {
        return {
          path: e.path,
          value: e.value === undefined ? '' : String(e.value),
          rule: e.rule,
          message: e.message,
          // An override names the canonical field, which a regime payload's error names separately.
          fixPath: e.canonicalPath || e.path,
        };
      })
      .filter(function (e) {
        var key = [e.path, e.value, e.rule, e.message].join('\u0000');
        if (seen[key]) return false;
        seen[key] = true;
        return true;
      });
  }

  function auditRows(events) {
    return (events || []).map(function (e) {
      var transition = e.fromState || e.toState ? (e.fromState || '') + ' \u2192 ' + (e.toState || '') : '';
      return {
        at: formatDateTime(e.at),
        actor: e.actor,
        action: e.action,
        submission: shortId(e.submissionId),
        transition: transition,
        reason: e.reason || ''
      };
    });
  }

  /** What the detail panel shows for one submission of a document. */
  function submissionSummary(document, submissionId) {
    var submissions = document.submissions || [];
    var submission = submissions.filter(function (s) { return s.id === submissionId; })[0] || null;
    return {
      docNumber: document.docNumber || '',
      docDate: document.docDate || '',
      docType: document.docType || '',
      regime: submission ? submission.regime : '',
      state: submission ? submission.state : '',
      errorClass: submission && submission.errorClass ? submission.errorClass : '',
      authorityCode: submission && submission.errorCode ? submission.errorCode : '',
      authorityMessage: submission && submission.errorMessage ? submission.errorMessage : '',
      attempts: submission ? submission.attempts : 0,
      fieldErrors: fieldErrorsOf(document, submission),
      audit: auditRows(document.audit),
      submission: submission
    };
  }

  root.ConsoleLogic = Object.freeze({
    ALL_STATES: ALL_STATES,
    FAILURE_STATES: FAILURE_STATES,
    ERROR_CLASSES: ERROR_CLASSES,
    QUEUE_PAGE: QUEUE_PAGE,
    query: query,
    countRequests: countRequests,
    countsFrom: countsFrom,
    queueRequests: queueRequests,
    mergeQueue: mergeQueue,
    operatorErrors: operatorErrors,
    retryBody: retryBody,
    overrideValue: overrideValue,
    overrideBody: overrideBody,
    describeRetry: describeRetry,
    apiErrorMessage: apiErrorMessage,
    formatDateTime: formatDateTime,
    shortId: shortId,
    fieldErrorsOf: fieldErrorsOf,
    auditRows: auditRows,
    submissionSummary: submissionSummary
  });
})(this);
`;
