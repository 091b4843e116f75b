// @ts-check
/**
 * The console's pure logic: request paths and bodies, and what each panel shows. A classic script that
 * defines the global `ConsoleLogic`, loaded before console.js; the unit spec evaluates this same file in
 * Node, so the tested code is the served code.
 */

/**
 * @typedef {{ code: string, label: string }} ReasonOption
 * @typedef {{ name: string, summary: string, reasons: ReasonOption[] }} OperationReasons
 * @typedef {{ name: string, cancellable: boolean, cancelReasons: ReasonOption[],
 *   cancelRemarkMaxLength: number | null, operations: OperationReasons[],
 *   identifierFields?: ReasonOption[] }} RegimeReasons
 */
/**
 * @typedef {{ path: string, canonicalPath?: string, value?: unknown, rule?: string, message: string }} FieldError
 * @typedef {{
 *   id: string, documentId: string, regime: string, state: string, attempts: number,
 *   errorClass: string | null, errorCode: string | null, errorMessage: string | null,
 *   fieldErrors: FieldError[] | null, irn: string | null, ackNo: string | null, ackDate: string | null,
 *   ewbNo: string | null, validUpto: string | null, zatcaUuid: string | null, zatcaStatus: string | null,
 *   signedQr?: string | null, updatedAt: string, document?: DocumentListing | null,
 *   warnings?: { code?: string, message: string }[] | null,
 *   identifiers?: { extra?: Record<string, string> } | null
 * }} Submission
 * @typedef {{ docNumber: string | null, docDate: string | null, buyerName: string | null,
 *   buyerTaxId: string | null, invoiceTotal: string | null, currency: string | null,
 *   sourceRef?: string | null }} DocumentListing
 * @typedef {{
 *   at: string, actor: string, action: string, submissionId: string | null,
 *   fromState: string | null, toState: string | null, reason: string | null
 * }} AuditEvent
 * @typedef {{
 *   id: string, docNumber: string | null, docDate: string | null, docType: string | null,
 *   normalisationErrors: FieldError[] | null, effectiveCanonical?: unknown, canonical?: unknown,
 *   submissions: Submission[], audit: AuditEvent[]
 * }} DocumentDetail
 * @typedef {{ total: number, items: Submission[] }} SubmissionPage
 * @typedef {{ connector?: string, state?: string, errorClass?: string, from?: string, to?: string }} QueueFilter
 * @typedef {{ submissionId: string, from: string, to: string }} Retried
 * @typedef {{ submissionId: string, state: string, why: string }} Skipped
 * @typedef {{ retried: Retried[], skipped: Skipped[], matched?: number, limit?: number }} RetryResult
 * @typedef {{ path: string, value: string, rule: string, message: string, fixPath: string }} FieldErrorRow
 * @typedef {{ ok: true, body: Record<string, unknown> } | { ok: false, errors: string[] }} BodyResult
 * @typedef {{ provider: string, reason: string, resumesAt: string, secondsLeft: number }} ThrottledProvider
 * @typedef {{ key: string, failures: number, reopensAt: string, secondsLeft: number }} OpenCircuit
 * @typedef {{ throttled: ThrottledProvider[], circuitsOpen: OpenCircuit[] }} DashboardProviders
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the global the app script reads
var ConsoleLogic = (function () {
  'use strict';

  var ALL_STATES = [
    'RECEIVED',
    'MAPPING_FAILED',
    'READY',
    'SUBMITTING',
    'RETRY',
    'REGISTERED',
    'REJECTED',
    'WRITEBACK_PENDING',
    'WRITTEN_BACK',
    'WRITEBACK_FAILED',
    'CANCELLED',
  ];
  var FAILURE_STATES = ['REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED'];
  /** States from which a registration can still be cancelled (the authority decides the window). */
  var CANCELLABLE_STATES = ['REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK', 'WRITEBACK_FAILED'];
  /** States an operator retry may start from (the service decides; this only hides a useless button). */
  var RETRYABLE_STATES = ['MAPPING_FAILED', 'REJECTED', 'RETRY', 'WRITEBACK_FAILED'];
  var ERROR_CLASSES = [
    'validation',
    'rejected',
    'transient',
    'auth',
    'unknown-outcome',
    'config',
    'writeback-transient',
    'writeback-config',
    'writeback-system',
  ];
  /** Rows per page of every list; the server pages (limit and offset) and gives the total. */
  var PAGE_SIZE = 50;

  /**
   * @param {Record<string, string | number | null | undefined>} params
   * @returns {string}
   */
  function query(params) {
    /** @type {string[]} */
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

  /** @param {Record<string, number | undefined>} totalsByState */
  function countsFrom(totalsByState) {
    var rows = ALL_STATES.map(function (state) {
      var total = totalsByState[state];
      return {
        state: state,
        count: typeof total === 'number' ? total : 0,
        failure: FAILURE_STATES.indexOf(state) >= 0,
      };
    });
    var failures = rows.reduce(function (sum, row) {
      return sum + (row.failure ? row.count : 0);
    }, 0);
    return { rows: rows, failures: failures };
  }

  /**
   * One page of the failure queue, paged by the server: `failing` selects every failure state in one
   * filter (unless one state is chosen), so the total is the queue's and "retry all" can name the filter.
   * @param {QueueFilter} filter
   * @param {number} offset
   */
  function queueRequest(filter, offset) {
    return '/submissions' + query(queueQuery(filter, { limit: PAGE_SIZE, offset: offset || undefined }));
  }

  /**
   * The filter as the API names it (failing=true unless one state is chosen), plus `extra`.
   * @param {QueueFilter} filter
   * @param {Record<string, string | number | undefined>} [extra]
   */
  function queueQuery(filter, extra) {
    /** @type {Record<string, string | number | undefined>} */
    var params = {
      state: filter.state,
      failing: filter.state ? undefined : 'true',
      connector: filter.connector,
      errorClass: filter.errorClass,
      from: filter.from,
      to: filter.to,
    };
    Object.keys(extra || {}).forEach(function (key) {
      params[key] = (extra || {})[key];
    });
    return params;
  }

  /**
   * "Retry all" over the filter, not the page: POST /submissions/retry { filter } acts on every match.
   * @param {QueueFilter} filter
   * @param {string} operator
   * @param {string} reason
   * @returns {BodyResult}
   */
  function retryFilterBody(filter, operator, reason) {
    var errors = operatorErrors(operator, reason);
    if (errors.length) return { ok: false, errors: errors };
    /** @type {Record<string, unknown>} */
    var body = {};
    var params = queueQuery(filter);
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      if (value === undefined || value === '') return;
      body[key] = key === 'failing' ? true : value;
    });
    return { ok: true, body: { filter: body, operator: operator.trim(), reason: reason.trim() } };
  }

  /**
   * "Showing 51-100 of 230 failed submission(s)."; with no rows "Showing 0 of 0 ...".
   * @param {number} offset
   * @param {number} count rows on this page
   * @param {number} total
   * @param {string} noun
   */
  function pageSummary(offset, count, total, noun) {
    var range = count === 0 ? '0' : offset + 1 + '\u2013' + (offset + count);
    return 'Showing ' + range + ' of ' + total + ' ' + noun + '.';
  }

  /**
   * The offsets of the previous and next pages, null where there is none.
   * @param {number} offset
   * @param {number} total
   */
  function pageMoves(offset, total) {
    return {
      previous: offset > 0 ? Math.max(0, offset - PAGE_SIZE) : null,
      next: offset + PAGE_SIZE < total ? offset + PAGE_SIZE : null,
    };
  }

  /**
   * The failure-queue export for the same filter; `format` is csv or xlsx.
   * @param {QueueFilter} filter
   * @param {string} format
   */
  function exportPath(filter, format) {
    return (
      '/exports/failures.' +
      format +
      query({
        state: filter.state,
        connector: filter.connector,
        errorClass: filter.errorClass,
        from: filter.from,
        to: filter.to,
      })
    );
  }

  /**
   * @param {{ state?: string, regime?: string }} filter
   * @param {number} [offset]
   */
  function submissionsRequest(filter, offset) {
    return (
      '/submissions' +
      query({ state: filter.state, regime: filter.regime, limit: PAGE_SIZE, offset: offset || undefined })
    );
  }

  /**
   * @param {string} operator
   * @param {string} reason
   */
  function operatorErrors(operator, reason) {
    var errors = [];
    var who = (operator || '').trim();
    var why = (reason || '').trim();
    if (who.length < 1 || who.length > 100) errors.push('operator name is required (1-100 characters)');
    if (why.length < 3 || why.length > 500) errors.push('reason is required (3-500 characters)');
    return errors;
  }

  /**
   * @param {string[]} ids
   * @param {string} operator
   * @param {string} reason
   * @returns {BodyResult}
   */
  function retryBody(ids, operator, reason) {
    var errors = operatorErrors(operator, reason);
    if (!ids || ids.length === 0) errors.push('no submission to retry');
    if (ids && ids.length > 1000) errors.push('at most 1000 submissions per retry');
    if (errors.length) return { ok: false, errors: errors };
    return { ok: true, body: { ids: ids.slice(), operator: operator.trim(), reason: reason.trim() } };
  }

  /**
   * kind: "text" keeps the string (canonical amounts are decimal strings), "json" parses, "remove" is null.
   * @param {string} text
   * @param {string} kind
   * @returns {{ ok: true, value: unknown } | { ok: false, error: string }}
   */
  function overrideValue(text, kind) {
    if (kind === 'remove') return { ok: true, value: null };
    if (kind === 'json') {
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return { ok: false, error: 'value is not valid JSON' };
      }
    }
    return { ok: true, value: text };
  }

  /**
   * @param {string} path
   * @param {string} text
   * @param {string} kind
   * @param {string} operator
   * @param {string} reason
   * @returns {BodyResult}
   */
  function overrideBody(path, text, kind, operator, reason) {
    var errors = operatorErrors(operator, reason);
    var field = (path || '').trim();
    if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\[\d+\])*$/.test(field)) {
      errors.push('field path must look like buyer.gstin or lines[0].hsnCode');
    }
    var parsed = overrideValue(text, kind);
    if (!parsed.ok) errors.push(parsed.error);
    if (errors.length || !parsed.ok) return { ok: false, errors: errors };
    /** @type {Record<string, unknown>} */
    var overrides = {};
    overrides[field] = parsed.value;
    return { ok: true, body: { overrides: overrides, operator: operator.trim(), reason: reason.trim() } };
  }

  /**
   * A regime's reason list as `GET /regimes` serves it: `'cancel'` for its cancel reasons, otherwise the
   * named operation's (`'part-b'`, `'extend'`). Empty when the regime or operation is unknown: the console
   * never falls back to another regime's list (the e-invoice's and e-way bill's codes 2 and 3 differ).
   * @param {RegimeReasons[] | null} regimes
   * @param {string} regime
   * @param {string} action
   * @returns {ReasonOption[]}
   */
  function reasonsFor(regimes, regime, action) {
    var found = (regimes || []).filter(function (r) {
      return r.name === regime;
    })[0];
    if (!found) return [];
    if (action === 'cancel') return found.cancelReasons.slice();
    var operation = found.operations.filter(function (o) {
      return o.name === action;
    })[0];
    return operation ? operation.reasons.slice() : [];
  }

  /**
   * @param {string} reasonCode
   * @param {string} remark
   * @param {string} operator
   * @param {string} reason
   * @param {ReasonOption[]} allowed the regime's cancel reasons (reasonsFor(regimes, regime, 'cancel'))
   * @returns {BodyResult}
   */
  function cancelBody(reasonCode, remark, operator, reason, allowed) {
    var errors = operatorErrors(operator, reason);
    var note = (remark || '').trim();
    var codes = allowed.map(function (o) {
      return o.code;
    });
    if (codes.indexOf(reasonCode) < 0) {
      errors.push(
        codes.length
          ? 'cancel reason must be one of ' +
              allowed
                .map(function (o) {
                  return o.code + ' ' + o.label;
                })
                .join(', ')
          : 'the cancel reasons of this regime are not loaded yet',
      );
    }
    if (note.length < 1 || note.length > 100) errors.push('remark is required (1-100 characters)');
    if (errors.length) return { ok: false, errors: errors };
    return {
      ok: true,
      body: { reasonCode: reasonCode, remark: note, operator: operator.trim(), reason: reason.trim() },
    };
  }

  /**
   * Whether the operator may cancel: a registered state, and a regime that GET /regimes says cancels.
   * @param {Submission | null} submission
   * @param {RegimeReasons[] | null} regimes
   */
  function cancellable(submission, regimes) {
    return (
      !!submission &&
      CANCELLABLE_STATES.indexOf(submission.state) >= 0 &&
      (regimes || []).some(function (r) {
        return r.name === submission.regime && r.cancellable;
      })
    );
  }

  /**
   * The queue's one-line reason: the authority's (or pipeline's) message, then the first field error.
   * @param {Submission} submission
   */
  function queueReason(submission) {
    var first = (submission.fieldErrors || [])[0];
    var field = first ? (first.canonicalPath || first.path) + ': ' + first.message : '';
    return [submission.errorMessage || '', field].filter(Boolean).join(' \u2014 ');
  }

  /**
   * @param {RetryResult} result
   * @param {boolean} [byFilter] the retry named a filter: say how many it matched, and if it took only some
   */
  function describeRetry(result, byFilter) {
    var text = 'Retried ' + result.retried.length + ', skipped ' + result.skipped.length;
    if (byFilter && typeof result.matched === 'number') {
      text += ' of the ' + result.matched + ' matching the filter.';
      if (result.limit && result.matched > result.limit)
        text += ' Only the first ' + result.limit + ' were taken: retry all again for the rest.';
    } else text += '.';
    var reasons = result.skipped.map(function (s) {
      return s.submissionId.slice(0, 8) + ': ' + s.why;
    });
    return reasons.length ? text + ' ' + reasons.join('; ') : text;
  }

  /**
   * A Nest error body (message may be a list; validation adds errors[]) as one line.
   * @param {number} status
   * @param {unknown} body
   */
  function apiErrorMessage(status, body) {
    var answer = /** @type {{ message?: unknown, errors?: unknown }} */ (body || {});
    var raw = answer.message;
    var message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : '';
    var details = Array.isArray(answer.errors)
      ? answer.errors
          .map(function (/** @type {FieldError} */ e) {
            return e.path + ': ' + e.message;
          })
          .join('; ')
      : '';
    var text = 'HTTP ' + status + (message ? ': ' + message : '');
    return details ? text + ' (' + details + ')' : text;
  }

  /** @param {string | null | undefined} value */
  function formatDateTime(value) {
    if (!value) return '';
    var date = new Date(value);
    if (isNaN(date.getTime())) return String(value);
    return date
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, ' UTC');
  }

  /** @param {string | null | undefined} id */
  function shortId(id) {
    return id ? String(id).slice(0, 8) : '';
  }

  /**
   * Field errors of the submission, then the document's own normalisation errors, each listed once.
   * @param {{ normalisationErrors?: FieldError[] | null } | null} document
   * @param {{ fieldErrors?: FieldError[] | null } | null} submission
   * @returns {FieldErrorRow[]}
   */
  function fieldErrorsOf(document, submission) {
    var fromSubmission = (submission && submission.fieldErrors) || [];
    var fromDocument = (document && document.normalisationErrors) || [];
    /** @type {Record<string, boolean>} */
    var seen = {};
    return fromSubmission
      .concat(fromDocument)
      .map(function (e) {
        return {
          path: e.path,
          value: valueText(e.value),
          rule: e.rule || '',
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

  /**
   * A field error's value as the operator typed or will type it: strings as they are, others as JSON.
   * @param {unknown} value
   */
  function valueText(value) {
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  }

  /** @param {AuditEvent[] | null | undefined} events */
  function auditRows(events) {
    return (events || []).map(function (e) {
      var transition = e.fromState || e.toState ? (e.fromState || '') + ' \u2192 ' + (e.toState || '') : '';
      return {
        at: formatDateTime(e.at),
        actor: e.actor,
        action: e.action,
        submission: shortId(e.submissionId),
        transition: transition,
        reason: e.reason || '',
      };
    });
  }

  /**
   * The identifiers a registration got, as label/value pairs (only those present): the kinds every regime
   * shares, then the regime's own (`identifiers.extra`) under the labels GET /regimes gives them.
   * @param {Submission | null} submission
   * @param {RegimeReasons[] | null} [regimes]
   */
  function identifiersOf(submission, regimes) {
    if (!submission) return [];
    /** @type {[string, string | null][]} */
    var pairs = [
      ['IRN', submission.irn],
      ['Ack no', submission.ackNo],
      ['Ack date', submission.ackDate],
      ['E-way bill', submission.ewbNo],
      ['Valid until', submission.validUpto],
      ['ZATCA status', submission.zatcaStatus],
      ['ZATCA UUID', submission.zatcaUuid],
    ];
    var extra = (submission.identifiers && submission.identifiers.extra) || {};
    var fields =
      (
        (regimes || []).filter(function (r) {
          return r.name === submission.regime;
        })[0] || { identifierFields: [] }
      ).identifierFields || [];
    Object.keys(extra).forEach(function (key) {
      var field = fields.filter(function (f) {
        return f.code === key;
      })[0];
      pairs.push([field ? field.label : key, extra[key]]);
    });
    return pairs
      .filter(function (pair) {
        return pair[1] !== null && pair[1] !== undefined && pair[1] !== '';
      })
      .map(function (pair) {
        return { label: pair[0], value: String(pair[1]) };
      });
  }

  /**
   * The submission's warnings, one line each ("CODE: message"): what the authority said beside a
   * registration, and what the request left out on purpose (EWB_NOT_REQUESTED: no e-way bill was asked for).
   * @param {Submission | null} submission
   */
  function warningsOf(submission) {
    return ((submission && submission.warnings) || []).map(function (warning) {
      return warning.code ? warning.code + ': ' + warning.message : warning.message;
    });
  }

  /**
   * One line for the submissions table: the registration's main identifier and its acknowledgement.
   * @param {Submission} submission
   */
  function registrationOf(submission) {
    var id = submission.irn || submission.ewbNo || submission.zatcaStatus || '';
    var ack = submission.ackNo
      ? submission.ackNo + (submission.ackDate ? ' ' + submission.ackDate : '')
      : submission.validUpto || '';
    return { id: id, ack: ack };
  }

  /**
   * What an upload came to, in one line: the pull's counts (GET /connectors' lastPullStats).
   * @param {string} file the name the file was stored as
   * @param {Record<string, number> | null} stats
   */
  function describeUpload(file, stats) {
    if (!stats) return file + ' was read.';
    var count = function (/** @type {string} */ key) {
      return stats[key] || 0;
    };
    var text =
      file +
      ' was read: ' +
      count('created') +
      ' new document(s), ' +
      count('updated') +
      ' updated, ' +
      count('unchanged') +
      ' unchanged';
    if (count('flagged-altered')) text += ', ' + count('flagged-altered') + ' changed after registration';
    if (count('problems')) text += '; ' + count('problems') + ' problem(s) in the file';
    return text + '.';
  }

  /**
   * An upload's failures in the order of the file: by the first row number their source names
   * ("sales.csv rows 12-13"); those without one last.
   * @param {Submission[]} submissions
   */
  function inFileOrder(submissions) {
    /** @param {Submission} s */
    var rowOf = function (s) {
      var match = /\brows? (\d+)/.exec((s.document && s.document.sourceRef) || '');
      return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
    };
    return submissions.slice().sort(function (a, b) {
      return rowOf(a) - rowOf(b);
    });
  }

  /**
   * The upload route of a file connector: the file's name travels as ?filename=.
   * @param {string} connector
   * @param {string} fileName
   */
  function uploadPath(connector, fileName) {
    return '/connectors/' + encodeURIComponent(connector) + '/files' + query({ filename: fileName });
  }

  /**
   * A waiting time as people say it: "45 s", "12 min", "5 h 20 min", "3 d 4 h".
   * @param {number} seconds
   */
  function formatAge(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    if (s < 60) return s + ' s';
    var minutes = Math.floor(s / 60);
    if (minutes < 60) return minutes + ' min';
    var hours = Math.floor(minutes / 60);
    if (hours < 24) return hours + ' h' + (minutes % 60 ? ' ' + (minutes % 60) + ' min' : '');
    var days = Math.floor(hours / 24);
    return days + ' d' + (hours % 24 ? ' ' + (hours % 24) + ' h' : '');
  }

  /**
   * One line per provider holding calls back or down, and per connector down, in words.
   * @param {DashboardProviders} providers
   * @param {{ connector: string, message: string | null }[]} connectorsDown
   * @param {(iso: string) => string} time formats an instant for the reader
   */
  function providerLines(providers, connectorsDown, time) {
    var lines = providers.throttled.map(function (t) {
      var why = t.reason === 'provider-429' ? 'refusing calls (HTTP 429)' : 'pacing (configured allowance)';
      return (
        t.provider + ' is ' + why + ': calls wait until ' + time(t.resumesAt) + ' (' + t.secondsLeft + ' s)'
      );
    });
    providers.circuitsOpen.forEach(function (c) {
      lines.push(
        c.key +
          ' is down (' +
          c.failures +
          ' failed calls): calls are held until ' +
          time(c.reopensAt) +
          ' (' +
          c.secondsLeft +
          ' s)',
      );
    });
    connectorsDown.forEach(function (c) {
      lines.push('connector ' + c.connector + ' is down' + (c.message ? ': ' + c.message : ''));
    });
    return lines;
  }

  /**
   * A QR worth printing: the registration holds one and was not cancelled.
   * @param {Submission | null} submission
   */
  function hasQr(submission) {
    return (
      !!submission && submission.state !== 'CANCELLED' && (!!submission.signedQr || !!submission.zatcaStatus)
    );
  }

  /** @param {Submission | null} submission */
  function retryable(submission) {
    return !!submission && RETRYABLE_STATES.indexOf(submission.state) >= 0;
  }

  /**
   * What the detail panel shows for one submission of a document.
   * @param {DocumentDetail} document
   * @param {string} submissionId
   * @param {RegimeReasons[] | null} [regimes] GET /regimes, for what each regime offers
   */
  function submissionSummary(document, submissionId, regimes) {
    var submissions = document.submissions || [];
    var submission =
      submissions.filter(function (s) {
        return s.id === submissionId;
      })[0] || null;
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
      identifiers: identifiersOf(submission, regimes || null),
      warnings: warningsOf(submission),
      canonical: JSON.stringify(
        document.effectiveCanonical !== undefined ? document.effectiveCanonical : document.canonical || null,
        null,
        2,
      ),
      audit: auditRows(document.audit),
      cancellable: cancellable(submission, regimes || null),
      retryable: retryable(submission),
      qr: hasQr(submission),
      submission: submission,
    };
  }

  return Object.freeze({
    ALL_STATES: ALL_STATES,
    FAILURE_STATES: FAILURE_STATES,
    ERROR_CLASSES: ERROR_CLASSES,
    PAGE_SIZE: PAGE_SIZE,
    query: query,
    countRequests: countRequests,
    countsFrom: countsFrom,
    queueRequest: queueRequest,
    retryFilterBody: retryFilterBody,
    pageSummary: pageSummary,
    pageMoves: pageMoves,
    exportPath: exportPath,
    submissionsRequest: submissionsRequest,
    operatorErrors: operatorErrors,
    retryBody: retryBody,
    overrideValue: overrideValue,
    overrideBody: overrideBody,
    cancelBody: cancelBody,
    reasonsFor: reasonsFor,
    cancellable: cancellable,
    describeRetry: describeRetry,
    queueReason: queueReason,
    apiErrorMessage: apiErrorMessage,
    formatDateTime: formatDateTime,
    shortId: shortId,
    fieldErrorsOf: fieldErrorsOf,
    auditRows: auditRows,
    identifiersOf: identifiersOf,
    warningsOf: warningsOf,
    registrationOf: registrationOf,
    hasQr: hasQr,
    formatAge: formatAge,
    describeUpload: describeUpload,
    uploadPath: uploadPath,
    inFileOrder: inFileOrder,
    providerLines: providerLines,
    retryable: retryable,
    submissionSummary: submissionSummary,
  });
})();
