// @ts-check
/**
 * The detail panel's regime operations, wired to the page: one form per operation (`form.operation`,
 * its `data-operation` the name GET /regimes declares), shown only where the submission's regime declares
 * it and the registration is active. Reason dropdowns (`select[data-reasons]`) are filled from the
 * regime's own lists; fields carry the API's field names, so a 400 is shown beside the field it names.
 * A form over several submissions (`data-targets="many"`) lists the regime's active registrations to
 * choose from. Defines the global `OperationsView`; console.js hands it the API helpers.
 */

/**
 * @typedef {{
 *   api: (method: string, path: string, body?: unknown) => Promise<unknown>,
 *   operatorInputs: () => { operator: string, reason: string },
 *   operatorErrors: (operator: string, reason: string) => string[],
 *   regimes: () => { name: string, operations: { name: string, reasons: { code: string, label: string }[] }[] }[] | null,
 *   formatTime: (iso: string) => string,
 *   reload: () => Promise<unknown>
 * }} OperationsHost
 * @typedef {{ id: string, regime: string, state: string, ewbNo?: string | null, validUpto?: string | null,
 *   document?: { docNumber: string | null } | null }} ListedSubmission
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the global console.js reads
var OperationsView = (function () {
  'use strict';
  var O = OperationLogic;
  /** @type {OperationsHost | null} */
  var host = null;
  /** The submission the forms act on; forms keep their entries while it stays the same. */
  /** @type {{ id: string, regime: string, state: string } | null} */
  var current = null;
  /** Rows per state read for the list a many-submission form offers. */
  var CHOICES_PER_STATE = 50;

  function connected() {
    if (!host) throw new Error('OperationsView.init was not called');
    return host;
  }

  /** @returns {HTMLFormElement[]} */
  function forms() {
    return Array.from(document.querySelectorAll('form.operation'), function (form) {
      return /** @type {HTMLFormElement} */ (form);
    });
  }

  /** @param {HTMLFormElement} form */
  function operationOf(form) {
    return form.dataset.operation || '';
  }

  /** @param {HTMLFormElement} form */
  function listsOf(form) {
    return (form.dataset.lists || '').split(' ').filter(Boolean);
  }

  /** @param {HTMLFormElement} form */
  function fieldsOf(form) {
    /** @type {(HTMLInputElement | HTMLSelectElement)[]} */
    var elements = Array.prototype.slice.call(form.querySelectorAll('input[name], select[name]'));
    return elements.filter(function (element) {
      if (element.closest('[hidden]')) return false;
      return !(element instanceof HTMLInputElement && element.type === 'checkbox' && !element.checked);
    });
  }

  /** @param {HTMLFormElement} form */
  function fieldNames(form) {
    /** @type {string[]} */
    var names = [];
    Array.prototype.forEach.call(
      form.querySelectorAll('[name]'),
      function (/** @type {HTMLInputElement} */ e) {
        if (names.indexOf(e.name) < 0) names.push(e.name);
      },
    );
    return names;
  }

  /**
   * @param {HTMLFormElement} form
   * @param {string} message
   * @param {boolean} isError
   */
  function say(form, message, isError) {
    var element = /** @type {HTMLElement} */ (form.querySelector('.form-message'));
    element.textContent = message;
    element.className = isError ? 'form-message message error' : 'form-message message';
  }

  /** @param {HTMLFormElement} form */
  function clearErrors(form) {
    Array.prototype.forEach.call(form.querySelectorAll('.field-error'), function (/** @type {Element} */ e) {
      e.remove();
    });
    Array.prototype.forEach.call(
      form.querySelectorAll('[aria-invalid]'),
      function (/** @type {Element} */ e) {
        e.removeAttribute('aria-invalid');
      },
    );
    say(form, '', false);
  }

  /**
   * Shows each field error beside its field (the field's label, or its fieldset), the rest in the form.
   * @param {HTMLFormElement} form
   * @param {PlacedErrors} placed
   * @param {string} fallback
   */
  function showErrors(form, placed, fallback) {
    var first = /** @type {HTMLElement | null} */ (null);
    Object.keys(placed.byField).forEach(function (name) {
      var field = /** @type {HTMLElement} */ (form.querySelector('[name="' + name + '"]'));
      var holder = /** @type {HTMLElement} */ (
        field.closest('.choices') || field.closest('label, fieldset') || field.parentElement
      );
      var note = document.createElement('span');
      note.className = 'field-error error';
      note.dataset.field = name;
      note.textContent = placed.byField[name].join('; ');
      holder.appendChild(note);
      field.setAttribute('aria-invalid', 'true');
      if (!first) first = field;
    });
    var others = placed.other.length ? placed.other.join('; ') : '';
    say(form, others || (first ? 'Correct the marked fields.' : fallback), true);
    if (first) first.focus();
  }

  /** @param {HTMLSelectElement} list @param {string} value @param {string} label */
  function option(list, value, label) {
    var element = document.createElement('option');
    element.value = value;
    element.textContent = label;
    list.appendChild(element);
  }

  /**
   * Fills the form's reason dropdowns from the regime's list for the operation (GET /regimes).
   * @param {HTMLFormElement} form
   * @param {string} regime
   */
  function fillReasons(form, regime) {
    var operation = operationOf(form);
    var declared = (connected().regimes() || []).filter(function (r) {
      return r.name === regime;
    })[0];
    var found = declared
      ? declared.operations.filter(function (o) {
          return o.name === operation;
        })[0]
      : undefined;
    var reasons = found ? found.reasons : [];
    Array.prototype.forEach.call(
      form.querySelectorAll('select[data-reasons]'),
      function (/** @type {HTMLSelectElement} */ list) {
        var chosen = list.value;
        while (list.firstChild) list.removeChild(list.firstChild);
        reasons.forEach(function (r) {
          option(list, r.code, r.code + ' ' + r.label);
        });
        if (
          reasons.some(function (r) {
            return r.code === chosen;
          })
        )
          list.value = chosen;
      },
    );
  }

  /**
   * The regime's active registrations, to choose from for an operation over several.
   * @param {HTMLFormElement} form
   * @param {{ id: string, regime: string }} submission
   */
  function fillChoices(form, submission) {
    var box = /** @type {HTMLElement} */ (form.querySelector('.choices'));
    var a = connected();
    return Promise.all(
      O.ACTIVE_STATES.map(function (state) {
        var path =
          '/submissions?regime=' +
          encodeURIComponent(submission.regime) +
          '&state=' +
          state +
          '&limit=' +
          CHOICES_PER_STATE;
        return /** @type {Promise<{ items: ListedSubmission[] }>} */ (a.api('GET', path));
      }),
    ).then(function (pages) {
      while (box.firstChild) box.removeChild(box.firstChild);
      var name = listsOf(form)[0] || 'submissionIds';
      pages.forEach(function (page) {
        page.items.forEach(function (s) {
          var label = document.createElement('label');
          label.className = 'choice';
          var check = document.createElement('input');
          check.type = 'checkbox';
          check.name = name;
          check.value = s.id;
          check.checked = s.id === submission.id;
          label.appendChild(check);
          var doc = s.document && s.document.docNumber ? s.document.docNumber : s.id.slice(0, 8);
          var validity = s.validUpto ? ', valid until ' + a.formatTime(s.validUpto) : ', no validity yet';
          label.appendChild(document.createTextNode(' ' + doc + ' \u00b7 ' + (s.ewbNo || '') + validity));
          box.appendChild(label);
        });
      });
    });
  }

  /**
   * Whether the submission holds every identifier the form names in `data-needs` (an extension needs
   * the validity Part-B gives: the API refuses a Part-A only bill with 381).
   * @param {HTMLFormElement} form
   * @param {Record<string, unknown>} submission
   */
  function needsMet(form, submission) {
    return (form.dataset.needs || '')
      .split(' ')
      .filter(Boolean)
      .every(function (name) {
        var value = submission[name];
        return value !== null && value !== undefined && value !== '';
      });
  }

  /**
   * Shows the forms that apply to the submission now in the detail panel.
   * @param {{ id: string, regime: string, state: string } & Record<string, unknown>} submission
   */
  function show(submission) {
    var changed = !current || current.id !== submission.id;
    current = submission;
    var offered = O.offeredOperations(connected().regimes(), submission, forms().map(operationOf));
    /** @type {Promise<unknown>[]} */
    var work = [];
    forms().forEach(function (form) {
      var applies = offered.indexOf(operationOf(form)) >= 0 && needsMet(form, submission);
      form.hidden = !applies;
      if (changed) {
        form.reset();
        clearErrors(form);
      }
      if (!applies) return;
      fillReasons(form, submission.regime);
      if (form.dataset.targets === 'many') work.push(fillChoices(form, submission));
    });
    /** @type {HTMLElement} */ (document.getElementById('operations')).hidden = forms().every(
      function (form) {
        return form.hidden;
      },
    );
    showTransitFields();
    return Promise.all(work);
  }

  /** Fields shown only for some choice of another field (`data-when="field=value"`). */
  function showTransitFields() {
    Array.prototype.forEach.call(
      document.querySelectorAll('form.operation [data-when]'),
      function (/** @type {HTMLElement} */ part) {
        var rule = (part.dataset.when || '').split('=');
        var form = /** @type {HTMLFormElement} */ (part.closest('form'));
        var control = /** @type {HTMLSelectElement | null} */ (
          form.querySelector('[name="' + rule[0] + '"]')
        );
        part.hidden = !control || control.value !== rule[1];
      },
    );
  }

  /**
   * Sends the form's operation: to the submission in the panel, or over the chosen ones.
   * @param {HTMLFormElement} form
   */
  function submit(form) {
    if (!current) return;
    var a = connected();
    var target = current;
    var operation = operationOf(form);
    clearErrors(form);
    var who = a.operatorInputs();
    var missing = a.operatorErrors(who.operator, who.reason);
    if (missing.length) return say(form, missing.join('; ') + ' (above, beside the API key)', true);
    var body = O.operationBody(
      fieldsOf(form).map(function (f) {
        return { name: f.name, value: f.value };
      }),
      listsOf(form),
      who,
    );
    var path =
      form.dataset.targets === 'many'
        ? '/submissions/operations/' + encodeURIComponent(operation)
        : '/submissions/' + encodeURIComponent(target.id) + '/operations/' + encodeURIComponent(operation);
    say(form, 'Sending\u2026', false);
    a.api('POST', path, body)
      .then(function (answer) {
        var text = O.describeDone(/** @type {OperationAnswer} */ (answer), a.formatTime);
        return a.reload().then(function () {
          say(form, text, false);
        });
      })
      .catch(function (/** @type {unknown} */ error) {
        var data = error && typeof error === 'object' && 'body' in error ? error.body : null;
        var message = error instanceof Error ? error.message : String(error);
        showErrors(form, O.placeErrors(data, fieldNames(form)), message);
      });
  }

  /** @param {OperationsHost} operationsHost */
  function init(operationsHost) {
    host = operationsHost;
    forms().forEach(function (form) {
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        submit(form);
      });
      form.addEventListener('change', showTransitFields);
    });
  }

  return Object.freeze({ init: init, show: show });
})();
