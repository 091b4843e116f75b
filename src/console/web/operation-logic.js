// @ts-check
/**
 * The pure logic of the detail panel's regime operations (an e-way bill's Part-B, transporter, extension
 * and consolidation: whatever operations a regime declares in GET /regimes): which forms apply to a
 * submission, the request body a form's fields make, a 400's field errors by the field that shows them,
 * and what a done operation says. A classic script defining the global `OperationLogic`, loaded before
 * operations.js; the unit spec evaluates this same file in Node.
 */

/**
 * @typedef {{ name: string, value: string }} FormField
 * @typedef {{ id: string, ewbNo?: string | null, validUpto?: string | null }} OperatedSubmission
 * @typedef {{ operation: string, submissions: OperatedSubmission[], result?: Record<string, unknown> | null }} OperationAnswer
 * @typedef {{ byField: Record<string, string[]>, other: string[] }} PlacedErrors
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the global operations.js reads
var OperationLogic = (function () {
  'use strict';

  /**
   * States holding an active registration: an operation changes only those (the API answers 409 for the
   * others, so a form there would only lead to a refusal).
   */
  var ACTIVE_STATES = ['REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK', 'WRITEBACK_FAILED'];

  /**
   * The result fields of an operation said on screen, with what they are called. Others are left out:
   * a consolidated bill's `date` comes in the e-way bill system's own format, not the documented one.
   */
  var RESULT_LABELS = /** @type {Record<string, string>} */ ({
    consolidatedEwbNo: 'Consolidated e-way bill',
  });

  /**
   * The operations the regime declares (GET /regimes), by name.
   * @param {{ name: string, operations: { name: string }[] }[] | null} regimes
   * @param {string} regime
   * @returns {string[]}
   */
  function declaredOperations(regimes, regime) {
    var found = (regimes || []).filter(function (r) {
      return r.name === regime;
    })[0];
    return found
      ? found.operations.map(function (o) {
          return o.name;
        })
      : [];
  }

  /**
   * The forms to offer for a submission: those whose operation its regime declares, while it holds an
   * active registration (not cancelled, rejected or still on its way).
   * @param {{ name: string, operations: { name: string }[] }[] | null} regimes
   * @param {{ regime: string, state: string } | null} submission
   * @param {string[]} forms the operation names the page has a form for
   * @returns {string[]}
   */
  function offeredOperations(regimes, submission, forms) {
    if (!submission || ACTIVE_STATES.indexOf(submission.state) < 0) return [];
    var declared = declaredOperations(regimes, submission.regime);
    return forms.filter(function (name) {
      return declared.indexOf(name) >= 0;
    });
  }

  /**
   * The request body of an operation: each filled field by its name (the API's field path), trimmed;
   * a name in `lists` (several checkboxes) becomes an array; empty optional fields are left out, so the
   * API judges only what the user entered. The operator and reason travel with it for the audit.
   * @param {FormField[]} fields
   * @param {string[]} lists
   * @param {{ operator: string, reason: string }} who
   * @returns {Record<string, unknown>}
   */
  function operationBody(fields, lists, who) {
    /** @type {Record<string, unknown>} */
    var body = {};
    lists.forEach(function (name) {
      body[name] = [];
    });
    fields.forEach(function (field) {
      var value = field.value.trim();
      if (lists.indexOf(field.name) >= 0) {
        if (value) /** @type {string[]} */ (body[field.name]).push(value);
        return;
      }
      if (value) body[field.name] = value;
    });
    body.operator = who.operator.trim();
    body.reason = who.reason.trim();
    return body;
  }

  /**
   * A 400's field errors placed by the form field that shows them: `submissionIds[0]` under
   * `submissionIds`, `vehicleNo` under `vehicleNo`. Errors of fields the form lacks (operator, reason,
   * an unknown field), and the message of any other refusal, are `other`: said in the form's message.
   * @param {unknown} body the API's error body
   * @param {string[]} fieldNames the form's field names
   * @returns {PlacedErrors}
   */
  function placeErrors(body, fieldNames) {
    var answer = /** @type {{ message?: unknown, errors?: unknown }} */ (body || {});
    /** @type {PlacedErrors} */
    var placed = { byField: {}, other: [] };
    var errors = Array.isArray(answer.errors) ? answer.errors : [];
    errors.forEach(function (/** @type {{ path?: unknown, message?: unknown }} */ e) {
      var path = typeof e.path === 'string' ? e.path : '';
      var message = typeof e.message === 'string' ? e.message : 'invalid';
      var field = path.split(/[.[]/)[0];
      if (field && fieldNames.indexOf(field) >= 0) {
        (placed.byField[field] = placed.byField[field] || []).push(message);
      } else placed.other.push(path ? path + ': ' + message : message);
    });
    return placed;
  }

  /**
   * What a done operation changed, in one line: each bill with its validity (the API's ISO 8601 in IST,
   * also as the business reads it) and the operation's result (a consolidated bill's number).
   * @param {OperationAnswer} answer
   * @param {(iso: string) => string} time formats an instant for the reader
   */
  function describeDone(answer, time) {
    var bills = (answer.submissions || []).map(function (s) {
      var name = s.ewbNo ? 'e-way bill ' + s.ewbNo : 'submission ' + s.id.slice(0, 8);
      return s.validUpto ? name + ' valid until ' + time(s.validUpto) + ' (' + s.validUpto + ')' : name;
    });
    var result = answer.result || {};
    var outcome = Object.keys(result)
      .filter(function (key) {
        return RESULT_LABELS[key] && result[key] !== null && result[key] !== undefined && result[key] !== '';
      })
      .map(function (key) {
        return RESULT_LABELS[key] + ' ' + String(result[key]);
      });
    var text = 'Done: ' + answer.operation + '.';
    if (outcome.length) text += ' ' + outcome.join(' ') + '.';
    if (bills.length) text += ' ' + bills.join('; ') + '.';
    return text;
  }

  return Object.freeze({
    ACTIVE_STATES: ACTIVE_STATES,
    declaredOperations: declaredOperations,
    offeredOperations: offeredOperations,
    operationBody: operationBody,
    placeErrors: placeErrors,
    describeDone: describeDone,
  });
})();
