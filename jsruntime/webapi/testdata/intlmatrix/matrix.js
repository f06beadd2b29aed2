// matrix.js is the differential check of bangsnap's Intl against
// Chromium's: intlMatrix() evaluates a matrix of Intl calls (constructors
// × options × locales, and the toLocale*String and localeCompare methods
// built on them) and returns { id: result } where result is the string
// the call gave, JSON for objects, or "!" and the error's name when it
// threw. An id is "API/locale/case": the API before the first slash
// counts the differences by API.
//
// intlgen/gen-matrix.mjs runs it in headless Chromium and writes
// chromium.json; intl_matrix_test.go runs it in goja with bangsnap's Intl
// and compares (known_differences.txt lists what still differs). It is a
// plain script (no imports, no BigInt literals) so both can run it.
/* eslint-disable */
function intlMatrix() {
  // The locales of most web pages: the top ~25 languages of the web and
  // the regional forms sites use.
  var LOCALES = ['en-US', 'en-GB', 'en-IN', 'de-DE', 'de-CH', 'fr-FR', 'fr-CA', 'es-ES', 'es-MX', 'it-IT', 'pt-BR', 'pt-PT', 'nl-NL',
    'ru-RU', 'uk-UA', 'pl-PL', 'cs-CZ', 'hu-HU', 'ro-RO', 'el-GR', 'tr-TR', 'sv-SE', 'da-DK', 'fi-FI', 'nb-NO', 'he-IL', 'ar-EG', 'ar-SA',
    'hi-IN', 'id-ID', 'vi-VN', 'th-TH', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW', 'fa-IR', 'bn-BD'];
  var ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata'];
  var A = Date.UTC(2024, 2, 5, 7, 4, 9, 123); // Tuesday 5 March 2024
  var B = Date.UTC(2025, 10, 23, 19, 30, 5, 7); // Sunday 23 November 2025
  var out = {};
  var show = function (v) {
    if (typeof v === 'string') return v;
    if (v === undefined) return 'undefined';
    return JSON.stringify(v);
  };
  var run = function (id, f) {
    var v;
    try { v = show(f()); } catch (e) { v = '!' + (e && e.name); }
    out[id] = v;
  };
  var assign = function (a, b) { var r = {}, k; for (k in a) r[k] = a[k]; for (k in b) r[k] = b[k]; return r; };
  var key = function (o) { return JSON.stringify(o).replace(/"/g, ''); };
  var parts = function (ps) { return ps.map(function (p) { return p.type + ':' + p.value + (p.source ? '@' + p.source : ''); }).join('|'); };

  // ---- DateTimeFormat -----------------------------------------------
  var DTF = [{}, { dateStyle: 'full' }, { dateStyle: 'long' }, { dateStyle: 'medium' }, { dateStyle: 'short' },
    { timeStyle: 'full' }, { timeStyle: 'long' }, { timeStyle: 'medium' }, { timeStyle: 'short' },
    { dateStyle: 'medium', timeStyle: 'short' }, { dateStyle: 'full', timeStyle: 'long' }, { dateStyle: 'short', timeStyle: 'short', hour12: false },
    { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, { weekday: 'short', month: 'short', day: 'numeric' },
    { month: 'short', day: 'numeric' }, { year: 'numeric', month: '2-digit', day: '2-digit' }, { year: 'numeric', month: 'short' },
    { month: 'long' }, { weekday: 'narrow' }, { year: '2-digit', month: 'narrow' },
    { hour: 'numeric', minute: '2-digit' }, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false },
    { hour: 'numeric', hourCycle: 'h23' }, { hour: 'numeric', minute: '2-digit', hour12: true }, { hour: 'numeric', hourCycle: 'h11' },
    { era: 'short', year: 'numeric' }, { era: 'long', year: 'numeric', month: 'long', day: 'numeric' },
    { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 }, { hour: 'numeric', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 2 },
    { hour: 'numeric', minute: 'numeric', timeZoneName: 'short' }, { hour: 'numeric', timeZoneName: 'long' }, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    { weekday: 'long', hour: 'numeric', minute: '2-digit' }, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    { hour: 'numeric', dayPeriod: 'short' }, { timeZoneName: 'shortOffset', hour: 'numeric' }];
  // The options whose output depends on the zone are asked in every zone.
  var ZONED = [{}, { timeStyle: 'full' }, { dateStyle: 'medium', timeStyle: 'short' }, { hour: 'numeric', minute: 'numeric', timeZoneName: 'short' }, { hour: 'numeric', timeZoneName: 'long' }];
  LOCALES.forEach(function (l) {
    DTF.forEach(function (o) {
      run('DateTimeFormat/' + l + '/' + key(o), function () { var f = new Intl.DateTimeFormat(l, assign({ timeZone: 'UTC' }, o)); return f.format(A) + ' | ' + f.format(B); });
    });
    ZONED.forEach(function (o) {
      ZONES.slice(1).forEach(function (z) {
        run('DateTimeFormat/' + l + '/' + z + ' ' + key(o), function () { var f = new Intl.DateTimeFormat(l, assign({ timeZone: z }, o)); return f.format(A) + ' | ' + f.format(B); });
      });
    });
    [{ dateStyle: 'medium' }, { hour: 'numeric', minute: '2-digit' }, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' }].forEach(function (o) {
      run('DateTimeFormat/' + l + '/formatToParts ' + key(o), function () { return parts(new Intl.DateTimeFormat(l, assign({ timeZone: 'UTC' }, o)).formatToParts(B)); });
    });
    [{ month: 'short', day: 'numeric' }, { year: 'numeric', month: 'long', day: 'numeric' }, { dateStyle: 'medium' }, { hour: 'numeric', minute: '2-digit' }, { year: 'numeric', month: 'short' }].forEach(function (o) {
      run('DateTimeFormat/' + l + '/formatRange ' + key(o), function () {
        var f = new Intl.DateTimeFormat(l, assign({ timeZone: 'UTC' }, o));
        return [f.formatRange(A, A + 3 * 864e5), f.formatRange(A, A + 40 * 864e5), f.formatRange(A, B), f.formatRange(A, A + 2 * 36e5)].join(' | ');
      });
    });
    run('DateTimeFormat/' + l + '/formatRangeToParts', function () { return parts(new Intl.DateTimeFormat(l, { timeZone: 'UTC', month: 'short', day: 'numeric' }).formatRangeToParts(A, A + 3 * 864e5)); });
    [{}, { dateStyle: 'long', timeStyle: 'short' }, { hour: 'numeric' }, { hour: 'numeric', hour12: true }, { hour: 'numeric', hour12: false }, { month: 'long', era: 'short', year: 'numeric' }].forEach(function (o) {
      run('DateTimeFormat/' + l + '/resolvedOptions ' + key(o), function () { return new Intl.DateTimeFormat(l, assign({ timeZone: 'UTC' }, o)).resolvedOptions(); });
    });
    // ---- Date.prototype.toLocale*String ------------------------------
    ZONES.forEach(function (z) {
      run('toLocaleString/' + l + '/Date ' + z, function () { var d = new Date(B), o = { timeZone: z }; return [d.toLocaleString(l, o), d.toLocaleDateString(l, o), d.toLocaleTimeString(l, o)].join(' | '); });
    });
    run('toLocaleString/' + l + '/Date options', function () {
      var d = new Date(A);
      return [d.toLocaleDateString(l, { timeZone: 'UTC', month: 'long', day: 'numeric' }), d.toLocaleTimeString(l, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }),
        d.toLocaleString(l, { timeZone: 'UTC', dateStyle: 'short' }), d.toLocaleDateString(l, { timeZone: 'UTC', weekday: 'long' }), d.toLocaleTimeString(l, { timeZone: 'UTC', hour12: false })].join(' | ');
    });
  });

  // ---- NumberFormat -------------------------------------------------
  var LOCAL_CURRENCY = { 'en-US': 'USD', 'en-GB': 'GBP', 'en-IN': 'INR', 'de-DE': 'EUR', 'de-CH': 'CHF', 'fr-FR': 'EUR', 'fr-CA': 'CAD', 'es-ES': 'EUR', 'es-MX': 'MXN', 'it-IT': 'EUR',
    'pt-BR': 'BRL', 'pt-PT': 'EUR', 'nl-NL': 'EUR', 'ru-RU': 'RUB', 'uk-UA': 'UAH', 'pl-PL': 'PLN', 'cs-CZ': 'CZK', 'hu-HU': 'HUF', 'ro-RO': 'RON', 'el-GR': 'EUR',
    'tr-TR': 'TRY', 'sv-SE': 'SEK', 'da-DK': 'DKK', 'fi-FI': 'EUR', 'nb-NO': 'NOK', 'he-IL': 'ILS', 'ar-EG': 'EGP', 'ar-SA': 'SAR', 'hi-IN': 'INR', 'id-ID': 'IDR',
    'vi-VN': 'VND', 'th-TH': 'THB', 'ja-JP': 'JPY', 'ko-KR': 'KRW', 'zh-CN': 'CNY', 'zh-TW': 'TWD', 'fa-IR': 'IRR', 'bn-BD': 'BDT' };
  var VALUES = [1234567.891, -0.5, 0, 42, 1e21];
  LOCALES.forEach(function (l) {
    var lc = LOCAL_CURRENCY[l];
    var NF = [[{}, VALUES], [{ maximumFractionDigits: 0 }, [2.5, 3.5, -1234.5]], [{ minimumFractionDigits: 2 }, [5, 1234.5]], [{ maximumSignificantDigits: 3 }, [123456, 0.0012345]],
      [{ minimumIntegerDigits: 3 }, [7, -7.5]], [{ style: 'percent' }, [0.256, -1, 12.5]], [{ style: 'percent', maximumFractionDigits: 1 }, [0.12345]],
      [{ style: 'currency', currency: 'EUR' }, [1234.5, -5, 0]], [{ style: 'currency', currency: 'USD' }, [1234.5, -5]], [{ style: 'currency', currency: 'JPY' }, [1234.5]],
      [{ style: 'currency', currency: 'GBP' }, [3]], [{ style: 'currency', currency: lc }, [1234567.5, -42]],
      [{ style: 'currency', currency: lc, currencyDisplay: 'code' }, [1234.5]], [{ style: 'currency', currency: lc, currencyDisplay: 'name' }, [1, 1234.5]],
      [{ style: 'currency', currency: 'USD', currencyDisplay: 'name' }, [1, 2.5]], [{ style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }, [1234.5]],
      [{ style: 'currency', currency: 'EUR', currencySign: 'accounting' }, [-5]], [{ style: 'currency', currency: 'EUR', minimumFractionDigits: 0 }, [5, 5.5]],
      [{ style: 'unit', unit: 'kilometer-per-hour' }, [50]], [{ style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' }, [1, 50]],
      [{ style: 'unit', unit: 'kilobyte', unitDisplay: 'narrow' }, [512]], [{ style: 'unit', unit: 'celsius' }, [21.5]], [{ style: 'unit', unit: 'liter', unitDisplay: 'long' }, [1, 2]],
      [{ style: 'unit', unit: 'percent' }, [50]], [{ style: 'unit', unit: 'day', unitDisplay: 'long' }, [1, 3]], [{ style: 'unit', unit: 'hour', unitDisplay: 'narrow' }, [5]],
      [{ style: 'unit', unit: 'megabyte' }, [1.5]], [{ style: 'unit', unit: 'kilogram' }, [70]], [{ style: 'unit', unit: 'mile' }, [26.2]],
      [{ notation: 'compact' }, [999, 1234, 12345, 1234567, 2.5e9, -45000]], [{ notation: 'compact', compactDisplay: 'long' }, [1234, 12345, 1234567, 2.5e9]],
      [{ notation: 'compact', style: 'currency', currency: 'USD' }, [1234567]],
      [{ signDisplay: 'always' }, [-1, 0, 1]], [{ signDisplay: 'exceptZero' }, [-1, 0, 1]], [{ signDisplay: 'never' }, [-1, 1]], [{ signDisplay: 'negative' }, [-1, 0, 1]],
      [{ notation: 'scientific' }, [123456, 0.00012]], [{ notation: 'engineering' }, [123456, 0.00012]],
      [{ maximumFractionDigits: 0, roundingMode: 'floor' }, [2.5, -2.5]], [{ maximumFractionDigits: 0, roundingMode: 'ceil' }, [2.5, -2.5]], [{ maximumFractionDigits: 0, roundingMode: 'halfEven' }, [2.5, 3.5]],
      [{ maximumFractionDigits: 1, roundingMode: 'trunc' }, [1.19, -1.19]], [{ useGrouping: false }, [1234567]], [{ useGrouping: 'always' }, [1234]], [{ useGrouping: 'min2' }, [1234, 12345]]];
    NF.forEach(function (c) {
      run('NumberFormat/' + l + '/' + key(c[0]), function () { var f = new Intl.NumberFormat(l, c[0]); return c[1].map(function (x) { return f.format(x); }).join(' | '); });
    });
    run('NumberFormat/' + l + '/formatToParts currency', function () { return parts(new Intl.NumberFormat(l, { style: 'currency', currency: 'EUR' }).formatToParts(-1234.5)); });
    run('NumberFormat/' + l + '/formatToParts compact', function () { return parts(new Intl.NumberFormat(l, { notation: 'compact' }).formatToParts(1500)); });
    run('NumberFormat/' + l + '/formatRange', function () {
      var f = new Intl.NumberFormat(l), c = new Intl.NumberFormat(l, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
      return [f.formatRange(3, 5), f.formatRange(1000, 2500), c.formatRange(3, 5), c.formatRange(5, 5)].join(' | ');
    });
    run('NumberFormat/' + l + '/resolvedOptions', function () { return new Intl.NumberFormat(l, { style: 'currency', currency: 'EUR' }).resolvedOptions(); });
    run('NumberFormat/' + l + '/resolvedOptions compact', function () { return new Intl.NumberFormat(l, { notation: 'compact' }).resolvedOptions(); });
    // ---- Number and BigInt toLocaleString ------------------------------
    run('toLocaleString/' + l + '/Number', function () { return [(1234567.891).toLocaleString(l), (0.5).toLocaleString(l, { style: 'percent' }), (19.99).toLocaleString(l, { style: 'currency', currency: lc }), (-3).toLocaleString(l, { minimumFractionDigits: 1 })].join(' | '); });
    run('toLocaleString/' + l + '/BigInt', function () { return [BigInt('12345678901234567890').toLocaleString(l), BigInt(-1234).toLocaleString(l), BigInt(5).toLocaleString(l, { style: 'currency', currency: 'EUR' })].join(' | '); });
  });

  // ---- RelativeTimeFormat, PluralRules, ListFormat -------------------
  LOCALES.forEach(function (l) {
    ['long', 'short', 'narrow'].forEach(function (style) {
      ['always', 'auto'].forEach(function (numeric) {
        ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'].forEach(function (u) {
          run('RelativeTimeFormat/' + l + '/' + style + ' ' + numeric + ' ' + u, function () {
            var f = new Intl.RelativeTimeFormat(l, { style: style, numeric: numeric });
            return [-3, -1, 0, 1, 2, 5, -21, 1.5].map(function (x) { return f.format(x, u); }).join(' | ');
          });
        });
      });
    });
    run('RelativeTimeFormat/' + l + '/formatToParts', function () { return parts(new Intl.RelativeTimeFormat(l).formatToParts(-1234, 'day')); });
    run('RelativeTimeFormat/' + l + '/resolvedOptions', function () { return new Intl.RelativeTimeFormat(l, { numeric: 'auto' }).resolvedOptions(); });
    ['cardinal', 'ordinal'].forEach(function (type) {
      run('PluralRules/' + l + '/' + type, function () {
        var p = new Intl.PluralRules(l, { type: type });
        return [0, 1, 2, 3, 4, 5, 6, 11, 12, 13, 21, 22, 23, 101, 111, 1000000, 0.5, 1.5, 2.1].map(function (x) { return x + ':' + p.select(x); }).join(' ');
      });
      run('PluralRules/' + l + '/' + type + ' resolvedOptions', function () { return new Intl.PluralRules(l, { type: type }).resolvedOptions(); });
    });
    run('PluralRules/' + l + '/minimumFractionDigits', function () { var p = new Intl.PluralRules(l, { minimumFractionDigits: 1 }); return [1, 2].map(function (x) { return p.select(x); }).join(' '); });
    ['conjunction', 'disjunction', 'unit'].forEach(function (type) {
      ['long', 'short', 'narrow'].forEach(function (style) {
        run('ListFormat/' + l + '/' + type + ' ' + style, function () {
          var f = new Intl.ListFormat(l, { type: type, style: style });
          return [f.format(['A']), f.format(['A', 'B']), f.format(['A', 'B', 'C', 'D'])].join(' | ');
        });
      });
    });
    run('ListFormat/' + l + '/contextual', function () { var f = new Intl.ListFormat(l); var g = new Intl.ListFormat(l, { type: 'disjunction' }); return [f.format(['x', 'y']), f.format(['x', 'iglesia']), f.format(['x', 'Ibiza']), g.format(['x', 'otro']), g.format(['7', '8']), f.format(['x', 'hijo'])].join(' | '); });
    run('ListFormat/' + l + '/formatToParts', function () { return parts(new Intl.ListFormat(l).formatToParts(['a', 'b', 'c'])); });
  });

  // ---- DisplayNames ----------------------------------------------------
  var DN = {
    language: ['en', 'de', 'fr', 'es', 'ja', 'zh', 'ar', 'ru', 'pt', 'it', 'ko', 'hi', 'en-US', 'en-GB', 'pt-BR', 'zh-Hant', 'es-419', 'fr-CA', 'de-AT', 'sr-Latn'],
    region: ['US', 'DE', 'FR', 'JP', 'CN', 'GB', 'BR', 'IN', 'RU', 'ES', 'MX', 'CA', 'KR', 'TW', 'HK', '419', '001'],
    script: ['Latn', 'Cyrl', 'Arab', 'Hans', 'Hant', 'Grek', 'Deva'],
    currency: ['USD', 'EUR', 'JPY', 'GBP', 'CNY', 'INR', 'RUB', 'BRL', 'CHF'],
  };
  LOCALES.forEach(function (l) {
    Object.keys(DN).forEach(function (type) {
      run('DisplayNames/' + l + '/' + type, function () { var d = new Intl.DisplayNames(l, { type: type }); return DN[type].map(function (c) { return d.of(c); }).join(' | '); });
    });
    run('DisplayNames/' + l + '/language standard short', function () { var d = new Intl.DisplayNames(l, { type: 'language', languageDisplay: 'standard', style: 'short' }); return ['en-US', 'en-GB', 'zh-Hans-CN'].map(function (c) { return d.of(c); }).join(' | '); });
    run('DisplayNames/' + l + '/resolvedOptions', function () { return new Intl.DisplayNames(l, { type: 'region' }).resolvedOptions(); });
  });

  // ---- Collator and localeCompare ------------------------------------
  var WORDS = ['zebra', 'Zürich', 'apple', 'Äpfel', 'Ångström', 'öl', 'Øre', 'ærø', 'chleba', 'hotel', 'cihla', 'łódź', 'lody', 'niño', 'nube', 'ñu', 'ıs', 'is', 'İz',
    'résumé', 'resume', 'Resume', 'a10', 'a2', 'A1', 'co-op', 'coop', 'þorn', 'ßa', 'sa', 'ij', 'Ylva', 'ü', 'y', 'vår', 'wåg'];
  LOCALES.forEach(function (l) {
    run('Collator/' + l + '/sort', function () { return WORDS.slice().sort(new Intl.Collator(l).compare).join(' '); });
    run('Collator/' + l + '/localeCompare sort', function () { return WORDS.slice().sort(function (a, b) { return a.localeCompare(b, l); }).join(' '); });
    [{ numeric: true }, { caseFirst: 'upper' }, { caseFirst: 'lower' }, { sensitivity: 'base' }, { sensitivity: 'accent' }, { sensitivity: 'case' }, { ignorePunctuation: true }].forEach(function (o) {
      run('Collator/' + l + '/' + key(o), function () {
        var c = new Intl.Collator(l, o);
        var pairs = [['a', 'A'], ['a', 'á'], ['a', 'b'], ['A', 'b'], ['a2', 'a10'], ['co-op', 'coop'], ['résumé', 'Resume'], ['ä', 'z']];
        return pairs.map(function (p) { return c.compare(p[0], p[1]); }).join(' ') + ' | ' + ['b', 'a10', 'B', 'a2', 'A', 'a', 'á', 'A1'].sort(c.compare).join(' ');
      });
    });
    run('Collator/' + l + '/resolvedOptions', function () { return new Intl.Collator(l, { numeric: true }).resolvedOptions(); });
  });
  run('Collator/und/search usage', function () { var c = new Intl.Collator('en', { usage: 'search', sensitivity: 'base' }); return [c.compare('a', 'á'), c.compare('a', 'A'), JSON.stringify(c.resolvedOptions())].join(' '); });

  // ---- Segmenter -------------------------------------------------------
  var TEXTS = {
    en: 'Hello, world! It\'s 3.5 km away. Mr. Smith isn\'t here?  Yes.',
    emoji: 'a👨‍👩‍👧b🇩🇪e\u0301\r\nक्षि',
    de: 'Die Straße heißt „Hauptstraße“. Sie ist 2,5 km lang!',
    ja: '今日は良い天気ですね。明日も晴れるでしょう。',
    zh: '我们今天去北京。你好吗？',
    th: 'สวัสดีครับ วันนี้อากาศดี',
  };
  ['en', 'de', 'ja', 'zh', 'th'].forEach(function (l) {
    Object.keys(TEXTS).forEach(function (t) {
      ['grapheme', 'word', 'sentence'].forEach(function (g) {
        if (g === 'grapheme' && l !== 'en') return;
        run('Segmenter/' + l + '/' + g + ' ' + t, function () {
          var segs = [];
          for (var s of new Intl.Segmenter(l, { granularity: g }).segment(TEXTS[t])) segs.push(s.segment + (g === 'word' ? (s.isWordLike ? '*' : '') : '') + '@' + s.index);
          return segs.join('|');
        });
      });
    });
  });
  run('Segmenter/en/containing', function () { var s = new Intl.Segmenter('en', { granularity: 'word' }).segment('Hello brave world'); var c = s.containing(8); return [c.segment, c.index, c.isWordLike, s.containing(99)].join(' '); });
  run('Segmenter/en/resolvedOptions', function () { return new Intl.Segmenter('en-US', { granularity: 'word' }).resolvedOptions(); });

  // ---- Locale ------------------------------------------------------------
  ['en', 'en-US', 'de-DE', 'zh', 'zh-TW', 'zh-Hant', 'sr-Latn', 'pt', 'es-419', 'ja-JP-u-ca-japanese', 'en-Latn-US-u-hc-h23-nu-arab', 'he', 'ar', 'und', 'nb', 'no', 'fil', 'iw-IL'].forEach(function (t) {
    run('Locale/' + t + '/parts', function () {
      var x = new Intl.Locale(t);
      return [x.toString(), x.baseName, x.language, x.script, x.region, x.calendar, x.hourCycle, x.numberingSystem, x.maximize().toString(), x.minimize().toString()].join(' | ');
    });
  });
  run('Locale/en/options', function () { return new Intl.Locale('en', { region: 'GB', calendar: 'gregory', hourCycle: 'h12', numeric: true, caseFirst: 'upper' }).toString(); });
  run('Locale/misc/getCanonicalLocales', function () { return Intl.getCanonicalLocales(['EN-us', 'zh-hant-tw', 'iw', 'en-u-ca-gregory-nu-latn', 'sgn-GR', 'und-Latn']); });
  run('Locale/misc/supportedLocalesOf', function () { return Intl.DateTimeFormat.supportedLocalesOf(['en-US', 'fr-CA', 'xx-YY', 'nn', 'is', 'fa', 'zz']); });
  run('Locale/misc/default', function () { return [new Intl.NumberFormat().resolvedOptions().locale, new Intl.DateTimeFormat().resolvedOptions().timeZone, new Intl.Collator().resolvedOptions().locale].join(' '); });
  run('Locale/misc/supportedValuesOf', function () { return ['calendar', 'collation', 'currency', 'numberingSystem', 'timeZone', 'unit'].map(function (k) { return Intl.supportedValuesOf(k).length > 5; }).join(' '); });
  return out;
}
