// A small Intl for goja, which has none: formatting of numbers, dates,
// plurals, relative times and lists (and English display names of
// languages, regions, currencies and scripts), the subset pages use to render prices,
// counts and dates. Numbers and dates follow the locale for en, en-GB, de,
// fr, es, it, pt, nl, ru, pl, sv, nb (and no), tr, ja, zh and ko (symbols, grouping,
// currency position, date patterns, month and day names where listed),
// plural rules and list words for the common languages, and IANA time
// zones; other locales, and relative times everywhere, are answered as
// en-US (see KNOWN_GAPS). Number and Date toLocale*String are
// redefined on top of it so that they print what Chromium prints.
(function (global) {
  "use strict";
  if (typeof global.Intl !== "undefined") return;
  // zoneInfo(zone, ms) -> [offset minutes east of UTC, abbreviation] or
  // undefined for an unknown zone: a Go function InstallPolyfills lends for
  // the duration of this script.
  // hideState keeps a formatter's options in a non-enumerable own
  // property: Object.keys(new Intl.NumberFormat()) is [] as in a browser
  // (deep-equal and clone helpers walk own enumerable keys).
  var hideState = function (o, s) {
    Object.defineProperty(o, "_", { value: s, writable: true, configurable: true, enumerable: false });
  };
  var zoneInfo = global.__bangsnapZoneInfo;
  delete global.__bangsnapZoneInfo;
  // Building Intl costs about a millisecond, so it is built on first use:
  // the first read of Intl or call of a toLocale*String.
  var built = null;
  var ensure = function () {
    if (!built) built = build();
    return built;
  };
  Object.defineProperty(global, "Intl", {
    configurable: true, enumerable: false,
    get: function () { return ensure(); },
    set: function (v) { Object.defineProperty(global, "Intl", { value: v, writable: true, configurable: true, enumerable: false }); }
  });
  var stub = function (proto, name) {
    Object.defineProperty(proto, name, {
      configurable: true, writable: true, enumerable: false,
      value: function () { ensure(); return proto[name].apply(this, arguments); }
    });
  };
  stub(Number.prototype, "toLocaleString");
  stub(Date.prototype, "toLocaleString");
  stub(Date.prototype, "toLocaleDateString");
  stub(Date.prototype, "toLocaleTimeString");
  if (typeof BigInt === "function") stub(BigInt.prototype, "toLocaleString");

  function build() {
  var define = function (obj, name, value) {
    Object.defineProperty(obj, name, { value: value, writable: true, configurable: true, enumerable: false });
  };
  var LOCALE = "en-US";
  var opt = function (o, name, allowed, def) {
    var v = o == null ? undefined : o[name];
    if (v === undefined) return def;
    v = String(v);
    if (allowed && allowed.indexOf(v) < 0) throw new RangeError("Value " + v + " out of range for Intl options property " + name);
    return v;
  };
  var numOpt = function (o, name, min, max, def) {
    var v = o == null ? undefined : o[name];
    if (v === undefined) return def;
    v = Number(v);
    if (!(v >= min && v <= max)) throw new RangeError(name + " value is out of range.");
    return Math.floor(v);
  };

  // ---- locales ----------------------------------------------------------
  // A few locales' number symbols and date patterns (CLDR, as Chromium
  // prints them); any other locale is answered as its language's entry, or
  // as en-US. Date patterns use y yy M MM MMM MMMM d dd EEE EEEE and
  // 'quoted' literals.
  var NBSP = "\u00a0", NNBSP = "\u202f";
  var EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  var EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  var cjk = function (suffix) { var a = []; for (var i = 1; i <= 12; i++) a.push(i + suffix); return a; };
  var base = {
    dec: ".", grp: ",", minGrp: 1, minus: "-", curPre: true, curSp: "", pct: "%", pctPre: false,
    date: "M/d/y", time12: true, join: ", ", months: EN_MONTHS, shortMonths: null, days: EN_DAYS, shortDays: null,
    long: "MMMM d, y", full: "EEEE, MMMM d, y", medium: "MMM d, y", monthYear: "MMMM y", monthDay: "MMMM d", syms: {}
  };
  var mk = function (o) { var r = {}, k; for (k in base) r[k] = base[k]; for (k in o) r[k] = o[k]; return r; };
  var LOCALES = {
    "en": mk({}),
    "en-gb": mk({short: "dd/MM/y",  date: "dd/MM/y", time12: false, at: " at ", wdJoin: " ", long: "d MMMM y", full: "EEEE, d MMMM y", medium: "d MMM y", monthDay: "d MMMM", syms: { USD: "US$" } }),
    "de": mk({short: "dd.MM.yy",  dec: ",", grp: ".", curPre: false, curSp: NBSP, pct: NBSP + "%", date: "d.M.y", time12: false, at: " um ",
      months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
      shortMonths: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
      days: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"], shortDays: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
      long: "d. MMMM y", full: "EEEE, d. MMMM y", medium: "dd.MM.y", monthDay: "d. MMMM" }),
    "fr": mk({short: "dd/MM/y",  dec: ",", grp: NNBSP, curPre: false, curSp: NBSP, pct: NBSP + "%", date: "dd/MM/y", time12: false, join: " ", joinMedium: ", ", at: " à ", wdJoin: " ",
      months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
      shortMonths: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
      days: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"], shortDays: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
      long: "d MMMM y", full: "EEEE d MMMM y", medium: "d MMM y", monthDay: "d MMMM", syms: { USD: "$US" } }),
    "es": mk({short: "d/M/yy",  dec: ",", grp: ".", minGrp: 2, curPre: false, curSp: NBSP, pct: NBSP + "%", date: "d/M/y", time12: false, hourNoPad: true, at: " a las ", atFull: ", ",
      months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
      shortMonths: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
      days: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"], shortDays: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
      yMMMd: "d MMM y", MMMd: "d MMM",
      long: "d 'de' MMMM 'de' y", full: "EEEE, d 'de' MMMM 'de' y", medium: "d MMM y", monthYear: "MMMM 'de' y", monthDay: "d 'de' MMMM", syms: { USD: "US$" } }),
    "it": mk({short: "dd/MM/yy",  dec: ",", grp: ".", minGrp: 2, curPre: false, curSp: NBSP, date: "dd/MM/y", time12: false, at: " alle ore ", wdJoin: " ",
      months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
      shortMonths: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
      days: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"], shortDays: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
      long: "d MMMM y", full: "EEEE d MMMM y", medium: "d MMM y", monthDay: "d MMMM", syms: { USD: "USD" } }),
    "pt": mk({short: "dd/MM/y",  dec: ",", grp: ".", curSp: NBSP, date: "dd/MM/y", time12: false, at: " às ",
      months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
      shortMonths: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
      days: ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"], shortDays: ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."],
      long: "d 'de' MMMM 'de' y", full: "EEEE, d 'de' MMMM 'de' y", medium: "d 'de' MMM 'de' y", monthYear: "MMMM 'de' y", monthDay: "d 'de' MMMM", syms: { USD: "US$" } }),
    "nl": mk({short: "dd-MM-y",  dec: ",", grp: ".", curSp: NBSP, signAfterCur: true, date: "d-M-y", time12: false, at: " om ", wdJoin: " ",
      months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
      shortMonths: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
      days: ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"], shortDays: ["zo", "ma", "di", "wo", "do", "vr", "za"],
      long: "d MMMM y", full: "EEEE d MMMM y", medium: "d MMM y", monthDay: "d MMMM", syms: { USD: "US$" } }),
    "ru": mk({short: "dd.MM.y",  dec: ",", grp: NBSP, curPre: false, curSp: NBSP, pct: NBSP + "%", date: "dd.MM.y", time12: false, at: " в " }),
    "pl": mk({short: "d.MM.y",  dec: ",", grp: NBSP, minGrp: 2, curPre: false, curSp: NBSP, date: "d.MM.y", time12: false }),
    "sv": mk({short: "y-MM-dd",  dec: ",", grp: NBSP, minus: "\u2212", curPre: false, curSp: NBSP, pct: NBSP + "%", date: "y-MM-dd", time12: false, join: " ", at: " kl. ", wdJoin: " ",
      months: ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"],
      shortMonths: ["jan.", "feb.", "mars", "apr.", "maj", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "dec."],
      days: ["söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"], shortDays: ["sön", "mån", "tis", "ons", "tors", "fre", "lör"],
      long: "d MMMM y", full: "EEEE d MMMM y", medium: "d MMM y", monthDay: "d MMMM", syms: { NOK: "Nkr" } }),
    "nb": mk({short: "dd.MM.y",  dec: ",", grp: NBSP, minus: "\u2212", curPre: false, curSp: NBSP, pct: NBSP + "%", date: "d.M.y", time12: false, at: " kl. ", wdJoin: " ",
      months: ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"],
      shortMonths: ["jan.", "feb.", "mars", "apr.", "mai", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "des."],
      days: ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"], shortDays: ["søn.", "man.", "tir.", "ons.", "tor.", "fre.", "lør."],
      long: "d. MMMM y", full: "EEEE d. MMMM y", medium: "d. MMM y", monthDay: "d. MMMM", syms: { NOK: "kr" } }),
    "tr": mk({short: "d.MM.y",  dec: ",", grp: ".", pct: "%", pctPre: true, date: "dd.MM.y", time12: false, join: " " }),
    "ja": mk({short: "y/MM/dd",  date: "y/M/d", time12: false, hourNoPad: true, join: " ", months: cjk("月"), shortMonths: cjk("月"),
      days: ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"], shortDays: ["日", "月", "火", "水", "木", "金", "土"],
      long: "y年MMMMd日", full: "y年MMMMd日EEEE", medium: "y/MM/dd", MMMEd: "MMMd日(EEE)", monthYear: "y年MMMM", monthDay: "MMMMd日", syms: { JPY: "￥" } }),
    "zh": mk({short: "y/M/d",  date: "y/M/d", time12: false, join: " ", months: cjk("月"), shortMonths: cjk("月"),
      days: ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"], shortDays: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
      long: "y年MMMMd日", full: "y年MMMMd日EEEE", medium: "y年MMMMd日", MMMEd: "MMMd日EEE", monthYear: "y年MMMM", monthDay: "MMMMd日", syms: { CNY: "¥" } }),
    "ko": mk({short: "yy. M. d.",  date: "y. M. d.", time12: false, join: " ", months: cjk("월"), shortMonths: cjk("월"),
      days: ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"], shortDays: ["일", "월", "화", "수", "목", "금", "토"],
      long: "y년 MMMM d일", full: "y년 MMMM d일 EEEE", medium: "y. M. d.", MMMEd: "MMM d일 (EEE)", monthYear: "y년 MMMM", monthDay: "MMMM d일" })
  };
  LOCALES.no = LOCALES.nb; // Chromium formats "no" as Bokmål
  // resolveLocale picks the first requested locale with data: its exact
  // tag, else its language. It returns the tag to report and the data.
  var resolveLocale = function (locales) {
    var list = locales === undefined ? [] : typeof locales === "string" ? [locales] : Array.from(locales, String);
    for (var i = 0; i < list.length; i++) {
      var tag = list[i].replace(/_/g, "-"), lower = tag.toLowerCase(), lang = lower.split("-")[0];
      if (lower === "en-us" || lang === "en" && !LOCALES[lower]) return { tag: lower === "en" ? "en" : tag, L: LOCALES.en };
      if (LOCALES[lower]) return { tag: tag, L: LOCALES[lower] };
      if (LOCALES[lang]) return { tag: tag, L: LOCALES[lang] };
    }
    return { tag: LOCALE, L: LOCALES.en };
  };

  // ---- numbers ----------------------------------------------------------
  // digitsOf returns the decimal digits of |x| (shortest round-trip form)
  // and the position of the decimal point.
  var digitsOf = function (x) {
    var s = String(Math.abs(x)), e = 0, i = s.indexOf("e");
    if (i >= 0) { e = Number(s.slice(i + 1)); s = s.slice(0, i); }
    var dot = s.indexOf(".");
    var digits = dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1);
    var point = (dot < 0 ? s.length : dot) + e;
    var lead = digits.match(/^0*/)[0].length;
    if (lead === digits.length) return { d: "0", p: 1 };
    digits = digits.slice(lead); point -= lead;
    return { d: digits.replace(/0+$/, "") || "0", p: point };
  };
  // roundDigits rounds half away from zero, keeping `keep` digits.
  var roundDigits = function (n, keep) {
    if (keep >= n.d.length) return n;
    if (keep < 0) return { d: "0", p: 1 };
    var up = n.d.charCodeAt(keep) >= 53; // "5"
    var d = n.d.slice(0, keep).split("").map(Number), p = n.p;
    if (up) {
      var i = d.length - 1;
      while (i >= 0 && d[i] === 9) { d[i] = 0; i--; }
      if (i < 0) { d.unshift(1); p++; } else d[i]++;
    }
    var s = d.join("").replace(/0+$/, "");
    return s ? { d: s, p: p } : { d: "0", p: 1 };
  };
  // fixed renders n with min/max fraction digits (or significant digits).
  var fixed = function (x, o) {
    var n = digitsOf(x);
    if (o.maxSig !== undefined) {
      n = roundDigits(n, o.maxSig);
    } else {
      n = roundDigits(n, n.p + o.maxFrac);
    }
    var intPart, frac;
    if (n.p <= 0) { intPart = "0"; frac = "0".repeat(-n.p) + n.d; }
    else if (n.p >= n.d.length) { intPart = n.d + "0".repeat(n.p - n.d.length); frac = ""; }
    else { intPart = n.d.slice(0, n.p); frac = n.d.slice(n.p); }
    if (n.d === "0") { intPart = "0"; frac = ""; }
    var minFrac = o.minSig !== undefined ? Math.max(0, o.minSig - (intPart === "0" ? 0 : intPart.length)) : o.minFrac;
    while (frac.length < minFrac) frac += "0";
    while (intPart.length < o.minInt) intPart = "0" + intPart;
    return { int: intPart, frac: frac };
  };
  var group = function (s) {
    var out = "";
    while (s.length > 3) { out = "," + s.slice(-3) + out; s = s.slice(0, -3); }
    return s + out;
  };
  // groups splits integer digits into groups of three, unless the locale
  // wants more digits before it groups at all (es, pl: 1234 but 12.345).
  var groups = function (s, L) {
    if (s.length < 4 + L.minGrp - 1) return [s];
    return group(s).split(",");
  };
  var currencySymbols = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", INR: "₹", CNY: "CN¥", CAD: "CA$", AUD: "A$", KRW: "₩", BRL: "R$", MXN: "MX$", ILS: "₪", VND: "₫", NZD: "NZ$", HKD: "HK$", TWD: "NT$", PHP: "₱" };
  var currencyNames = { USD: "US dollars", EUR: "euros", GBP: "British pounds", JPY: "Japanese yen" };
  var zeroDecimalCurrencies = { JPY: 1, KRW: 1, VND: 1, CLP: 1, ISK: 1, HUF: 0 };
  var shortUnits = { kilometer: "km", meter: "m", centimeter: "cm", millimeter: "mm", mile: "mi", foot: "ft", inch: "in",
    kilogram: "kg", gram: "g", pound: "lb", liter: "L", milliliter: "mL", byte: "byte", kilobyte: "kB", megabyte: "MB",
    gigabyte: "GB", terabyte: "TB", second: "sec", minute: "min", hour: "hr", day: "day", week: "wk", month: "mth", year: "yr",
    millisecond: "ms", percent: "%", celsius: "°C", fahrenheit: "°F", "kilometer-per-hour": "km/h", "mile-per-hour": "mph" };

  function NumberFormat(locales, options) {
    if (!(this instanceof NumberFormat)) return new NumberFormat(locales, options);
    var o = options == null ? {} : Object(options);
    var style = opt(o, "style", ["decimal", "percent", "currency", "unit"], "decimal");
    var currency = opt(o, "currency", null, undefined);
    if (style === "currency" && currency === undefined) throw new TypeError("Currency code is required with currency style.");
    if (currency) currency = currency.toUpperCase();
    var cur = style === "currency" ? (zeroDecimalCurrencies[currency] ? 0 : 2) : 0;
    var defMax = style === "currency" ? cur : style === "percent" ? 0 : 3;
    var minFrac = numOpt(o, "minimumFractionDigits", 0, 100, undefined);
    var maxFrac = numOpt(o, "maximumFractionDigits", 0, 100, undefined);
    if (minFrac === undefined) minFrac = Math.min(cur, maxFrac === undefined ? cur : maxFrac);
    if (maxFrac === undefined) maxFrac = Math.max(minFrac, defMax);
    if (minFrac > maxFrac) throw new RangeError("maximumFractionDigits value is out of range.");
    var loc = resolveLocale(locales);
    hideState(this, {
      locale: loc.tag, L: loc.L,
      style: style, currency: currency,
      currencyDisplay: opt(o, "currencyDisplay", ["symbol", "narrowSymbol", "code", "name"], "symbol"),
      unit: opt(o, "unit", null, undefined), unitDisplay: opt(o, "unitDisplay", ["short", "long", "narrow"], "short"),
      notation: opt(o, "notation", ["standard", "compact", "scientific", "engineering"], "standard"),
      compactDisplay: opt(o, "compactDisplay", ["short", "long"], "short"),
      signDisplay: opt(o, "signDisplay", ["auto", "always", "never", "exceptZero", "negative"], "auto"),
      useGrouping: o.useGrouping === undefined ? true : o.useGrouping !== false && o.useGrouping !== "false",
      minInt: numOpt(o, "minimumIntegerDigits", 1, 21, 1), minFrac: minFrac, maxFrac: maxFrac,
      minSig: numOpt(o, "minimumSignificantDigits", 1, 21, undefined),
      maxSig: numOpt(o, "maximumSignificantDigits", 1, 21, undefined)
    });
    if (this._.minSig !== undefined && this._.maxSig === undefined) this._.maxSig = 21;
    if (this._.maxSig !== undefined && this._.minSig === undefined) this._.minSig = 1;
    if (style === "unit" && !this._.unit) throw new TypeError("Unit is required with unit style.");
  }
  var formatNumberParts = function (s, x) {
    var parts = [], L = s.L;
    x = Number(x);
    if (s.style === "percent") x = x * 100;
    var neg = x < 0 || (x === 0 && 1 / x < 0);
    var sign = "";
    if (s.signDisplay === "always") sign = neg ? "-" : "+";
    else if (s.signDisplay === "exceptZero") sign = x === 0 ? "" : neg ? "-" : "+";
    else if (s.signDisplay === "never") sign = "";
    else sign = neg && x !== 0 ? "-" : "";
    var signPart = sign ? { type: sign === "-" ? "minusSign" : "plusSign", value: sign === "-" ? L.minus : "+" } : null;
    var curValue = "", curSpace = L.curSp;
    if (s.style === "currency" && s.currencyDisplay !== "name") {
      curValue = s.currencyDisplay === "code" ? "" : (L.syms[s.currency] || currencySymbols[s.currency]);
      if (!curValue) { curValue = s.currency; curSpace = NBSP; }
    }
    // signAfterCur: the locale writes the sign between a leading currency
    // and the digits (nl "¤ -#,##0.00").
    var signLate = signPart && curValue && L.curPre && L.signAfterCur;
    if (signPart && !signLate) parts.push(signPart);
    if (curValue && L.curPre) {
      parts.push({ type: "currency", value: curValue });
      if (curSpace) parts.push({ type: "literal", value: curSpace });
    }
    if (signLate) parts.push(signPart);
    if (s.style === "percent" && L.pctPre) parts.push({ type: "percentSign", value: "%" });
    if (x !== x) {
      parts.push({ type: "nan", value: "NaN" });
    } else if (!isFinite(x)) {
      parts.push({ type: "infinity", value: "∞" });
    } else {
      var v = Math.abs(x), suffix = "", o = s;
      if (s.notation === "compact") {
        var units = s.compactDisplay === "long" ?
          [[1e12, " trillion"], [1e9, " billion"], [1e6, " million"], [1e3, " thousand"]] :
          [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
        for (var i = 0; i < units.length; i++) {
          if (v >= units[i][0]) { v = v / units[i][0]; suffix = units[i][1]; break; }
        }
        if (s.maxSig === undefined) {
          o = v < 100 ? { maxSig: 2, minSig: 1, minInt: 1 } : { maxFrac: 0, minFrac: 0, minInt: 1 };
        }
      }
      var f = fixed(v, o);
      var gs = s.useGrouping ? groups(f.int, L) : [f.int];
      gs.forEach(function (g, i) {
        if (i) parts.push({ type: "group", value: L.grp });
        parts.push({ type: "integer", value: g });
      });
      if (f.frac) {
        parts.push({ type: "decimal", value: L.dec }, { type: "fraction", value: f.frac });
      }
      if (suffix.charAt(0) === " ") {
        parts.push({ type: "literal", value: " " }, { type: "compact", value: suffix.slice(1) });
      } else if (suffix) {
        parts.push({ type: "compact", value: suffix });
      }
    }
    if (s.style === "percent" && !L.pctPre) {
      if (L.pct.length > 1) parts.push({ type: "literal", value: L.pct.charAt(0) });
      parts.push({ type: "percentSign", value: "%" });
    }
    if (curValue && !L.curPre) {
      if (curSpace) parts.push({ type: "literal", value: curSpace });
      parts.push({ type: "currency", value: curValue });
    }
    if (s.style === "currency" && s.currencyDisplay === "name") {
      parts.push({ type: "literal", value: " " }, { type: "currency", value: currencyNames[s.currency] || s.currency });
    }
    if (s.style === "unit") {
      var u = s.unitDisplay === "long" ? s.unit + "s" : (shortUnits[s.unit] || s.unit);
      if (u === "%") parts.push({ type: "unit", value: "%" });
      else parts.push({ type: "literal", value: " " }, { type: "unit", value: u });
    }
    return parts;
  };
  define(NumberFormat.prototype, "formatToParts", function (x) { return formatNumberParts(this._, x); });
  Object.defineProperty(NumberFormat.prototype, "format", {
    configurable: true, enumerable: false,
    get: function () {
      var s = this._;
      return function (x) { return formatNumberParts(s, x).map(function (p) { return p.value; }).join(""); };
    }
  });
  define(NumberFormat.prototype, "formatRange", function (a, b) { return this.format(a) + "–" + this.format(b); });
  define(NumberFormat.prototype, "resolvedOptions", function () {
    var s = this._, r = { locale: s.locale, numberingSystem: "latn", style: s.style };
    if (s.currency) { r.currency = s.currency; r.currencyDisplay = s.currencyDisplay; }
    if (s.unit) { r.unit = s.unit; r.unitDisplay = s.unitDisplay; }
    r.minimumIntegerDigits = s.minInt;
    if (s.maxSig !== undefined) { r.minimumSignificantDigits = s.minSig; r.maximumSignificantDigits = s.maxSig; }
    else { r.minimumFractionDigits = s.minFrac; r.maximumFractionDigits = s.maxFrac; }
    r.useGrouping = s.useGrouping ? "auto" : false; r.notation = s.notation; r.signDisplay = s.signDisplay;
    return r;
  });

  // ---- dates ------------------------------------------------------------
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  var DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  var pad2 = function (n) { return (n < 10 ? "0" : "") + n; };
  function DateTimeFormat(locales, options) {
    if (!(this instanceof DateTimeFormat)) return new DateTimeFormat(locales, options);
    var o = options == null ? {} : Object(options);
    var s = {
      weekday: opt(o, "weekday", ["long", "short", "narrow"]),
      era: opt(o, "era", ["long", "short", "narrow"]),
      year: opt(o, "year", ["numeric", "2-digit"]),
      month: opt(o, "month", ["numeric", "2-digit", "long", "short", "narrow"]),
      day: opt(o, "day", ["numeric", "2-digit"]),
      hour: opt(o, "hour", ["numeric", "2-digit"]),
      minute: opt(o, "minute", ["numeric", "2-digit"]),
      second: opt(o, "second", ["numeric", "2-digit"]),
      fractionalSecondDigits: numOpt(o, "fractionalSecondDigits", 1, 3, undefined),
      timeZoneName: opt(o, "timeZoneName", null),
      dateStyle: opt(o, "dateStyle", ["full", "long", "medium", "short"]),
      timeStyle: opt(o, "timeStyle", ["full", "long", "medium", "short"]),
      timeZone: opt(o, "timeZone", null),
      hour12: o.hour12 === undefined ? (o.hourCycle === "h23" || o.hourCycle === "h24" ? false : true) : !!o.hour12,
      hour12Set: o.hour12 !== undefined || o.hourCycle !== undefined
    };
    var loc = resolveLocale(locales);
    s.locale = loc.tag; s.L = loc.L;
    if (s.timeZone && /^(utc|gmt|etc\/utc|etc\/gmt|etc\/uct|uct|zulu|etc\/zulu)$/i.test(s.timeZone)) s.timeZone = "UTC";
    else if (s.timeZone && !(zoneInfo && zoneInfo(s.timeZone, 0))) throw new RangeError("Invalid time zone specified: " + s.timeZone);
    var styled = s.dateStyle || s.timeStyle;
    var any = s.weekday || s.year || s.month || s.day || s.hour || s.minute || s.second || s.fractionalSecondDigits;
    if (styled && any) throw new TypeError("Can't set option " + (s.weekday ? "weekday" : "year") + " when dateStyle is used");
    if (!styled && !any) { s.year = "numeric"; s.month = "numeric"; s.day = "numeric"; }
    if (s.dateStyle === "full") { s.weekday = "long"; s.month = "long"; s.day = "numeric"; s.year = "numeric"; }
    if (s.dateStyle === "long") { s.month = "long"; s.day = "numeric"; s.year = "numeric"; }
    if (s.dateStyle === "medium") { s.month = "short"; s.day = "numeric"; s.year = "numeric"; }
    if (s.dateStyle === "short") { s.month = "numeric"; s.day = "numeric"; s.year = "2-digit"; }
    if (s.timeStyle) { s.hour = "numeric"; s.minute = "2-digit"; if (s.timeStyle !== "short") s.second = "2-digit"; }
    if (s.timeStyle === "long") s.timeZoneName = "short";
    if (s.timeStyle === "full") s.timeZoneName = "long";
    hideState(this, s);
  }
  var fields = function (s, d) {
    if (s.timeZone === "UTC" || (s.timeZone && s.timeZone !== localZone())) {
      var off = 0, abbr = "UTC";
      if (s.timeZone !== "UTC") {
        var zi = zoneInfo(s.timeZone, d.getTime());
        off = zi[0]; abbr = zi[1];
      }
      var u = new Date(d.getTime() + off * 60000);
      return { y: u.getUTCFullYear(), mo: u.getUTCMonth(), d: u.getUTCDate(), wd: u.getUTCDay(), h: u.getUTCHours(), mi: u.getUTCMinutes(), s: u.getUTCSeconds(), ms: u.getUTCMilliseconds(), off: off, abbr: abbr };
    }
    return { y: d.getFullYear(), mo: d.getMonth(), d: d.getDate(), wd: d.getDay(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds(), ms: d.getMilliseconds(), off: -d.getTimezoneOffset() };
  };
  var localZone = function () {
    var off = -new Date(0).getTimezoneOffset();
    if (off === 0) return "UTC";
    var h = Math.abs(off / 60);
    return "Etc/GMT" + (off > 0 ? "-" : "+") + h;
  };
  var formatDateParts = function (s, date) {
    var d = date === undefined ? new Date() : new Date(typeof date === "object" ? date.valueOf() : date);
    if (isNaN(d.getTime())) throw new RangeError("Invalid time value");
    var f = fields(s, d), parts = [];
    if (s.L !== LOCALES.en) return formatDatePartsLocale(s, f);
    var lit = function (v) { parts.push({ type: "literal", value: v }); };
    var add = function (t, v) { parts.push({ type: t, value: String(v) }); };
    var textMonth = s.month === "long" || s.month === "short" || s.month === "narrow";
    var monthName = s.month === "long" ? MONTHS[f.mo] : s.month === "short" ? MONTHS[f.mo].slice(0, 3) : MONTHS[f.mo][0];
    var year = s.year === "2-digit" ? pad2(f.y % 100) : f.y;
    var hasDate = s.year || s.month || s.day || s.weekday;
    if (s.weekday) { add("weekday", s.weekday === "long" ? DAYS[f.wd] : s.weekday === "short" ? DAYS[f.wd].slice(0, 3) : DAYS[f.wd][0]); if (s.month || s.day || s.year) lit(", "); }
    if (textMonth) {
      add("month", monthName);
      if (s.day) { lit(" "); add("day", s.day === "2-digit" ? pad2(f.d) : f.d); }
      if (s.year) { lit(s.day ? ", " : " "); add("year", year); }
    } else if (s.month || s.day || s.year) {
      var seq = [];
      if (s.month) seq.push(["month", s.month === "2-digit" ? pad2(f.mo + 1) : f.mo + 1]);
      if (s.day) seq.push(["day", s.day === "2-digit" ? pad2(f.d) : f.d]);
      if (s.year) seq.push(["year", year]);
      seq.forEach(function (p, i) { if (i) lit("/"); add(p[0], p[1]); });
    }
    if (s.hour || s.minute || s.second) {
      // A weekday alone before the time takes a space ("Saturday 2:00 PM").
      if (hasDate) lit(s.dateStyle === "full" || s.dateStyle === "long" ? " at " : s.year || s.month || s.day ? ", " : " ");
      var h = f.h;
      if (s.hour) {
        var hv = s.hour12 ? (h % 12 === 0 ? 12 : h % 12) : h;
        add("hour", s.hour === "2-digit" || (!s.hour12 && (s.minute || s.second)) ? pad2(hv) : hv);
      }
      if (s.minute) { if (s.hour) lit(":"); add("minute", s.hour || s.minute === "2-digit" ? pad2(f.mi) : f.mi); }
      if (s.second) { if (s.hour || s.minute) lit(":"); add("second", s.hour || s.minute || s.second === "2-digit" ? pad2(f.s) : f.s); }
      if (s.fractionalSecondDigits) { lit("."); add("fractionalSecond", String(1000 + f.ms).slice(1, 1 + s.fractionalSecondDigits)); }
      if (s.hour && s.hour12) { lit(" "); add("dayPeriod", h < 12 ? "AM" : "PM"); }
      if (s.timeZoneName) {
        lit(" ");
        add("timeZoneName", zoneName(s, f));
      }
    }
    return parts;
  };
  // zoneName names the zone of fields f: UTC, the zone's own alphabetic
  // abbreviation (EST), or GMT with the offset.
  var zoneName = function (s, f) {
    if (f.off === 0 && (!f.abbr || f.abbr === "UTC" || f.abbr === "GMT")) return s.timeZoneName === "long" ? "Coordinated Universal Time" : "UTC";
    if (s.L === LOCALES.en && /^(E|C|M|P|AK)[SD]T$|^HST$/.test(f.abbr || "")) return f.abbr; // en-US names only US zones
    var h = Math.floor(Math.abs(f.off) / 60), m = Math.abs(f.off) % 60;
    return "GMT" + (f.off < 0 ? "-" : "+") + h + (m ? ":" + pad2(m) : "");
  };
  // formatDatePartsLocale formats with a locale's patterns (any locale
  // but en-US).
  var formatDatePartsLocale = function (s, f) {
    var L = s.L, parts = [];
    var lit = function (v) { if (v) parts.push({ type: "literal", value: v }); };
    var add = function (t, v) { parts.push({ type: t, value: String(v) }); };
    var textMonth = s.month === "long" || s.month === "short" || s.month === "narrow";
    var pattern = "";
    if (s.dateStyle === "short" && L.short) {
      pattern = L.short;
    } else if (textMonth) {
      if (s.dateStyle === "medium") pattern = L.medium;
      else if (s.weekday && s.day && s.year) pattern = L.full;
      else if (s.day && s.year) pattern = s.month !== "long" && L.yMMMd || L.long;
      else if (s.year) pattern = L.monthYear;
      else if (s.day) pattern = s.month !== "long" && L.MMMd || L.monthDay;
      else pattern = "MMMM";
      if (s.month !== "long" && s.dateStyle !== "medium") pattern = pattern.replace("MMMM", "MMM");
      // CLDR's MMMEd and yMMMEd: the weekday before the date, after a
      // comma or, in some locales, a space ("Tue 7 May", "Di., 7. Mai").
      if (s.weekday && pattern.indexOf("E") < 0 && s.day && !s.year && L.MMMEd) pattern = L.MMMEd;
      else if (s.weekday && pattern.indexOf("E") < 0) pattern = (s.weekday === "long" ? "EEEE" : "EEE") + (L.wdJoin || ", ") + pattern;
    } else if (s.year || s.month || s.day) {
      pattern = numericPattern(L.date, s);
      if (s.weekday) pattern = "EEEE, " + pattern;
    } else if (s.weekday) {
      pattern = "EEEE";
    }
    var i = 0;
    while (i < pattern.length) {
      var c = pattern.charAt(i), j;
      if (c === "'") {
        j = pattern.indexOf("'", i + 1);
        lit(pattern.slice(i + 1, j));
        i = j + 1;
        continue;
      }
      if ("yMdE".indexOf(c) >= 0) {
        j = i;
        while (pattern.charAt(j) === c) j++;
        var n = j - i;
        // dateStyle short asks for year "2-digit", but its pattern (y or
        // yy) decides: en-GB "30/05/2026", de "30.05.26".
        if (c === "y") add("year", n === 2 || (s.year === "2-digit" && s.dateStyle !== "short") ? pad2(f.y % 100) : f.y);
        else if (c === "M") add("month", n >= 4 ? L.months[f.mo] : n === 3 ? (L.shortMonths || L.months.map(function (m) { return m.slice(0, 3); }))[f.mo] : (n === 2 || s.month === "2-digit" ? pad2(f.mo + 1) : f.mo + 1));
        else if (c === "d") add("day", n === 2 || s.day === "2-digit" ? pad2(f.d) : f.d);
        else add("weekday", s.weekday === "long" || n >= 4 && s.weekday !== "short" ? L.days[f.wd] : (L.shortDays || L.days.map(function (x) { return x.slice(0, 3); }))[f.wd]);
        i = j;
        continue;
      }
      j = i;
      while (j < pattern.length && "yMdE'".indexOf(pattern.charAt(j)) < 0) j++;
      lit(pattern.slice(i, j));
      i = j;
    }
    if (s.hour || s.minute || s.second) {
      // CLDR's dateTimeFormats: long and full dates take the locale's
      // "at" pattern ("30 May 2026 at 08:15", "30. Mai 2026 um 08:15").
      var atTime = (s.dateStyle === "full" && L.atFull) || ((s.dateStyle === "full" || s.dateStyle === "long") && L.at);
      if (parts.length) lit(atTime || (s.dateStyle === "medium" && L.joinMedium) || (s.weekday && !s.year && !s.month && !s.day && s.minute && !weekdayComma[s.locale.toLowerCase().split("-")[0]] ? " " : L.join));
      var h12 = s.hour12Set ? s.hour12 : L.time12, h = f.h;
      // hourNoPad: the locale's 24-hour pattern is H:mm (es, ja: "8:15").
      if (s.hour) add("hour", h12 ? (h % 12 === 0 ? 12 : h % 12) : (s.hour === "2-digit" || (s.minute || s.second) && !L.hourNoPad ? pad2(h) : h));
      if (s.minute) { if (s.hour) lit(":"); add("minute", pad2(f.mi)); }
      if (s.second) { if (s.hour || s.minute) lit(":"); add("second", pad2(f.s)); }
      if (s.hour && h12) { lit(" "); add("dayPeriod", h < 12 ? "AM" : "PM"); }
      if (s.timeZoneName) { lit(" "); add("timeZoneName", zoneName(s, f)); }
    }
    return parts;
  };
  // weekdayComma lists the languages that write a weekday and a time
  // ("EEEE HH:mm" in CLDR's availableFormats) with a comma between them;
  // the others take a space.
  var weekdayComma = { de: true, es: true, pt: true, pl: true };
  // numericPattern keeps the fields of a numeric date pattern that were
  // asked for, with the separators between them.
  var numericPattern = function (pattern, s) {
    var items = pattern.match(/y+|M+|d+|[^yMd]+/g), keep = [];
    var want = { y: !!s.year, M: !!s.month, d: !!s.day };
    for (var i = 0; i < items.length; i++) {
      var c = items[i].charAt(0);
      if ("yMd".indexOf(c) >= 0) {
        if (want[c]) keep.push(items[i]);
        else if (keep.length && "yMd".indexOf(keep[keep.length - 1].charAt(0)) < 0 && i === items.length - 1) keep.pop();
      } else if (keep.length && "yMd".indexOf(keep[keep.length - 1].charAt(0)) >= 0) {
        keep.push(items[i]);
      }
    }
    while (keep.length && "yMd".indexOf(keep[keep.length - 1].charAt(0)) < 0 && pattern.charAt(pattern.length - 1) !== ".") keep.pop();
    return keep.join("");
  };
  define(DateTimeFormat.prototype, "formatToParts", function (d) { return formatDateParts(this._, d); });
  Object.defineProperty(DateTimeFormat.prototype, "format", {
    configurable: true, enumerable: false,
    get: function () {
      var s = this._;
      return function (d) { return formatDateParts(s, d).map(function (p) { return p.value; }).join(""); };
    }
  });
  define(DateTimeFormat.prototype, "formatRange", function (a, b) { return this.format(a) + " – " + this.format(b); });
  define(DateTimeFormat.prototype, "resolvedOptions", function () {
    var s = this._, r = { locale: s.locale, calendar: "gregory", numberingSystem: "latn", timeZone: s.timeZone || localZone() };
    ["weekday", "year", "month", "day", "hour", "minute", "second", "dateStyle", "timeStyle"].forEach(function (k) { if (s[k]) r[k] = s[k]; });
    if (s.hour) { var h12 = s.L === LOCALES.en || s.hour12Set ? s.hour12 : s.L.time12; r.hourCycle = h12 ? "h12" : "h23"; r.hour12 = h12; }
    return r;
  });

  // ---- the rest ---------------------------------------------------------
  // Collation tailorings (CLDR) of the languages whose alphabets end after
  // z: each letter is written as a Greek one, which the root collation
  // (String.prototype.localeCompare) puts after every Latin letter, in the
  // tailored order; a letter that only differs by its accent from another
  // gets that letter plus a combining diaeresis (a secondary difference).
  // https://www.unicode.org/cldr/charts/latest/collation/
  var nordic = { "æ": "α", "ä": "α\u0308", "ø": "β", "ö": "β\u0308", "å": "γ" };
  var swedish = { "å": "α", "ä": "β", "æ": "β\u0308", "ö": "γ", "ø": "γ\u0308" };
  var tailorings = { da: nordic, nb: nordic, nn: nordic, no: nordic, sv: swedish, fi: swedish };
  var tailor = function (t, str) {
    return str.replace(/[æäøöåÆÄØÖÅ]/g, function (c) {
      var lower = c.toLowerCase(), g = t[lower];
      return c === lower ? g : g.charAt(0).toUpperCase() + g.slice(1);
    });
  };
  function Collator(locales, options) {
    if (!(this instanceof Collator)) return new Collator(locales, options);
    var o = options == null ? {} : Object(options);
    var first = locales === undefined ? "" : typeof locales === "string" ? locales : String(Array.from(locales)[0] || "");
    var lang = first.toLowerCase().split(/[-_]/)[0];
    hideState(this, { numeric: !!o.numeric, sensitivity: opt(o, "sensitivity", ["base", "accent", "case", "variant"], "variant"),
      tailoring: tailorings[lang], locale: tailorings[lang] ? first.replace(/_/g, "-") : LOCALE });
  }
  Object.defineProperty(Collator.prototype, "compare", {
    configurable: true, get: function () {
      var s = this._;
      return function (a, b) {
        a = String(a); b = String(b);
        if (s.tailoring) { a = tailor(s.tailoring, a); b = tailor(s.tailoring, b); }
        if (s.sensitivity === "base" || s.sensitivity === "accent") { a = a.toLowerCase(); b = b.toLowerCase(); }
        if (s.numeric) {
          var ra = a.split(/(\d+)/), rb = b.split(/(\d+)/);
          for (var i = 0; i < Math.min(ra.length, rb.length); i++) {
            if (ra[i] === rb[i]) continue;
            if (i % 2 === 1) return Number(ra[i]) < Number(rb[i]) ? -1 : 1;
            return ra[i].localeCompare(rb[i]);
          }
          return ra.length - rb.length;
        }
        return a.localeCompare(b);
      };
    }
  });
  define(Collator.prototype, "resolvedOptions", function () { return { locale: this._.locale, usage: "sort", sensitivity: this._.sensitivity, numeric: this._.numeric }; });

  // Cardinal plural rules by language (CLDR): n is the number, i its
  // integer part, v its count of visible fraction digits.
  // https://unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html
  var cardinal = {
    en: [["one", "other"], function (n, i, v) { return i === 1 && v === 0 ? "one" : "other"; }],
    fr: [["one", "many", "other"], function (n, i, v) { return i === 0 || i === 1 ? "one" : v === 0 && i !== 0 && i % 1000000 === 0 ? "many" : "other"; }],
    ru: [["few", "many", "one", "other"], function (n, i, v) {
      if (v !== 0) return "other";
      var m10 = i % 10, m100 = i % 100;
      if (m10 === 1 && m100 !== 11) return "one";
      if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return "few";
      return "many";
    }],
    pl: [["few", "many", "one", "other"], function (n, i, v) {
      if (v !== 0) return "other";
      if (i === 1) return "one";
      var m10 = i % 10, m100 = i % 100;
      if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return "few";
      return "many";
    }],
    cs: [["few", "many", "one", "other"], function (n, i, v) { return v !== 0 ? "many" : i === 1 ? "one" : i >= 2 && i <= 4 ? "few" : "other"; }],
    none: [["other"], function () { return "other"; }]
  };
  var pluralLang = { de: "en", nl: "en", it: "en", es: "en", sv: "en", da: "en", nb: "en", fi: "en", el: "en", tr: "en", "pt-pt": "en",
    pt: "fr", uk: "ru", be: "ru", sk: "cs", ja: "none", zh: "none", ko: "none", th: "none", vi: "none", id: "none" };
  function PluralRules(locales, options) {
    if (!(this instanceof PluralRules)) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
    var loc = resolveLocale(locales), tag = loc.tag.toLowerCase(), lang = tag.split("-")[0];
    var key = cardinal[lang] ? lang : pluralLang[tag] || pluralLang[lang] || "en";
    hideState(this, { type: opt(options, "type", ["cardinal", "ordinal"], "cardinal"), locale: loc.tag, rule: cardinal[key], english: key === "en" && lang === "en" });
  }
  define(PluralRules.prototype, "select", function (n) {
    n = Number(n);
    if (!isFinite(n)) return "other";
    if (this._.type === "ordinal") {
      if (!this._.english) return this._.locale.slice(0, 2).toLowerCase() === "fr" && n === 1 ? "one" : "other";
      var m10 = n % 10, m100 = n % 100;
      if (m10 === 1 && m100 !== 11) return "one";
      if (m10 === 2 && m100 !== 12) return "two";
      if (m10 === 3 && m100 !== 13) return "few";
      return "other";
    }
    var a = Math.abs(n), str = String(a), dot = str.indexOf(".");
    var v = dot < 0 || str.indexOf("e") >= 0 ? 0 : str.length - dot - 1;
    return this._.rule[1](a, Math.floor(a), v);
  });
  define(PluralRules.prototype, "resolvedOptions", function () {
    var cats = this._.type === "ordinal" ? (this._.english ? ["few", "one", "two", "other"] : ["other"]) : this._.rule[0];
    return { locale: this._.locale, type: this._.type, pluralCategories: cats.slice() };
  });

  function RelativeTimeFormat(locales, options) {
    if (!(this instanceof RelativeTimeFormat)) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
    hideState(this, { numeric: opt(options, "numeric", ["always", "auto"], "always"), style: opt(options, "style", ["long", "short", "narrow"], "long") });
  }
  var nf = new NumberFormat();
  define(RelativeTimeFormat.prototype, "format", function (v, unit) {
    v = Number(v); unit = String(unit).replace(/s$/, "");
    if (["second", "minute", "hour", "day", "week", "month", "quarter", "year"].indexOf(unit) < 0) throw new RangeError("Invalid unit argument for format() '" + unit + "'");
    if (this._.numeric === "auto") {
      var words = { day: ["yesterday", "today", "tomorrow"], year: ["last year", "this year", "next year"], month: ["last month", "this month", "next month"], week: ["last week", "this week", "next week"], quarter: ["last quarter", "this quarter", "next quarter"] };
      if (words[unit] && (v === -1 || v === 0 || v === 1)) return words[unit][v + 1];
      if (unit === "second" && v === 0) return "now";
    }
    var abs = Math.abs(v), short = { second: "sec.", minute: "min.", hour: "hr.", day: "day", week: "wk.", month: "mo.", quarter: "qtr.", year: "yr." };
    var name = this._.style === "long" ? unit + (abs === 1 ? "" : "s") : (short[unit] === "day" ? (abs === 1 ? "day" : "days") : short[unit]);
    var n = nf.format(abs);
    return (v < 0 || (v === 0 && 1 / v < 0)) ? n + " " + name + " ago" : "in " + n + " " + name;
  });
  define(RelativeTimeFormat.prototype, "resolvedOptions", function () { return { locale: LOCALE, style: this._.style, numeric: this._.numeric, numberingSystem: "latn" }; });

  // listWords: a language's "and" and "or", and whether it puts a comma
  // before them in lists of three or more (the serial comma of English).
  var listWords = {
    en: ["and", "or", true], de: ["und", "oder"], fr: ["et", "ou"], es: ["y", "o"], it: ["e", "o"], pt: ["e", "ou"],
    nl: ["en", "of"], sv: ["och", "eller"], da: ["og", "eller"], nb: ["og", "eller"], pl: ["i", "lub"], ru: ["и", "или"]
  };
  function ListFormat(locales, options) {
    if (!(this instanceof ListFormat)) throw new TypeError("Constructor Intl.ListFormat requires 'new'");
    var loc = resolveLocale(locales), lang = loc.tag.toLowerCase().split("-")[0];
    hideState(this, { type: opt(options, "type", ["conjunction", "disjunction", "unit"], "conjunction"), style: opt(options, "style", ["long", "short", "narrow"], "long"),
      locale: loc.tag, lang: listWords[lang] || lang === "ja" || lang === "zh" ? lang : "en" });
  }
  define(ListFormat.prototype, "format", function (list) {
    var a = Array.from(list, String), s = this._;
    if (a.length < 2) return a.join("");
    if (s.lang === "ja" || s.lang === "zh") {
      if (s.type === "disjunction") return a.slice(0, -1).join("、") + (s.lang === "ja" ? "、または" : "或") + a[a.length - 1];
      return s.lang === "zh" && s.type === "conjunction" ? a.slice(0, -1).join("、") + "和" + a[a.length - 1] : a.join("、");
    }
    var words = listWords[s.lang];
    if (s.type === "unit") return a.join(s.style === "narrow" ? " " : ", ");
    var word = s.type === "disjunction" ? words[1] : (s.lang === "en" && s.style !== "long" ? "&" : words[0]);
    if (a.length === 2) return a[0] + " " + word + " " + a[1];
    return a.slice(0, -1).join(", ") + (words[2] ? ", " : " ") + word + " " + a[a.length - 1];
  });
  define(ListFormat.prototype, "resolvedOptions", function () { return { locale: this._.locale, type: this._.type, style: this._.style }; });

  function Segmenter(locales, options) {
    if (!(this instanceof Segmenter)) throw new TypeError("Constructor Intl.Segmenter requires 'new'");
    hideState(this, { granularity: opt(options, "granularity", ["grapheme", "word", "sentence"], "grapheme") });
  }
  define(Segmenter.prototype, "segment", function (input) {
    var s = String(input), g = this._.granularity, out = [], re = g === "word" ? /\w+|\s+|[^\w\s]/g : g === "sentence" ? /[^.!?]+[.!?]*\s*/g : /[\s\S]/gu, m;
    while ((m = re.exec(s)) !== null) {
      var seg = { segment: m[0], index: m.index, input: s };
      if (g === "word") seg.isWordLike = /\w/.test(m[0]);
      out.push(seg);
    }
    return out;
  });

  // DisplayNames answers in English whatever the display locale: names of
  // common languages (and dialects), regions, currencies and scripts;
  // other well-formed codes fall back to the code (or undefined).
  // https://tc39.es/ecma402/#intl-displaynames-objects
  var displayNames = {
    language: { af: "Afrikaans", ar: "Arabic", bg: "Bulgarian", bn: "Bangla", ca: "Catalan", cs: "Czech", cy: "Welsh", da: "Danish",
      de: "German", el: "Greek", en: "English", es: "Spanish", et: "Estonian", eu: "Basque", fa: "Persian", fi: "Finnish", fo: "Faroese",
      fr: "French", ga: "Irish", gl: "Galician", he: "Hebrew", hi: "Hindi", hr: "Croatian", hu: "Hungarian", id: "Indonesian",
      is: "Icelandic", it: "Italian", ja: "Japanese", ko: "Korean", lt: "Lithuanian", lv: "Latvian", mk: "Macedonian", ms: "Malay",
      nb: "Norwegian Bokmål", nl: "Dutch", nn: "Norwegian Nynorsk", no: "Norwegian", pl: "Polish", pt: "Portuguese", ro: "Romanian",
      ru: "Russian", se: "Northern Sami", sk: "Slovak", sl: "Slovenian", sq: "Albanian", sr: "Serbian", sv: "Swedish", sw: "Swahili",
      ta: "Tamil", th: "Thai", tr: "Turkish", uk: "Ukrainian", ur: "Urdu", vi: "Vietnamese", zh: "Chinese", zu: "Zulu" },
    dialect: { "en-US": "American English", "en-GB": "British English", "en-AU": "Australian English", "en-CA": "Canadian English",
      "fr-CA": "Canadian French", "pt-BR": "Brazilian Portuguese", "pt-PT": "European Portuguese", "es-MX": "Mexican Spanish",
      "es-419": "Latin American Spanish", "zh-Hans": "Simplified Chinese", "zh-Hant": "Traditional Chinese", "de-AT": "Austrian German",
      "de-CH": "Swiss High German", "nl-BE": "Flemish" },
    region: { "001": "world", "150": "Europe", "419": "Latin America", AR: "Argentina", AT: "Austria", AU: "Australia", BE: "Belgium",
      BR: "Brazil", CA: "Canada", CH: "Switzerland", CL: "Chile", CN: "China", CO: "Colombia", CZ: "Czechia", DE: "Germany",
      DK: "Denmark", EE: "Estonia", EG: "Egypt", ES: "Spain", EU: "European Union", FI: "Finland", FO: "Faroe Islands", FR: "France",
      GB: "United Kingdom", GR: "Greece", HK: "Hong Kong SAR China", HU: "Hungary", IE: "Ireland", IL: "Israel", IN: "India",
      IS: "Iceland", IT: "Italy", JP: "Japan", KR: "South Korea", LT: "Lithuania", LV: "Latvia", MX: "Mexico", NG: "Nigeria",
      NL: "Netherlands", NO: "Norway", NZ: "New Zealand", PH: "Philippines", PK: "Pakistan", PL: "Poland", PT: "Portugal",
      RO: "Romania", RU: "Russia", SA: "Saudi Arabia", SE: "Sweden", SG: "Singapore", TR: "Türkiye", TW: "Taiwan", UA: "Ukraine",
      US: "United States", ZA: "South Africa" },
    currency: { AUD: "Australian Dollar", BRL: "Brazilian Real", CAD: "Canadian Dollar", CHF: "Swiss Franc", CNY: "Chinese Yuan",
      CZK: "Czech Koruna", DKK: "Danish Krone", EUR: "Euro", GBP: "British Pound", HKD: "Hong Kong Dollar", HUF: "Hungarian Forint",
      INR: "Indian Rupee", ISK: "Icelandic Króna", JPY: "Japanese Yen", KRW: "South Korean Won", MXN: "Mexican Peso",
      NOK: "Norwegian Krone", NZD: "New Zealand Dollar", PLN: "Polish Zloty", RUB: "Russian Ruble", SEK: "Swedish Krona",
      SGD: "Singapore Dollar", TRY: "Turkish Lira", UAH: "Ukrainian Hryvnia", USD: "US Dollar", ZAR: "South African Rand" },
    script: { Arab: "Arabic", Cyrl: "Cyrillic", Grek: "Greek", Hans: "Simplified", Hant: "Traditional", Hebr: "Hebrew",
      Jpan: "Japanese", Kore: "Korean", Latn: "Latin", Thai: "Thai" }
  };
  function DisplayNames(locales, options) {
    if (!(this instanceof DisplayNames)) throw new TypeError("Constructor Intl.DisplayNames requires 'new'");
    var type = opt(options, "type", ["language", "region", "script", "currency", "calendar", "dateTimeField"], undefined);
    if (type === undefined) throw new TypeError("invalid_argument");
    hideState(this, { locale: resolveLocale(locales).tag, type: type, style: opt(options, "style", ["narrow", "short", "long"], "long"),
      fallback: opt(options, "fallback", ["code", "none"], "code"), languageDisplay: opt(options, "languageDisplay", ["dialect", "standard"], "dialect") });
  }
  define(DisplayNames.prototype, "of", function (code) {
    var s = this._, c = String(code), name;
    if (s.type === "language") {
      var parts = c.split(/[-_]/);
      if (!/^[a-z]{2,3}$/i.test(parts[0]) || parts.some(function (p) { return !/^[a-z0-9]{1,8}$/i.test(p); })) throw new RangeError("invalid_argument");
      var lang = parts[0].toLowerCase(), script, region;
      parts.slice(1).forEach(function (p) {
        if (p.length === 4 && /^[a-z]+$/i.test(p)) script = p.charAt(0).toUpperCase() + p.slice(1).toLowerCase();
        else if (/^([a-z]{2}|\d{3})$/i.test(p)) region = p.toUpperCase();
      });
      c = [lang, script, region].filter(Boolean).join("-");
      name = s.languageDisplay === "dialect" && displayNames.dialect[c];
      if (!name && displayNames.language[lang]) {
        var extra = [script && displayNames.script[script], region && displayNames.region[region]].filter(Boolean);
        name = displayNames.language[lang] + (extra.length ? " (" + extra.join(", ") + ")" : "");
      }
    } else if (s.type === "region") {
      if (!/^([a-z]{2}|\d{3})$/i.test(c)) throw new RangeError("invalid_argument");
      name = displayNames.region[c]; // Chromium finds only the canonical case ("NO", not "no")
    } else if (s.type === "currency") {
      if (!/^[a-z]{3}$/i.test(c)) throw new RangeError("invalid_argument");
      name = displayNames.currency[c.toUpperCase()];
    } else if (s.type === "script") {
      if (!/^[a-z]{4}$/i.test(c)) throw new RangeError("invalid_argument");
      name = displayNames.script[c]; // only "Latn", as Chromium
    }
    return name || (s.fallback === "code" ? c : undefined);
  });
  define(DisplayNames.prototype, "resolvedOptions", function () {
    var s = this._, r = { locale: s.locale, style: s.style, type: s.type, fallback: s.fallback };
    if (s.type === "language") r.languageDisplay = s.languageDisplay;
    return r;
  });

  var Intl = {};
  [["NumberFormat", NumberFormat], ["DateTimeFormat", DateTimeFormat], ["Collator", Collator], ["PluralRules", PluralRules],
   ["RelativeTimeFormat", RelativeTimeFormat], ["ListFormat", ListFormat], ["Segmenter", Segmenter], ["DisplayNames", DisplayNames]].forEach(function (p) {
    define(p[1], "supportedLocalesOf", function (l) { return l === undefined ? [] : [].concat(l).map(String); });
    Object.defineProperty(p[1].prototype, Symbol.toStringTag, { value: "Intl." + p[0], configurable: true });
    define(Intl, p[0], p[1]);
  });
  define(Intl, "getCanonicalLocales", function (l) { return l === undefined ? [] : [].concat(l).map(String); });
  define(Intl, "supportedValuesOf", function () { return []; });
  function Locale(tag) {
    if (!(this instanceof Locale)) throw new TypeError("Constructor Intl.Locale requires 'new'");
    var parts = String(tag).split(/[-_]/);
    this.baseName = String(tag); this.language = parts[0]; this.region = parts.length > 1 ? parts[parts.length - 1].toUpperCase() : undefined;
  }
  define(Locale.prototype, "toString", function () { return this.baseName; });
  define(Locale.prototype, "maximize", function () { return this; });
  define(Locale.prototype, "minimize", function () { return this; });
  define(Intl, "Locale", Locale);
  Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });
  define(global, "Intl", Intl);

  // toLocaleString and friends, as Chromium prints them for en-US.
  var defaultNF = new NumberFormat();
  define(Number.prototype, "toLocaleString", function toLocaleString(locales, options) {
    var x = Number.prototype.valueOf.call(this);
    return options === undefined && locales === undefined ? defaultNF.format(x) : new NumberFormat(locales, options).format(x);
  });
  var dateLocale = function (name, defaults, required) {
    define(Date.prototype, name, function (locales, options) {
      var t = Date.prototype.getTime.call(this);
      if (t !== t) return "Invalid Date";
      var o = {}, k, any = false;
      if (options != null) for (k in options) { o[k] = options[k]; if (required.indexOf(k) >= 0 || (k === "dateStyle" || k === "timeStyle")) any = true; }
      if (!any) for (k in defaults) o[k] = defaults[k];
      return new DateTimeFormat(locales, o).format(this);
    });
  };
  var dateKeys = ["weekday", "year", "month", "day"], timeKeys = ["hour", "minute", "second", "dayPeriod", "fractionalSecondDigits"];
  dateLocale("toLocaleDateString", { year: "numeric", month: "numeric", day: "numeric" }, dateKeys);
  dateLocale("toLocaleTimeString", { hour: "numeric", minute: "2-digit", second: "2-digit" }, timeKeys);
  dateLocale("toLocaleString", { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" }, dateKeys.concat(timeKeys));
  if (typeof BigInt === "function") {
    define(BigInt.prototype, "toLocaleString", function () { return group(BigInt.prototype.toString.call(this).replace(/^-/, "")).replace(/^/, this < 0 ? "-" : ""); });
  }
  return Intl;
  }
})(globalThis);
