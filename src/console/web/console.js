// @ts-check
/**
 * The console's DOM wiring. It needs ConsoleLogic (console-logic.js) and AccountantFormat (accountant-format.js), loaded first. All data goes into
 * the page through textContent or option values, never as markup. The API key lives in sessionStorage
 * only and travels in the X-API-Key header; files (QR image, exports) are fetched with it and handed to
 * the page as blob: URLs.
 */
(function () {
  'use strict';
  var L = ConsoleLogic;
  var F = AccountantFormat;

  /** @param {string} state */
  function stateText(state) {
    var words = F.stateInWords(state);
    return words === state ? state : words + ' (' + state + ')';
  }
  /**
   * A document as GET /documents lists it: its listing columns and its submissions.
   * @typedef {DocumentListing & { id: string, submissions: Submission[] }} DocumentHit
   */
  var KEY_STORAGE = 'connectorConsole.apiKey';
  var OPERATOR_STORAGE = 'connectorConsole.operator';
  /** @type {{ id: string, documentId: string, regime: string } | null} */
  var selected = null;
  /** @type {string | null} */
  var qrUrl = null;
  /** The document in the detail panel: its forms are cleared when another one opens. */
  var shownDocumentId = '';
  /** The regimes' reason lists from GET /regimes: every reason dropdown is filled from these. */
  /** @type {RegimeReasons[] | null} */
  var regimes = null;
  /** The cancel reasons of the regime of the submission in the detail panel. */
  /** @type {ReasonOption[]} */
  var cancelReasons = [];

  /**
   * @template {HTMLElement} T
   * @param {string} id
   * @returns {T}
   */
  function byId(id) {
    var element = document.getElementById(id);
    if (!element) throw new Error('the page has no #' + id);
    return /** @type {T} */ (element);
  }

  /** @param {string} id */
  function input(id) {
    return /** @type {HTMLInputElement} */ (byId(id));
  }

  /** @param {string} id */
  function select(id) {
    return /** @type {HTMLSelectElement} */ (byId(id));
  }

  /**
   * @param {string} tag
   * @param {string | number | null | undefined} value
   * @param {string} [className]
   */
  function text(tag, value, className) {
    var element = document.createElement(tag);
    element.textContent = value === undefined || value === null ? '' : String(value);
    if (className) element.className = className;
    return element;
  }

  /** @param {HTMLElement} element */
  function clear(element) {
    while (element.firstChild) element.removeChild(element.firstChild);
  }

  /** @param {(string | number | null | undefined)[]} values */
  function row(values) {
    var tr = document.createElement('tr');
    values.forEach(function (value) {
      tr.appendChild(text('td', value));
    });
    return tr;
  }

  /**
   * @param {HTMLSelectElement} list
   * @param {string} value
   * @param {string} label
   */
  function option(list, value, label) {
    var element = document.createElement('option');
    element.value = value;
    element.textContent = label;
    list.appendChild(element);
  }

  /** @param {string} message */
  function setStatus(message) {
    byId('status').textContent = message;
  }

  /**
   * @param {string} message
   * @param {boolean} isError
   */
  function setActionMessage(message, isError) {
    var element = byId('action-message');
    element.textContent = message;
    element.className = isError ? 'message error' : 'message';
  }

  function apiKey() {
    return sessionStorage.getItem(KEY_STORAGE) || '';
  }

  class ApiError extends Error {
    /**
     * @param {number} status
     * @param {string} message
     * @param {unknown} [body] the answer's body: a 400 names each bad field there
     */
    constructor(status, message, body) {
      super(message);
      this.status = status;
      this.body = body;
    }
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<Response>}
   */
  function send(method, path, body) {
    /** @type {Record<string, string>} */
    var headers = { 'X-API-Key': apiKey(), Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    }).then(function (response) {
      if (response.ok) return response;
      return response.text().then(function (raw) {
        /** @type {unknown} */
        var data = null;
        try {
          data = raw ? JSON.parse(raw) : null;
        } catch {
          data = { message: raw.slice(0, 200) };
        }
        if (response.status === 401) signOut('The API key was refused.');
        throw new ApiError(response.status, L.apiErrorMessage(response.status, data), data);
      });
    });
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<unknown>}
   */
  function api(method, path, body) {
    return send(method, path, body).then(function (response) {
      return response.text().then(function (raw) {
        return raw ? /** @type {unknown} */ (JSON.parse(raw)) : null;
      });
    });
  }

  /**
   * @param {string} path
   * @returns {Promise<SubmissionPage>}
   */
  function getPage(path) {
    return /** @type {Promise<SubmissionPage>} */ (api('GET', path));
  }

  /**
   * @param {string} id
   * @returns {Promise<DocumentDetail>}
   */
  function getDocument(id) {
    return /** @type {Promise<DocumentDetail>} */ (api('GET', '/documents/' + encodeURIComponent(id)));
  }

  /** @param {unknown} error */
  function failed(error) {
    var message = error instanceof Error ? error.message : String(error);
    setActionMessage(message, true);
    setStatus('');
  }

  /** @param {boolean} visible */
  function showConsole(visible) {
    byId('login').hidden = visible;
    byId('console').hidden = !visible;
    byId('tabs').hidden = !visible;
    byId('refresh').hidden = !visible;
    byId('sign-out').hidden = !visible;
  }

  /** @param {string} message */
  function signOut(message) {
    sessionStorage.removeItem(KEY_STORAGE);
    showConsole(false);
    byId('login-error').textContent = message || '';
    input('api-key').value = '';
  }

  function operatorInputs() {
    var operator = input('operator').value;
    sessionStorage.setItem(OPERATOR_STORAGE, operator);
    return { operator: operator, reason: input('reason').value };
  }

  function filter() {
    return {
      connector: select('filter-connector').value,
      state: select('filter-state').value,
      errorClass: select('filter-error-class').value,
      from: input('filter-from').value,
      to: input('filter-to').value,
    };
  }

  var VIEWS = ['dashboard', 'queue', 'submissions', 'reco'];

  /** @param {'dashboard' | 'queue' | 'submissions' | 'reco'} view */
  function showView(view) {
    VIEWS.forEach(function (name) {
      byId(name + '-view').hidden = name !== view;
      byId('tab-' + name).className = name === view ? 'tab active' : 'tab';
    });
    byId('detail').hidden = true;
    selected = null;
    if (view === 'reco') return RecoView.show();
    return view === 'submissions' ? loadSubmissions().catch(failed) : refresh();
  }

  /**
   * @typedef {{ sellerTaxId: string | null, docType: string | null, regime: string, state: string,
   *   currency: string | null, todayCount: number, todayValue: string, monthCount: number,
   *   monthValue: string }} DashboardLine
   * @typedef {{ docNumber: string | null, documentId: string, submissionId: string, regime: string,
   *   state: string, since: string, ageSeconds: number, docDate: string | null }} OldestPending
   * @typedef {{ today: string, monthStart: string, timeZone: string, lines: DashboardLine[],
   *   oldestPending: OldestPending | null, providers: DashboardProviders,
   *   connectorsDown: { connector: string, message: string | null }[] }} Dashboard
   */

  /** The landing view: GET /dashboard's figures, with amounts as an accountant reads them. */
  function loadDashboard() {
    var answer = /** @type {Promise<Dashboard>} */ (
      api('GET', '/dashboard?timeZone=' + encodeURIComponent(F.DEFAULT_TIME_ZONE))
    );
    return answer.then(function (d) {
      byId('dashboard-summary').textContent =
        'Sales documents by document date: today ' +
        F.formatDate(d.today) +
        ', this month from ' +
        F.formatDate(d.monthStart) +
        ' (' +
        d.timeZone +
        ').';
      var body = byId('dashboard-lines');
      clear(body);
      if (d.lines.length === 0)
        body.appendChild(row(['No documents dated this month.', '', '', '', '', '', '', '']));
      d.lines.forEach(function (l) {
        var currency = l.currency || 'INR';
        var tr = row([
          l.sellerTaxId,
          l.docType,
          l.regime,
          stateText(l.state),
          l.todayCount,
          F.formatAmount(l.todayValue, currency),
          l.monthCount,
          F.formatAmount(l.monthValue, currency),
        ]);
        [4, 5, 6, 7].forEach(function (i) {
          tr.children[i].className = 'amount';
        });
        if (L.FAILURE_STATES.indexOf(l.state) >= 0) tr.className = 'failing';
        body.appendChild(tr);
      });
      var oldest = d.oldestPending;
      var oldestLine = byId('dashboard-oldest');
      oldestLine.className = oldest ? 'message warn' : 'message';
      oldestLine.textContent = oldest
        ? 'Oldest pending: ' +
          (oldest.docNumber || L.shortId(oldest.documentId)) +
          ' (' +
          oldest.regime +
          ', ' +
          stateText(oldest.state) +
          '), waiting ' +
          L.formatAge(oldest.ageSeconds) +
          ' since ' +
          F.formatTime(oldest.since) +
          '.'
        : 'Nothing pending: every document is registered or cancelled.';
      var lines = L.providerLines(d.providers, d.connectorsDown, function (iso) {
        return F.formatTime(iso);
      });
      var list = byId('dashboard-providers');
      clear(list);
      list.hidden = lines.length === 0;
      lines.forEach(function (line) {
        list.appendChild(text('li', line));
      });
    });
  }

  function loadConnectors() {
    var connectors = /** @type {Promise<{ name: string, kind: string }[]>} */ (api('GET', '/connectors'));
    return connectors.then(function (list) {
      var connectors = select('filter-connector');
      var current = connectors.value;
      while (connectors.options.length > 1) connectors.remove(1);
      list.forEach(function (c) {
        option(connectors, c.name, c.name + ' (' + c.kind + ')');
      });
      connectors.value = current;
      var uploads = select('upload-connector');
      var chosen = uploads.value;
      clear(uploads);
      list
        .filter(function (c) {
          return c.kind === 'csv';
        })
        .forEach(function (c) {
          option(uploads, c.name, c.name);
        });
      if (chosen) uploads.value = chosen;
      /** @type {HTMLButtonElement} */ (byId('upload-form').querySelector('button')).disabled =
        uploads.options.length === 0;
    });
  }

  function loadCounts() {
    var requests = L.countRequests();
    return Promise.all(
      requests.map(function (r) {
        return getPage(r.path);
      }),
    ).then(function (pages) {
      /** @type {Record<string, number>} */
      var totals = {};
      requests.forEach(function (r, i) {
        totals[r.state] = pages[i].total;
      });
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

  /**
   * A clickable table row that opens the document of `submission`.
   * @param {Submission} submission
   * @param {(string | number | null | undefined)[]} values
   */
  function submissionRow(submission, values) {
    var tr = row(values);
    tr.tabIndex = 0;
    tr.dataset.id = submission.id;
    tr.dataset.state = submission.state;
    if (selected && selected.id === submission.id) tr.className = 'selected';
    tr.addEventListener('click', function (event) {
      if (event.target instanceof HTMLInputElement) return;
      open(submission);
    });
    tr.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') open(submission);
    });
    return tr;
  }

  /**
   * What a list shows of a submission's document: number, buyer (name and GSTIN / VAT number), amount.
   * @param {Submission} s
   */
  function documentColumns(s) {
    var d = s.document;
    if (!d) return [L.shortId(s.documentId), '', ''];
    var buyer = [d.buyerName, d.buyerTaxId].filter(Boolean).join(' \u00b7 ');
    return [
      d.docNumber || L.shortId(s.documentId),
      buyer,
      F.formatAmount(d.invoiceTotal, d.currency || 'INR'),
    ];
  }

  /**
   * Shows the previous / next buttons of a paged list.
   * @param {string} prefix id prefix of the two buttons
   * @param {number} offset
   * @param {number} total
   */
  function showPager(prefix, offset, total) {
    var moves = L.pageMoves(offset, total);
    byId(prefix + '-previous').hidden = moves.previous === null;
    byId(prefix + '-next').hidden = moves.next === null;
    return moves;
  }

  /** The failure queue's current page offset, and the filter it pages (re-read on Apply). */
  var queueOffset = 0;
  /** @type {{ previous: number | null, next: number | null }} */
  var queueMoves = { previous: null, next: null };
  var queueTotal = 0;

  /**
   * One page of the failure queue: one request, each row with its document (no request per row).
   * @returns {Promise<void>}
   */
  function loadQueue() {
    return getPage(L.queueRequest(filter(), queueOffset)).then(function (/** @type {SubmissionPage} */ page) {
      if (page.items.length === 0 && queueOffset > 0 && page.total > 0) {
        queueOffset = Math.max(0, page.total - L.PAGE_SIZE);
        return loadQueue();
      }
      queueTotal = page.total;
      var body = byId('queue');
      clear(body);
      page.items.forEach(function (s) {
        var columns = documentColumns(s);
        var tr = submissionRow(s, [
          F.formatTime(s.updatedAt),
          columns[0],
          columns[1],
          columns[2],
          s.regime,
          stateText(s.state),
          s.errorClass,
          s.errorCode,
          L.queueReason(s),
          s.attempts,
        ]);
        tr.children[3].className = 'amount';
        var pick = document.createElement('input');
        pick.type = 'checkbox';
        pick.className = 'pick';
        pick.value = s.id;
        pick.setAttribute('aria-label', 'select ' + columns[0]);
        var cell = document.createElement('td');
        cell.className = 'pick';
        cell.appendChild(pick);
        tr.insertBefore(cell, tr.firstChild);
        body.appendChild(tr);
      });
      input('select-all').checked = false;
      byId('queue-summary').textContent = L.pageSummary(
        queueOffset,
        page.items.length,
        page.total,
        'failed submission(s)',
      );
      queueMoves = showPager('queue', queueOffset, page.total);
      var retryAll = /** @type {HTMLButtonElement} */ (byId('retry-all'));
      retryAll.disabled = page.total === 0;
      retryAll.textContent = 'Retry all ' + page.total + ' matching';
    });
  }

  /**
   * @param {Submission[]} submissions
   * @param {string} summary
   */
  function showSubmissionRows(submissions, summary) {
    var body = byId('submissions');
    clear(body);
    submissions.forEach(function (s) {
      var registration = L.registrationOf(s);
      var columns = documentColumns(s);
      var tr = submissionRow(s, [
        F.formatTime(s.updatedAt),
        columns[0],
        columns[1],
        columns[2],
        s.regime,
        stateText(s.state),
        registration.id,
        registration.ack,
      ]);
      tr.children[3].className = 'amount';
      tr.children[6].className = 'identifier';
      body.appendChild(tr);
    });
    byId('submissions-summary').textContent = summary;
    setStatus('Updated ' + F.formatTime(new Date().toISOString()));
  }

  var submissionsOffset = 0;
  /** @type {{ previous: number | null, next: number | null }} */
  var submissionsMoves = { previous: null, next: null };

  /**
   * Documents matching the search (invoice number, buyer GSTIN, IRN; searched and paged by the server),
   * each with its submissions as GET /documents lists them.
   * @param {string} q
   */
  function searchSubmissions(q) {
    var state = select('submissions-state').value;
    var regime = select('submissions-regime').value;
    var found = /** @type {Promise<{ total: number, items: DocumentHit[] }>} */ (
      api(
        'GET',
        '/documents' +
          L.query({
            q: q,
            state: state,
            regime: regime,
            limit: L.PAGE_SIZE,
            offset: submissionsOffset || undefined,
          }),
      )
    );
    return found.then(function (page) {
      /** @type {Submission[]} */
      var rows = [];
      page.items.forEach(function (doc) {
        doc.submissions
          .filter(function (s) {
            return (!state || s.state === state) && (!regime || s.regime === regime);
          })
          .forEach(function (s) {
            rows.push(Object.assign({}, s, { documentId: doc.id, document: doc }));
          });
      });
      submissionsMoves = showPager('submissions', submissionsOffset, page.total);
      showSubmissionRows(
        rows,
        L.pageSummary(submissionsOffset, page.items.length, page.total, 'document(s) matching "' + q + '"'),
      );
    });
  }

  function loadSubmissions() {
    var q = input('submissions-search').value.trim();
    if (q) return searchSubmissions(q);
    var path = L.submissionsRequest(
      { state: select('submissions-state').value, regime: select('submissions-regime').value },
      submissionsOffset,
    );
    return getPage(path).then(function (page) {
      submissionsMoves = showPager('submissions', submissionsOffset, page.total);
      showSubmissionRows(
        page.items,
        L.pageSummary(submissionsOffset, page.items.length, page.total, 'submission(s)'),
      );
    });
  }

  /** @typedef {{ file: string, kind: string, reason: string, rejectedAt: string }} RejectedFile */

  /** Files a file connector set aside (wrong encoding, broken quoting, too large, no data), with the reason. */
  function loadRejectedFiles() {
    var connectors = /** @type {Promise<{ name: string, kind: string }[]>} */ (api('GET', '/connectors'));
    return connectors.then(function (list) {
      var csv = list.filter(function (c) {
        return c.kind === 'csv';
      });
      return Promise.all(
        csv.map(function (c) {
          var path = '/connectors/' + encodeURIComponent(c.name) + '/files';
          var files = /** @type {Promise<{ rejected: RejectedFile[] }>} */ (api('GET', path));
          return files.then(function (answer) {
            return answer.rejected.map(function (f) {
              return { connector: c.name, file: f };
            });
          });
        }),
      ).then(function (lists) {
        /** @type {{ connector: string, file: RejectedFile }[]} */
        var rejected = [];
        lists.forEach(function (list) {
          rejected.push.apply(rejected, list);
        });
        var body = byId('rejected-files');
        clear(body);
        rejected.forEach(function (r) {
          body.appendChild(
            row([L.formatDateTime(r.file.rejectedAt), r.connector, r.file.file, r.file.kind, r.file.reason]),
          );
        });
        byId('rejected-summary').textContent =
          rejected.length === 0
            ? 'No rejected files.'
            : rejected.length + ' file(s) set aside: fix them and drop them into the inbox again.';
      });
    });
  }

  /** @typedef {{ provider: string, reason: string, resumesAt: string, secondsLeft: number }} Throttled */

  /**
   * Providers holding calls back (a 429's Retry-After, or a configured allowance), from GET /health's
   * details: said above everything, since documents wait meanwhile.
   */
  function loadProviders() {
    var health = /** @type {Promise<{ throttled?: Throttled[] }>} */ (api('GET', '/health'));
    return health.then(
      function (answer) {
        var held = answer.throttled || [];
        var banner = byId('providers');
        banner.hidden = held.length === 0;
        banner.textContent = held
          .map(function (t) {
            var why =
              t.reason === 'provider-429' ? 'refusing calls (HTTP 429)' : 'pacing (configured allowance)';
            return (
              t.provider +
              ' is ' +
              why +
              ': calls wait until ' +
              F.formatTime(t.resumesAt) +
              ' (' +
              t.secondsLeft +
              ' s)'
            );
          })
          .join(' \u2022 ');
      },
      // /health answers 503 when not ready: that is said elsewhere; the banner is only about providers.
      function () {
        return undefined;
      },
    );
  }

  function refresh() {
    setStatus('Loading\u2026');
    void loadProviders();
    var work = !byId('reco-view').hidden
      ? RecoView.load()
      : !byId('dashboard-view').hidden
        ? loadDashboard()
        : !byId('queue-view').hidden
          ? Promise.all([loadCounts(), loadQueue(), loadRejectedFiles()])
          : loadSubmissions();
    return work
      .then(function () {
        setStatus('Updated ' + F.formatTime(new Date().toISOString()));
        return selected ? showDetail(selected) : undefined;
      })
      .catch(failed);
  }

  /** @param {{ id: string, documentId: string, regime: string }} submission */
  function open(submission) {
    selected = submission;
    ['queue', 'submissions'].forEach(function (id) {
      Array.prototype.forEach.call(byId(id).children, function (/** @type {HTMLElement} */ tr) {
        tr.className = tr.dataset.id === submission.id ? 'selected' : '';
      });
    });
    showDetail(submission).catch(failed);
  }

  /**
   * @param {HTMLElement} list
   * @param {string} label
   * @param {string | number | null | undefined} value
   */
  function fact(list, label, value) {
    list.appendChild(text('dt', label));
    list.appendChild(text('dd', value));
  }

  /** @param {string} submissionId */
  function showQr(submissionId) {
    return send('GET', '/submissions/' + encodeURIComponent(submissionId) + '/qr.png')
      .then(function (response) {
        return response.blob();
      })
      .then(function (blob) {
        if (qrUrl) URL.revokeObjectURL(qrUrl);
        qrUrl = URL.createObjectURL(blob);
        /** @type {HTMLImageElement} */ (byId('qr-image')).src = qrUrl;
        byId('qr-box').hidden = false;
      });
  }

  /** @param {{ id: string, documentId: string, regime: string }} submission */
  function showDetail(submission) {
    return getDocument(submission.documentId).then(function (doc) {
      var summary = L.submissionSummary(doc, submission.id, regimes);
      byId('detail').hidden = false;
      byId('detail-doc').textContent = summary.docNumber;
      byId('detail-id').textContent = 'submission ' + submission.id;
      var facts = byId('detail-facts');
      clear(facts);
      fact(facts, 'Type / date', summary.docType + ' ' + summary.docDate);
      fact(facts, 'Regime', summary.regime);
      fact(facts, 'State', summary.state);
      fact(facts, 'Error class', summary.errorClass);
      fact(facts, 'Authority code', summary.authorityCode);
      fact(facts, 'Attempts', summary.attempts);
      summary.identifiers.forEach(function (i) {
        fact(facts, i.label, i.value);
      });
      summary.warnings.forEach(function (warning) {
        fact(facts, 'Warning', warning);
      });
      byId('authority-message').textContent = summary.authorityMessage;
      byId('authority-box').hidden = !summary.authorityMessage;
      byId('retry-one').hidden = !summary.retryable;
      if (shownDocumentId !== doc.id) {
        input('override-path').value = '';
        input('override-value').value = '';
        input('cancel-remark').value = '';
        shownDocumentId = doc.id;
      }
      byId('canonical').textContent = summary.canonical;
      byId('cancel-form').hidden = !summary.cancellable;
      fillCancelReasons(submission.regime);
      byId('qr-box').hidden = true;
      var operated = summary.submission;
      var operations = operated
        ? OperationsView.show(/** @type {Submission & Record<string, unknown>} */ (operated))
        : Promise.resolve();

      var errors = byId('field-errors');
      clear(errors);
      if (summary.fieldErrors.length === 0) errors.appendChild(row(['none', '', '', '', '']));
      summary.fieldErrors.forEach(function (e) {
        var tr = row([
          e.fixPath === e.path ? e.path : e.path + ' (fix: ' + e.fixPath + ')',
          e.value,
          e.rule,
          e.message,
        ]);
        var cell = document.createElement('td');
        var fix = text('button', 'Fix');
        /** @type {HTMLButtonElement} */ (fix).type = 'button';
        fix.addEventListener('click', function () {
          input('override-path').value = e.fixPath;
          input('override-value').value = e.value;
          select('override-kind').value = 'text';
          input('override-value').focus();
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
      return Promise.all([operations, summary.qr ? showQr(submission.id) : undefined]).then(function () {
        return undefined;
      });
    });
  }

  /**
   * @param {string[]} ids
   * @param {string} [confirmText]
   */
  function retry(ids, confirmText) {
    var who = operatorInputs();
    var request = L.retryBody(ids, who.operator, who.reason);
    if (!request.ok) return setActionMessage(request.errors.join('; '), true);
    if (confirmText && !window.confirm(confirmText)) return;
    setActionMessage('Retrying ' + ids.length + '\u2026', false);
    api('POST', '/submissions/retry', request.body)
      .then(function (result) {
        setActionMessage(L.describeRetry(/** @type {RetryResult} */ (result)), false);
        return refresh();
      })
      .catch(failed);
  }

  /**
   * Retries every submission the queue's filter matches (all pages), through the server's filter retry.
   */
  function retryAllMatching() {
    var who = operatorInputs();
    var request = L.retryFilterBody(filter(), who.operator, who.reason);
    if (!request.ok) return setActionMessage(request.errors.join('; '), true);
    if (
      !window.confirm('Retry all ' + queueTotal + ' failed submission(s) matching the filter, on every page?')
    )
      return;
    setActionMessage('Retrying all ' + queueTotal + ' matching\u2026', false);
    api('POST', '/submissions/retry', request.body)
      .then(function (result) {
        setActionMessage(L.describeRetry(/** @type {RetryResult} */ (result), true), false);
        return refresh();
      })
      .catch(failed);
  }

  /**
   * @param {string} id
   * @param {() => Promise<unknown> | undefined} move
   */
  function pagerButton(id, move) {
    byId(id).addEventListener('click', function () {
      selected = null;
      byId('detail').hidden = true;
      var moved = move();
      if (moved) moved.catch(failed);
    });
  }

  /** @param {number} ms */
  function pause(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  /**
   * Waits until the uploaded file has left the inbox (read) or was set aside (its reason is thrown).
   * @param {string} connector
   * @param {{ filename: string, contentHash: string }} stored
   * @param {string} since ISO instant of the upload: an older refusal of the same content is not this one
   * @param {number} deadline
   * @returns {Promise<void>}
   */
  function fileRead(connector, stored, since, deadline) {
    var path = '/connectors/' + encodeURIComponent(connector) + '/files';
    var files =
      /** @type {Promise<{ inbox: string[], rejected: (RejectedFile & { contentHash?: string })[] }>} */ (
        api('GET', path)
      );
    return files.then(function (answer) {
      var rejected = answer.rejected.find(function (f) {
        return f.contentHash === stored.contentHash && f.rejectedAt >= since;
      });
      if (rejected) throw new Error(stored.filename + ' was set aside: ' + rejected.reason);
      if (answer.inbox.indexOf(stored.filename) < 0) return undefined;
      if (Date.now() > deadline)
        throw new Error(stored.filename + ' is still waiting in the inbox; look again later.');
      return pause(500).then(function () {
        return fileRead(connector, stored, since, deadline);
      });
    });
  }

  /**
   * Waits until the connector's new documents have been mapped (nothing RECEIVED or READY), bounded.
   * @param {string} connector
   * @param {number} deadline
   * @returns {Promise<void>}
   */
  function intakeDone(connector, deadline) {
    return Promise.all(
      ['RECEIVED', 'READY'].map(function (state) {
        return getPage('/submissions' + L.query({ connector: connector, state: state, limit: 1 }));
      }),
    ).then(function (pages) {
      var waiting = pages[0].total + pages[1].total;
      if (waiting === 0 || Date.now() > deadline) return undefined;
      return pause(500).then(function () {
        return intakeDone(connector, deadline);
      });
    });
  }

  /** Pages of the failure queue read to count an upload's failures (newest first), at most. */
  var UPLOAD_ERROR_PAGES = 20;

  /**
   * Failures of the connector changed since `since`: the rows of this upload that need a fix. The queue
   * lists the latest change first, so its pages are read until an older failure or its end.
   * @param {string} connector
   * @param {string} since ISO instant
   * @param {number} [offset]
   * @param {Submission[]} [found]
   * @returns {Promise<Submission[]>}
   */
  function uploadFailures(connector, since, offset, found) {
    var from = offset || 0;
    var so = found || [];
    return getPage(L.queueRequest({ connector: connector }, from)).then(function (page) {
      var mine = page.items.filter(function (s) {
        return s.updatedAt >= since;
      });
      var all = so.concat(mine);
      var more = mine.length === page.items.length && from + page.items.length < page.total;
      return more && from / L.PAGE_SIZE < UPLOAD_ERROR_PAGES - 1
        ? uploadFailures(connector, since, from + L.PAGE_SIZE, all)
        : all;
    });
  }

  /**
   * Lists the first page of an upload's failures; answers how many there are.
   * @param {string} connector
   * @param {string} since
   */
  function showUploadErrors(connector, since) {
    return uploadFailures(connector, since).then(function (failures) {
      var body = byId('upload-errors');
      clear(body);
      L.inFileOrder(failures)
        .slice(0, L.PAGE_SIZE)
        .forEach(function (s) {
          var d = s.document;
          body.appendChild(
            submissionRow(s, [
              (d && d.docNumber) || L.shortId(s.documentId),
              (d && d.sourceRef) || '',
              stateText(s.state),
              L.queueReason(s),
            ]),
          );
        });
      byId('upload-errors-table').hidden = failures.length === 0;
      return failures.length;
    });
  }

  /**
   * Uploads the chosen CSV to the connector's inbox (POST /connectors/:name/files), waits until it is
   * read, then says what came of it: the pull's counts and the rows that need a fix.
   * @param {SubmitEvent} event
   */
  function uploadCsv(event) {
    event.preventDefault();
    var connector = select('upload-connector').value;
    var files = input('upload-file').files;
    var file = files && files[0];
    if (!connector || !file) return;
    var result = byId('upload-result');
    result.className = 'message';
    result.textContent = 'Uploading ' + file.name + '\u2026';
    byId('upload-errors-table').hidden = true;
    var since = new Date(Date.now() - 1000).toISOString();
    var deadline = Date.now() + 60000;
    fetch(L.uploadPath(connector, file.name), {
      method: 'POST',
      headers: { 'X-API-Key': apiKey(), 'Content-Type': 'text/csv', Accept: 'application/json' },
      body: file,
      credentials: 'omit',
      cache: 'no-store',
    })
      .then(function (response) {
        return response.text().then(function (raw) {
          /** @type {unknown} */
          var data = null;
          try {
            data = raw ? JSON.parse(raw) : null;
          } catch {
            data = { message: raw.slice(0, 200) };
          }
          if (!response.ok) throw new ApiError(response.status, L.apiErrorMessage(response.status, data));
          return /** @type {{ filename: string, contentHash: string }} */ (data);
        });
      })
      .then(function (stored) {
        result.textContent = stored.filename + ' is in the inbox; reading it\u2026';
        return fileRead(connector, stored, since, deadline)
          .then(function () {
            return intakeDone(connector, deadline);
          })
          .then(function () {
            var listed =
              /** @type {Promise<{ name: string, lastPullStats: Record<string, number> | null }[]>} */ (
                api('GET', '/connectors')
              );
            return Promise.all([listed, showUploadErrors(connector, since)]);
          })
          .then(function (answers) {
            var mine = answers[0].find(function (c) {
              return c.name === connector;
            });
            var fixes = answers[1];
            result.textContent =
              L.describeUpload(stored.filename, mine ? mine.lastPullStats : null) +
              (fixes
                ? ' ' +
                  fixes +
                  ' document(s) need a fix in the ERP or here (' +
                  (fixes > L.PAGE_SIZE
                    ? 'the first ' + L.PAGE_SIZE + ' below, all in the failure queue'
                    : 'below') +
                  ').'
                : ' No row needs a fix.');
            result.className = fixes ? 'message error' : 'message';
            input('upload-file').value = '';
            return loadDashboard();
          });
      })
      .catch(function (/** @type {unknown} */ error) {
        result.textContent = error instanceof Error ? error.message : String(error);
        result.className = 'message error';
      });
  }

  /** @param {boolean} andRetry */
  function saveOverride(andRetry) {
    if (!selected) return;
    var current = selected;
    var who = operatorInputs();
    var request = L.overrideBody(
      input('override-path').value,
      input('override-value').value,
      select('override-kind').value,
      who.operator,
      who.reason,
    );
    if (!request.ok) return setActionMessage(request.errors.join('; '), true);
    api('PATCH', '/documents/' + encodeURIComponent(current.documentId) + '/overrides', request.body)
      .then(function () {
        if (andRetry) return retry([current.id]);
        setActionMessage('Override saved; retry the submission to apply it.', false);
        return showDetail(current);
      })
      .catch(failed);
  }

  /**
   * Offers the cancel reasons of the submission's own regime, as GET /regimes numbers them.
   * @param {string} regime
   */
  function fillCancelReasons(regime) {
    var list = select('cancel-code');
    var chosen = list.value;
    cancelReasons = L.reasonsFor(regimes, regime, 'cancel');
    clear(list);
    cancelReasons.forEach(function (r) {
      option(list, r.code, r.code + ' ' + r.label);
    });
    if (
      cancelReasons.some(function (r) {
        return r.code === chosen;
      })
    )
      list.value = chosen;
  }

  /** @param {SubmitEvent} event */
  function cancelRegistration(event) {
    event.preventDefault();
    if (!selected) return;
    var current = selected;
    var who = operatorInputs();
    var request = L.cancelBody(
      select('cancel-code').value,
      input('cancel-remark').value,
      who.operator,
      who.reason,
      cancelReasons,
    );
    if (!request.ok) return setActionMessage(request.errors.join('; '), true);
    if (!window.confirm('Cancel this registration at the authority? This cannot be undone.')) return;
    api('POST', '/submissions/' + encodeURIComponent(current.id) + '/cancel', request.body)
      .then(function () {
        setActionMessage('Cancelled.', false);
        return refresh();
      })
      .catch(failed);
  }

  /** @param {string} format */
  function exportQueue(format) {
    send('GET', L.exportPath(filter(), format))
      .then(function (response) {
        return response.blob();
      })
      .then(function (blob) {
        var link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = 'failures.' + format;
        document.body.appendChild(link);
        link.click();
        document.body.removeChild(link);
        setTimeout(function () {
          URL.revokeObjectURL(link.href);
        }, 10000);
      })
      .catch(failed);
  }

  /**
   * Opens the print view of the submission in the detail panel in a new window. The page is fetched with
   * the API key and shown from a blob: URL (a plain link could not send the key); the window is opened
   * at the click, since one opened once the answer is in would be a blocked pop-up.
   */
  function openPrintView() {
    if (!selected) return;
    var opened = window.open('', '_blank');
    if (!opened)
      return setActionMessage('The browser blocked the print window: allow pop-ups for this page.', true);
    var view = opened;
    view.document.title = 'Preparing the print view\u2026';
    send('GET', '/submissions/' + encodeURIComponent(selected.id) + '/print')
      .then(function (response) {
        return response.text();
      })
      .then(function (html) {
        var url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
        view.location.replace(url);
        setTimeout(function () {
          URL.revokeObjectURL(url);
        }, 60000);
      })
      .catch(function (error) {
        view.close();
        failed(error);
      });
  }

  /** Downloads the PDF of the submission in the detail panel. */
  function downloadPrintPdf() {
    if (!selected) return;
    var id = selected.id;
    send('GET', '/submissions/' + encodeURIComponent(id) + '/print.pdf')
      .then(function (response) {
        return response.blob();
      })
      .then(function (blob) {
        var link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = 'invoice-' + id + '.pdf';
        document.body.appendChild(link);
        link.click();
        document.body.removeChild(link);
        setTimeout(function () {
          URL.revokeObjectURL(link.href);
        }, 10000);
      })
      .catch(failed);
  }

  function pickedIds() {
    var boxes = byId('queue').querySelectorAll('input.pick');
    /** @type {string[]} */
    var ids = [];
    Array.prototype.forEach.call(boxes, function (/** @type {HTMLInputElement} */ box) {
      if (box.checked) ids.push(box.value);
    });
    return ids;
  }

  /** @param {SubmitEvent} event */
  function signIn(event) {
    event.preventDefault();
    var key = input('api-key').value.trim();
    if (!key) return;
    sessionStorage.setItem(KEY_STORAGE, key);
    start();
  }

  function start() {
    byId('login-error').textContent = '';
    api('GET', '/connectors')
      .then(function () {
        showConsole(true);
        return api('GET', '/regimes');
      })
      .then(function (answer) {
        regimes = /** @type {RegimeReasons[]} */ (answer);
        return loadConnectors().then(refresh);
      })
      .catch(function (error) {
        if (!(error instanceof ApiError) || error.status !== 401) failed(error);
      });
  }

  function init() {
    L.FAILURE_STATES.forEach(function (s) {
      option(select('filter-state'), s, s);
    });
    L.ALL_STATES.forEach(function (s) {
      option(select('submissions-state'), s, s);
    });
    L.ERROR_CLASSES.forEach(function (c) {
      option(select('filter-error-class'), c, c);
    });
    input('operator').value = sessionStorage.getItem(OPERATOR_STORAGE) || '';
    byId('login-form').addEventListener('submit', signIn);
    byId('sign-out').addEventListener('click', function () {
      signOut('');
    });
    byId('refresh').addEventListener('click', function () {
      void refresh();
    });
    byId('tab-dashboard').addEventListener('click', function () {
      void showView('dashboard');
    });
    byId('tab-queue').addEventListener('click', function () {
      void showView('queue');
    });
    byId('tab-submissions').addEventListener('click', function () {
      void showView('submissions');
    });
    byId('tab-reco').addEventListener('click', function () {
      void showView('reco');
    });
    RecoView.init({
      api: api,
      send: send,
      operatorInputs: operatorInputs,
      setActionMessage: setActionMessage,
      setStatus: setStatus,
      failed: failed,
    });
    OperationsView.init({
      api: api,
      operatorInputs: operatorInputs,
      operatorErrors: L.operatorErrors,
      regimes: function () {
        return regimes;
      },
      formatTime: function (iso) {
        return F.formatTime(iso);
      },
      reload: function () {
        return selected ? showDetail(selected) : Promise.resolve();
      },
    });
    byId('filters').addEventListener('submit', function (event) {
      event.preventDefault();
      queueOffset = 0;
      selected = null;
      byId('detail').hidden = true;
      loadQueue().catch(failed);
    });
    byId('submission-filters').addEventListener('submit', function (event) {
      event.preventDefault();
      submissionsOffset = 0;
      selected = null;
      byId('detail').hidden = true;
      loadSubmissions().catch(failed);
    });
    byId('select-all').addEventListener('change', function () {
      var on = input('select-all').checked;
      Array.prototype.forEach.call(
        byId('queue').querySelectorAll('input.pick'),
        function (/** @type {HTMLInputElement} */ box) {
          box.checked = on;
        },
      );
    });
    byId('retry-selected').addEventListener('click', function () {
      retry(pickedIds());
    });
    byId('retry-all').addEventListener('click', retryAllMatching);
    /** @type {('previous' | 'next')[]} */ (['previous', 'next']).forEach(function (way) {
      pagerButton('queue-' + way, function () {
        var offset = queueMoves[way];
        if (offset === null) return;
        queueOffset = offset;
        return loadQueue();
      });
      pagerButton('submissions-' + way, function () {
        var offset = submissionsMoves[way];
        if (offset === null) return;
        submissionsOffset = offset;
        return loadSubmissions();
      });
    });
    byId('retry-one').addEventListener('click', function () {
      if (selected) retry([selected.id]);
    });
    byId('print-view').addEventListener('click', openPrintView);
    byId('print-pdf').addEventListener('click', downloadPrintPdf);
    byId('export-csv').addEventListener('click', function () {
      exportQueue('csv');
    });
    byId('export-xlsx').addEventListener('click', function () {
      exportQueue('xlsx');
    });
    byId('override-form').addEventListener('submit', function (event) {
      event.preventDefault();
      saveOverride(false);
    });
    byId('override-retry').addEventListener('click', function () {
      saveOverride(true);
    });
    byId('cancel-form').addEventListener('submit', cancelRegistration);
    byId('upload-form').addEventListener('submit', uploadCsv);
    if (apiKey()) start();
    else showConsole(false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
