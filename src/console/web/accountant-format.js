// @ts-check
/**
 * What an accountant reads: amounts in their currency with the country's digit grouping (₹12,34,567.00;
 * SAR 1,234,567.00), a submission's state in words, and times in the business's time zone. A classic
 * script that defines the global `AccountantFormat`, loaded before console.js; the unit spec evaluates
 * this same file in Node. Amounts are decimal strings and are never turned into floating-point numbers.
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the global the app script reads
var AccountantFormat = (function () {
  'use strict';

  /**
   * The business's time zone: the page's `business-time-zone` meta, which the service fills from
   * server.timeZone; Asia/Kolkata where there is no page (the specs).
   */
  var DEFAULT_TIME_ZONE = (function () {
    var meta =
      typeof document === 'undefined' ? null : document.querySelector('meta[name="business-time-zone"]');
    return (meta && meta.getAttribute('content')) || 'Asia/Kolkata';
  })();

  /** @type {Readonly<Record<string, string>>} */
  var STATE_WORDS = Object.freeze({
    RECEIVED: 'received, not yet sent',
    MAPPING_FAILED: 'needs your fix',
    READY: 'queued to send',
    SUBMITTING: 'waiting for the authority',
    RETRY: 'waiting to try the authority again',
    REGISTERED: 'registered',
    REJECTED: 'refused by the authority: needs your fix',
    WRITEBACK_PENDING: 'registered, updating the ERP',
    WRITTEN_BACK: 'registered and recorded in the ERP',
    WRITEBACK_FAILED: 'registered, but the ERP was not updated',
    CANCELLED: 'cancelled',
  });

  /**
   * A submission state in words; an unknown state is shown as it is.
   * @param {string} state
   */
  function stateInWords(state) {
    return Object.prototype.hasOwnProperty.call(STATE_WORDS, state) ? STATE_WORDS[state] : state;
  }

  /**
   * Groups the digits of a whole number: Indian (last three, then pairs) or international (threes).
   * @param {string} digits
   * @param {boolean} indian
   */
  function groupDigits(digits, indian) {
    if (digits.length <= 3) return digits;
    var head = digits.slice(0, -3);
    var tail = digits.slice(-3);
    var size = indian ? 2 : 3;
    var groups = [];
    while (head.length > size) {
      groups.unshift(head.slice(-size));
      head = head.slice(0, -size);
    }
    groups.unshift(head);
    return groups.join(',') + ',' + tail;
  }

  /**
   * A decimal-string amount rounded half away from zero to two places and grouped for its currency:
   * INR as ₹12,34,567.00, anything else as "SAR 1,234,567.00". Text that is not a decimal is shown as it is.
   * @param {string | null | undefined} amount
   * @param {string} currency ISO 4217 code (INR, SAR)
   */
  function formatAmount(amount, currency) {
    if (amount === null || amount === undefined) return '';
    var text = String(amount).trim();
    var match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return text;
    var negative = match[1] === '-';
    var fraction = ((match[3] || '') + '000').slice(0, 3);
    var thousandths = BigInt(match[2] + fraction);
    var hundredths = (thousandths + BigInt(5)) / BigInt(10);
    var whole = (hundredths / BigInt(100)).toString();
    var cents = (hundredths % BigInt(100)).toString().padStart(2, '0');
    var indian = currency === 'INR';
    var body = groupDigits(whole, indian) + '.' + cents;
    var sign = negative && hundredths !== BigInt(0) ? '-' : '';
    return sign + (indian ? '₹' : currency + ' ') + body;
  }

  /**
   * An instant in the business's time zone, with the zone named: "28 Nov 2026, 19:57 IST".
   * @param {string | null | undefined} value ISO timestamp
   * @param {string} [timeZone] IANA zone; Asia/Kolkata by default
   */
  function formatTime(value, timeZone) {
    if (!value) return '';
    var date = new Date(value);
    if (isNaN(date.getTime())) return String(value);
    var parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone || DEFAULT_TIME_ZONE,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).formatToParts(date);
    /** @param {string} type */
    var part = function (type) {
      var found = parts.find(function (p) {
        return p.type === type;
      });
      return found ? found.value : '';
    };
    var zone = part('timeZoneName');
    if (zone === 'GMT+5:30') zone = 'IST';
    if (zone === 'GMT+3' && (timeZone || DEFAULT_TIME_ZONE) === 'Asia/Riyadh') zone = 'AST';
    return (
      part('day') +
      ' ' +
      part('month') +
      ' ' +
      part('year') +
      ', ' +
      part('hour') +
      ':' +
      part('minute') +
      ' ' +
      zone
    );
  }

  var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  /**
   * A calendar date (YYYY-MM-DD, no zone: a document date) as "29 Nov 2026"; other text as it is.
   * @param {string | null | undefined} value
   */
  function formatDate(value) {
    if (!value) return '';
    var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return String(value);
    return match[3] + ' ' + MONTHS[Number(match[2]) - 1] + ' ' + match[1];
  }

  return Object.freeze({
    DEFAULT_TIME_ZONE: DEFAULT_TIME_ZONE,
    formatDate: formatDate,
    stateInWords: stateInWords,
    formatAmount: formatAmount,
    formatTime: formatTime,
  });
})();
