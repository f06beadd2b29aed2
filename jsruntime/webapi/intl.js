// A small Intl for goja, which has none: formatting of numbers, dates,
// plurals, relative times and lists (and English display names of
// languages, regions, currencies and scripts), the subset pages use to render prices,
// counts and dates. The locale data (number symbols, grouping and
// templates, date patterns by skeleton and style, month, day and period
// names, zone formats, plural categories, relative-time and list words)
// comes from intl_locales.js and intl_locales.txt, generated from Chromium's ICU by
// intlgen/gen.mjs for about seventy locales; other locales are answered as
// their language's entry, or as en-US (see KNOWN_GAPS). Number and Date
// toLocale*String are redefined on top of it so that they print what
// Chromium prints.
(function (global) {
  "use strict";
  if (typeof global.Intl !== "undefined") return;
  // host("zone", zone, ms) -> [offset minutes east of UTC, abbreviation] or
  // undefined for an unknown zone, host("collator", ...) a compare
  // function, host("locale", key) a locale's strings (intl_locales.txt):
  // a Go function InstallPolyfills lends for the duration of this script.
  // hideState keeps a formatter's options in a non-enumerable own
  // property: Object.keys(new Intl.NumberFormat()) is [] as in a browser
  // (deep-equal and clone helpers walk own enumerable keys).
  var hideState = function (o, s) {
    Object.defineProperty(o, "_", { value: s, writable: true, configurable: true, enumerable: false });
  };
  var host = global.__bangsnapIntlHost;
  delete global.__bangsnapIntlHost;
  // intlLocales returns intl_locales.js's tables (that script runs just
  // before this one); build calls it.
  var intlLocales = global.__bangsnapIntlLocales;
  delete global.__bangsnapIntlLocales;
  // Building Intl costs about a millisecond, so it is built on first use:
  // the first read of Intl or call of a toLocale*String.
  var built = null;
  // native(obj, names...) tells Function.prototype.toString that these
  // methods of obj (with no names, the whole tree of obj) are built-ins.
  var native = function () { if (host) host.apply(null, ["native"].concat(Array.prototype.slice.call(arguments))); };
  var localeMethods = function () {
    native(Number.prototype, "toLocaleString");
    native(Date.prototype, "toLocaleString", "toLocaleDateString", "toLocaleTimeString");
    if (typeof BigInt === "function") native(BigInt.prototype, "toLocaleString");
  };
  // The global is a data property to every script from the start: with a
  // realm, Go's defineLazy gives it a placeholder that settles on first
  // read or inspection; without one, it builds now.
  var ensure = function () {
    if (!built) {
      built = build();
      native(built);
      localeMethods();
    }
    return built;
  };
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
  var defineNow = function (obj, name, value) {
    Object.defineProperty(obj, name, { value: value, writable: true, configurable: true, enumerable: false });
  };
  // Array.prototype.toLocaleString passes its locales and options on to
  // each element (ECMA-402 19.5.1).
  defineNow(Array.prototype, "toLocaleString", function toLocaleString() {
    var o = Object(this), n = o.length >>> 0, out = [], args = arguments;
    for (var i = 0; i < n; i++) {
      var e = o[i];
      out.push(e == null ? "" : String(Object(e).toLocaleString.apply(e, args)));
    }
    return out.join(",");
  });
  // localeCompare with locales or options compares as an Intl.Collator
  // (built on that first call; the last few are kept); without them it
  // stays goja's own (the root collation).
  var nativeLocaleCompare = String.prototype.localeCompare, collators = [];
  // (This wrapper costs every page ~37 allocations, 3 KB.)
  defineNow(String.prototype, "localeCompare", function localeCompare(that, locales, options) {
    if (locales === undefined && options === undefined) return nativeLocaleCompare.call(this, that);
    if (this == null) throw new TypeError("String.prototype.localeCompare called on null or undefined");
    var key = JSON.stringify([locales, options]), c = null;
    for (var i = 0; i < collators.length; i++) if (collators[i][0] === key) { c = collators[i][1]; break; }
    if (!c) {
      c = new (ensure().Collator)(locales, options).compare;
      collators.unshift([key, c]);
      if (collators.length > 8) collators.pop();
    }
    return c(String(this), String(that));
  });
  // toLocaleUpperCase and toLocaleLowerCase with the language-specific
  // mappings of SpecialCasing.txt: Turkish and Azeri dotted and dotless i,
  // Lithuanian's dot above kept on lowercase i before accents.
  var caseLang = function (locales) {
    var l = locales === undefined ? "" : typeof locales === "string" ? locales : String(Array.from(locales)[0] || "");
    return l.toLowerCase().split(/[-_]/)[0];
  };
  var upper = String.prototype.toUpperCase, lower = String.prototype.toLowerCase;
  // caseString is ToString of the receiver: a Symbol throws (String()
  // would name it)
  var caseString = function (v) {
    if (typeof v === "symbol") throw new TypeError("Cannot convert a Symbol value to a string");
    return String(v);
  };
  defineNow(String.prototype, "toLocaleUpperCase", function toLocaleUpperCase(locales) {
    if (this == null) throw new TypeError("String.prototype.toLocaleUpperCase called on null or undefined");
    // without locales, the root mappings are toUpperCase's (which does
    // ToString of its receiver): search filters call this for every item
    if (locales === undefined) return upper.call(this);
    var s = caseString(this), lang = caseLang(locales);
    if (lang === "tr" || lang === "az") s = s.replace(/i/g, "\u0130");
    else if (lang === "lt") s = s.replace(/([iIjJ\u012f\u012e])\u0307/g, "$1");
    return upper.call(s);
  });
  defineNow(String.prototype, "toLocaleLowerCase", function toLocaleLowerCase(locales) {
    if (this == null) throw new TypeError("String.prototype.toLocaleLowerCase called on null or undefined");
    if (locales === undefined) return lower.call(this);
    var s = caseString(this), lang = caseLang(locales);
    if (lang === "tr" || lang === "az") s = s.replace(/\u0130/g, "i").replace(/I\u0307/g, "i").replace(/I/g, "\u0131");
    else if (lang === "lt") s = s.replace(/([IJ\u012e])(?=[\u0300-\u036f])/g, function (c) { return lower.call(c) + "\u0307"; });
    return lower.call(s);
  });

  localeMethods();
  native(Array.prototype, "toLocaleString");
  native(String.prototype, "localeCompare", "toLocaleUpperCase", "toLocaleLowerCase");
  // Last, after the stubs: without a realm this builds Intl now, which
  // replaces them.
  global.__bangsnapDefineLazy(global, ["Intl"], function () { return { Intl: ensure() }; });

  function build() {
  var zoneInfo = host && function (zone, ms) { return host("zone", zone, ms); };
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
  // canonTag checks a language tag (BCP 47) and gives it canonical case:
  // de-latn-de -> de-Latn-DE. It throws a RangeError for a bad tag.
  var canonTag = function (tag) {
    if (typeof tag !== "string" && (typeof tag !== "object" || tag === null)) throw new TypeError("Language ID should be string or object.");
    var t = String(tag);
    if (!/^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?(-([a-z\d]{5,8}|\d[a-z\d]{3}))*(-[a-wyz\d](-[a-z\d]{2,8})+)*(-x(-[a-z\d]{1,8})+)?$/i.test(t) && !/^[a-z]{4,8}$/i.test(t)) {
      throw new RangeError("Incorrect locale information provided");
    }
    var parts = t.toLowerCase().split("-"), ext = false;
    for (var i = 1; i < parts.length; i++) {
      if (parts[i].length === 1) ext = true;
      if (ext) continue;
      if (parts[i].length === 4 && /^[a-z]/.test(parts[i])) parts[i] = parts[i].charAt(0).toUpperCase() + parts[i].slice(1);
      else if (parts[i].length === 2 || /^\d{3}$/.test(parts[i])) parts[i] = parts[i].toUpperCase();
    }
    var aliases = { iw: "he", in: "id", ji: "yi", jw: "jv", mo: "ro", tl: "fil" };
    if (aliases[parts[0]]) parts[0] = aliases[parts[0]];
    return parts.join("-");
  };
  // localeList is CanonicalizeLocaleList: holes are skipped, duplicates
  // dropped. A string seen before is not parsed again and a tag is looked
  // up in a set, so that a list of 100,000 entries costs 100,000 lookups
  // (Chromium accepts any length; testdata/hostile/intl-huge-options).
  var toLength = function (v) {
    v = Math.floor(Number(v));
    return v > 0 ? Math.min(v, 9007199254740991) : 0;
  };
  var localeList = function (locales) {
    if (locales === undefined) return [];
    if (typeof locales === "string" || locales instanceof Locale) locales = [locales];
    var o = Object(locales), n = toLength(o.length), out = [], seen = Object.create(null), canon = Object.create(null);
    for (var i = 0; i < n; i++) {
      if (!(i in o)) continue;
      var x = o[i], t;
      if (x instanceof Locale) t = x.toString();
      else if (typeof x === "string") {
        t = canon["#" + x];
        if (t === undefined) t = canon["#" + x] = canonTag(x);
      } else t = canonTag(x);
      if (seen["#" + t] !== true) {
        seen["#" + t] = true;
        out.push(t);
      }
    }
    return out;
  };
  // dataKey finds the generated locale for a canonical tag: the tag, its
  // language and region, its language and script (zh-Hant), or its
  // language; en-* without data is en.
  var DATA = intlLocales ? intlLocales() : { likely: {}, curDigits: {}, keys: ["en"] };
  // localeStrings is a locale's resolved tag and its eight JSON strings,
  // kept by Go (intl_locales.txt), not by a script (see intl_locales.js).
  var localeStrings = function (key) {
    var raw = host && host("locale", key);
    if (!raw) throw new Error("no Intl data for " + key);
    return raw;
  };
  var dataKeys = {};
  for (var dk = 0; dk < DATA.keys.length; dk++) dataKeys[DATA.keys[dk].toLowerCase()] = DATA.keys[dk];
  var dataKey = function (tag) {
    var p = tag.split("-u-")[0].split("-x-")[0].split("-"), lang = p[0], region, script;
    for (var i = 1; i < p.length; i++) {
      if (p[i].length === 4) script = p[i]; else if (p[i].length === 2 || p[i].length === 3) region = p[i];
    }
    if (lang === "no") lang = "nb"; // Chromium formats "no" as Bokmål
    var tries = [lang + (region ? "-" + region : ""), lang];
    if (lang === "zh" && (script === "Hant" || region === "TW" || region === "HK" || region === "MO")) tries.unshift(region === "HK" || region === "MO" ? "zh-HK" : "zh-TW");
    if (lang === "es" && region && region !== "ES" && /^(AR|BO|CL|CO|CR|CU|DO|EC|GT|HN|NI|PA|PE|PR|PY|SV|US|UY|VE)$/.test(region)) tries.splice(1, 0, "es-419");
    if (lang === "en" && region && region !== "US" && !/^(AS|GU|MH|MP|PR|UM|VI)$/.test(region)) tries.splice(1, 0, "en-GB");
    for (var k = 0; k < tries.length; k++) if (dataKeys[tries[k].toLowerCase()]) return dataKeys[tries[k].toLowerCase()];
    return undefined;
  };
  // Locale data, parsed from its JSON strings section by section the first
  // time a page needs it.
  var cache = {};
  var localeData = function (key) {
    var c = cache[key];
    if (!c) {
      var raw = localeStrings(key);
      c = cache[key] = { key: key, raw: raw, loc: raw[0] };
      var lazy = function (name, i) {
        Object.defineProperty(c, name, { configurable: true, get: function () { var v = JSON.parse(raw[i]); Object.defineProperty(c, name, { value: v }); return v; } });
      };
      lazy("n", 1); lazy("d", 2); lazy("pl", 3); lazy("rt", 4); lazy("ls", 5); lazy("z", 6); lazy("x", 7); lazy("dnRaw", 8);
    }
    return c;
  };
  // resolveLocale picks the first requested locale with data: its exact
  // tag, else its language. It returns the tag to report and the data.
  // A string's answer is kept (a date picker makes a formatter for each
  // of its cells, with one locale; canonTag and dataKey parse it each
  // time), for at most 64 strings.
  var resolvedTags = Object.create(null), resolvedCount = 0;
  var resolveLocale = function (locales) {
    var r = typeof locales === "string" ? resolvedTags["#" + locales] : undefined;
    if (!r) {
      r = resolveList(localeList(locales));
      if (typeof locales === "string" && resolvedCount < 64) resolvedTags["#" + locales] = r, resolvedCount++;
    }
    return { tag: r.tag, L: r.L };
  };
  var resolveList = function (list) {
    for (var i = 0; i < list.length; i++) {
      var key = dataKey(list[i]);
      var tag = list[i].split("-u-")[0];
      if (DATA.coll && DATA.coll.drop.indexOf(tag) >= 0) tag = tag.split("-")[0]; // nb-NO is "nb"
      if (key) return { tag: tag, L: localeData(key) };
    }
    return { tag: LOCALE, L: localeData("en") };
  };
  var EN = function () { return localeData("en"); };
  var NBSP = "\u00a0";
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
  // roundDigits rounds n (of sign neg) keeping `keep` digits, by the
  // ECMA-402 rounding mode (halfExpand unless asked).
  var roundDigits = function (n, keep, mode, neg) {
    if (keep >= n.d.length) return n;
    var rest = keep < 0 ? "0" + n.d : n.d.slice(keep), first = rest.charCodeAt(0) - 48;
    var half = first > 5 || (first === 5 && rest.length > 1) ? 1 : first === 5 ? 0 : -1, up;
    switch (mode) {
      case "ceil": up = !neg; break;
      case "floor": up = neg; break;
      case "expand": up = true; break;
      case "trunc": up = false; break;
      case "halfTrunc": up = half > 0; break;
      case "halfCeil": up = half > 0 || (half === 0 && !neg); break;
      case "halfFloor": up = half > 0 || (half === 0 && neg); break;
      case "halfEven": up = half > 0 || (half === 0 && keep > 0 && (n.d.charCodeAt(keep - 1) - 48) % 2 === 1); break;
      default: up = half >= 0;
    }
    if (keep < 0) return up ? { d: "1", p: n.p - keep + 1 } : { d: "0", p: 1 };
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
  var fixed = function (x, o, mode, neg) {
    var n = typeof x === "string" ? digitsOf(0) : digitsOf(x);
    if (typeof x === "string") { var z = x.replace(/^0+/, ""); n = z ? { d: z.replace(/0+$/, ""), p: z.length } : n; } // a BigInt's digits
    if (o.maxSig !== undefined) {
      n = roundDigits(n, o.maxSig, mode, neg);
    } else {
      n = roundDigits(n, n.p + o.maxFrac, mode, neg);
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
  var currencyNames = { USD: "US dollars", EUR: "euros", GBP: "British pounds", JPY: "Japanese yen" };
  var shortUnits = { kilometer: "km", meter: "m", centimeter: "cm", millimeter: "mm", mile: "mi", foot: "ft", inch: "in",
    kilogram: "kg", gram: "g", pound: "lb", liter: "L", milliliter: "mL", byte: "byte", kilobyte: "kB", megabyte: "MB",
    gigabyte: "GB", terabyte: "TB", second: "sec", minute: "min", hour: "hr", day: "day", week: "wk", month: "mth", year: "yr",
    millisecond: "ms", percent: "%", celsius: "°C", fahrenheit: "°F", "kilometer-per-hour": "km/h", "mile-per-hour": "mph" };
  // groups splits integer digits into the locale's groups: the primary
  // size g1, then g2 (2 in en-IN: 12,34,567), unless the locale wants more
  // digits before it groups at all (es, pl: 1234 but 12.345).
  var groups = function (s, n, mode) {
    if (s.length < n.g1 + (mode === "always" ? 1 : mode === "min2" ? 2 : n.minGrp)) return [s];
    var out = [s.slice(-n.g1)];
    s = s.slice(0, -n.g1);
    while (s.length > n.g2) { out.unshift(s.slice(-n.g2)); s = s.slice(0, -n.g2); }
    if (s) out.unshift(s);
    return out;
  };
  var currencyDigits = function (c) { var d = DATA.curDigits[c]; return d === undefined ? 2 : d; };

  function NumberFormat(locales, options) {
    if (!(this instanceof NumberFormat)) return new NumberFormat(locales, options);
    var o = options == null ? {} : Object(options);
    var loc = resolveLocale(locales);
    var style = opt(o, "style", ["decimal", "percent", "currency", "unit"], "decimal");
    var currency = opt(o, "currency", null, undefined);
    if (currency !== undefined && !/^[a-z]{3}$/i.test(currency)) throw new RangeError("Invalid currency code : " + currency);
    if (style === "currency" && currency === undefined) throw new TypeError("Currency code is required with currency style.");
    if (currency) currency = currency.toUpperCase();
    var notation = opt(o, "notation", ["standard", "compact", "scientific", "engineering"], "standard");
    var cur = style === "currency" ? currencyDigits(currency) : 0;
    var defMax = style === "currency" ? cur : style === "percent" ? 0 : 3;
    var minFrac = numOpt(o, "minimumFractionDigits", 0, 100, undefined);
    var maxFrac = numOpt(o, "maximumFractionDigits", 0, 100, undefined);
    if (minFrac === undefined) minFrac = Math.min(cur, maxFrac === undefined ? cur : maxFrac);
    if (maxFrac === undefined) maxFrac = Math.max(minFrac, defMax);
    if (minFrac > maxFrac) throw new RangeError("maximumFractionDigits value is out of range.");
    hideState(this, {
      locale: loc.tag, L: loc.L,
      style: style, currency: currency,
      currencyDisplay: opt(o, "currencyDisplay", ["symbol", "narrowSymbol", "code", "name"], "symbol"),
      unit: opt(o, "unit", null, undefined), unitDisplay: opt(o, "unitDisplay", ["short", "long", "narrow"], "short"),
      notation: notation,
      compactDisplay: opt(o, "compactDisplay", ["short", "long"], "short"),
      signDisplay: opt(o, "signDisplay", ["auto", "always", "never", "exceptZero", "negative"], "auto"),
      useGrouping: grouping(o.useGrouping, notation),
      currencySign: opt(o, "currencySign", ["standard", "accounting"], "standard"),
      roundingMode: opt(o, "roundingMode", ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"], "halfExpand"),
      trailingZeroDisplay: opt(o, "trailingZeroDisplay", ["auto", "stripIfInteger"], "auto"),
      digitsAsked: o.minimumFractionDigits !== undefined || o.maximumFractionDigits !== undefined || o.minimumSignificantDigits !== undefined || o.maximumSignificantDigits !== undefined,
      minInt: numOpt(o, "minimumIntegerDigits", 1, 21, 1), minFrac: minFrac, maxFrac: maxFrac,
      minSig: numOpt(o, "minimumSignificantDigits", 1, 21, undefined),
      maxSig: numOpt(o, "maximumSignificantDigits", 1, 21, undefined)
    });
    if (this._.minSig !== undefined && this._.maxSig === undefined) this._.maxSig = 21;
    if (this._.maxSig !== undefined && this._.minSig === undefined) this._.minSig = 1;
    if (style === "unit" && !this._.unit) throw new TypeError("Unit is required with unit style.");
  }
  // grouping resolves useGrouping (ECMA-402 GetBooleanOrStringNumberFormatOption):
  // "always", "auto", "min2" or false.
  var grouping = function (v, notation) {
    var def = notation === "compact" ? "min2" : "auto";
    if (v === undefined) return def;
    if (v === true) return "always";
    if (!v) return false;
    v = String(v);
    if (v === "true" || v === "false") return def;
    if (["always", "auto", "min2"].indexOf(v) < 0) throw new RangeError("Value " + v + " out of range for Intl.NumberFormat options property useGrouping");
    return v;
  };
  // withDigits writes the locale's digits (ar-EG's Arabic-Indic, bn's
  // Bengali) in every part but literals.
  var withDigits = function (parts, nu) {
    if (nu) {
      var dg = nu[1];
      for (var i = 0; i < parts.length; i++) {
        if (parts[i].type !== "literal") parts[i].value = parts[i].value.replace(/[0-9]/g, function (c) { return dg.charAt(c.charCodeAt(0) - 48); });
      }
    }
    return parts;
  };
  // A letter next to the digits takes a no-break space (ICU's currency
  // spacing): "CHF 12", "USD 3.00".
  var letterEdge = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/;
  // emitTemplate writes a generated number template ("~#", "~# ¤", "~%#",
  // "~#[K]") as parts: ~ the sign, # the digits, ¤ the currency, % the
  // percent sign, [..] a compact suffix, anything else literal text.
  var emitTemplate = function (t, parts, signPart, digits, curValue, pctSign) {
    var lit = "";
    var flush = function () { if (lit) { parts.push({ type: "literal", value: lit }); lit = ""; } };
    for (var i = 0; i < t.length; i++) {
      var c = t.charAt(i);
      if (c === "~") { if (signPart) { flush(); parts.push.apply(parts, [].concat(signPart)); } }
      else if (c === "#") { flush(); digits(); }
      else if (c === "¤") { flush(); parts.push({ type: "currency", value: curValue }); }
      else if (c === "%") { flush(); parts.push({ type: "percentSign", value: pctSign }); }
      else if (c === "[") { var j = t.indexOf("]", i); flush(); parts.push({ type: "compact", value: t.slice(i + 1, j) }); i = j; }
      else lit += c;
    }
    flush();
  };
  var formatNumberParts = function (s, x, approx) {
    var parts = [], n = s.L.n, big = null;
    // Number(x) of a BigInt beyond 2^63 wraps in goja: through its digits.
    if (typeof x === "bigint") { big = (x < 0 ? -x : x).toString(); x = Number(String(x)); }
    x = Number(x);
    if (s.style === "percent") x = x * 100;
    var neg = x < 0 || (x === 0 && 1 / x < 0);
    var sign = "";
    if (s.signDisplay === "always") sign = neg ? "-" : "+";
    else if (s.signDisplay === "exceptZero") sign = x === 0 || x !== x ? "" : neg ? "-" : "+";
    else if (s.signDisplay === "never") sign = "";
    else if (s.signDisplay === "negative") sign = neg && x !== 0 ? "-" : "";
    else sign = neg && x !== 0 ? "-" : "";
    var signPart = sign ? { type: sign === "-" ? "minusSign" : "plusSign", value: sign === "-" ? n.minus : n.plus } : null;
    // formatRange's "about": the approximately sign where the sign goes.
    if (approx) signPart = [{ type: "approximatelySign", value: approx }].concat(signPart && signPart.type === "minusSign" ? [signPart] : []);
    // A template with ~ where the sign goes; a number without a sign takes
    // the positive one (Hebrew and Arabic mark only the minus with U+200E).
    var P = signPart ? "" : "P";
    var curValue = "", t = n["num" + P];
    if (s.style === "percent") t = n["pct" + P];
    else if (s.style === "currency" && s.currencyDisplay !== "name") {
      curValue = s.currencyDisplay === "code" ? s.currency : (s.currencyDisplay === "narrowSymbol" && n.nsym[s.currency]) || n.sym[s.currency] || s.currency;
      t = s.currencySign === "accounting" && neg && x !== 0 && signPart && n.curAcc || n["cur" + P];
      var at = t.indexOf("¤"), hash = t.indexOf("#");
      var edge = at < hash ? curValue.charAt(curValue.length - 1) : curValue.charAt(0);
      if (letterEdge.test(edge)) t = n["curCode" + P];
    }
    var digits, v = Math.abs(x), o = s, compact = null;
    if (x !== x) digits = function () { parts.push({ type: "nan", value: n.nan }); };
    else if (!isFinite(x)) digits = function () { parts.push({ type: "infinity", value: n.inf }); };
    else {
      var exp = 0, sci = s.notation === "scientific" || s.notation === "engineering";
      if (sci && v !== 0) {
        exp = Math.floor(Math.log10(v));
        if (v / Math.pow(10, exp) >= 10) exp++;
        if (v / Math.pow(10, exp) < 1) exp--;
        if (s.notation === "engineering") exp = Math.floor(exp / 3) * 3;
        v = Number((v / Math.pow(10, exp)).toPrecision(15));
      }
      if (s.notation === "compact" && v >= 1000) {
        var table = n.compact[s.compactDisplay], e = Math.min(Math.floor(Math.log10(v)), 14);
        if (v / Math.pow(10, e) < 1) e--;
        compact = table[e - 3];
        if (compact) v = v / Math.pow(10, compact[0]);
      }
      if (s.notation === "compact" && s.maxSig === undefined && s.maxFrac === (s.style === "currency" ? currencyDigits(s.currency) : s.style === "percent" ? 0 : 3)) {
        o = v < 100 ? { maxSig: 2, minSig: 1, minInt: 1 } : { maxFrac: 0, minFrac: 0, minInt: 1 };
      }
      var f = fixed(big !== null && !sci && !compact && s.style !== "percent" ? big : v, o, s.roundingMode, neg);
      var shown = f.int + (f.frac ? "." + f.frac : "");
      if (sci && f.int.length > (s.notation === "engineering" ? 3 : 1)) { // rounding carried: 9.9995 -> 10.000
        exp += s.notation === "engineering" ? 3 : 1;
        f = fixed(v / (s.notation === "engineering" ? 1000 : 10), o, s.roundingMode, neg);
      }
      if (s.trailingZeroDisplay === "stripIfInteger" && /^0*$/.test(f.frac)) f.frac = "";
      digits = function () {
        var gs = s.useGrouping && !sci ? groups(f.int, n, s.useGrouping) : [f.int];
        gs.forEach(function (g, i) {
          if (i) parts.push({ type: "group", value: s.style === "currency" ? n.curGrp : n.grp });
          parts.push({ type: "integer", value: g });
        });
        if (f.frac) parts.push({ type: "decimal", value: s.style === "currency" ? n.curDec : n.dec }, { type: "fraction", value: f.frac });
        if (sci) {
          parts.push({ type: "exponentSeparator", value: n.exp });
          if (exp < 0) parts.push({ type: "exponentMinusSign", value: n.minus });
          parts.push({ type: "exponentInteger", value: String(Math.abs(exp)) });
        }
      };
      if (compact) {
        var shown = Number(f.int + (f.frac ? "." + f.frac : ""));
        var cat = pluralSelect(s.L, "cardinal", shown);
        t = t.replace("#", compact[1][cat] && compact[1][cat].replace("~", "") || compact[1].other.replace("~", ""));
      }
    }
    emitTemplate(t, parts, signPart, digits, curValue, n.pctSign || "%");
    var named = s.style === "currency" && s.currencyDisplay === "name";
    if ((named || s.style === "unit") && !compact) {
      var wrapped = measureParts(s, parts, named, shown === undefined ? "other" : pluralSelect(s.L, "cardinal", shown));
      if (wrapped) return withDigits(wrapped, n.nu);
    }
    if (named) {
      parts.push({ type: "literal", value: " " }, { type: "currency", value: currencyNames[s.currency] || s.currency });
    }
    if (s.style === "unit") {
      var u = s.unitDisplay === "long" ? s.unit + "s" : (shortUnits[s.unit] || s.unit);
      if (u === "%") parts.push({ type: "unit", value: "%" });
      else parts.push({ type: "literal", value: " " }, { type: "unit", value: u });
    }
    return withDigits(parts, n.nu);
  };
  // measureParts wraps a number's parts in the locale's unit or currency
  // name template for plural category cat (generated tables, section x:
  // u by unit [short, long, narrow], cn by currency and ct the template,
  // each one string or one per plural category); undefined when the
  // tables lack it.
  var measureParts = function (s, inner, named, cat) {
    var X = s.L.x, idx = s.L.pl.cardinal.c.indexOf(cat);
    var pick = function (v) { return typeof v === "string" ? v : v[idx] !== undefined ? v[idx] : v[v.length - 1]; };
    var t, name;
    if (named) {
      if (X.cn[s.currency] === undefined) return undefined;
      t = pick(X.ct); name = pick(X.cn[s.currency]);
    } else {
      var e = X.u[s.unit];
      if (!e) return undefined;
      t = pick(e[s.unitDisplay === "long" ? 1 : s.unitDisplay === "narrow" ? 2 : 0] || e[0]);
      // Short forms: "X" is "# {X}", "#X" "#{X}", "\u00a0X" "#\u00a0{X}".
      if (t.indexOf("{") < 0) {
        var c = t.charAt(0);
        t = c === "#" ? "#{" + t.slice(1) + "}" : c === "\u00a0" || c === "\u202f" ? "#" + c + "{" + t.slice(1) + "}" : "# {" + t + "}";
      }
    }
    var out = [], lit = "";
    var flush = function () { if (lit) { out.push({ type: "literal", value: lit }); lit = ""; } };
    for (var i = 0; i < t.length; i++) {
      var ch = t.charAt(i);
      if (ch === "#") { flush(); out.push.apply(out, inner); }
      else if (ch === "{") { var j = t.indexOf("}", i); flush(); out.push({ type: "unit", value: t.slice(i + 1, j) }); i = j; }
      else if (ch === "\u00a4") { flush(); out.push({ type: "currency", value: name }); }
      else lit += ch;
    }
    flush();
    return out;
  };
  var joinParts = function (parts) { var r = ""; for (var i = 0; i < parts.length; i++) r += parts[i].value; return r; };
  define(NumberFormat.prototype, "formatToParts", function (x) { return formatNumberParts(this._, x); });
  Object.defineProperty(NumberFormat.prototype, "format", {
    configurable: true, enumerable: false,
    get: function () {
      var s = this._;
      return function (x) { return joinParts(formatNumberParts(s, x)); };
    }
  });
  // formatRange (ICU's number range formatter, collapse "auto"): "~5"
  // (the locale's approximately sign) when both ends print the same;
  // else the two numbers around the locale's dash, sharing what stands
  // before and after them (the currency, percent sign or unit) unless that
  // is a single character ("€3 – €5" but "3–5 €"); ends that repeat it take
  // spaces around the dash.
  var NUMERIC = { integer: 1, group: 1, decimal: 1, fraction: 1, exponentSeparator: 1, exponentMinusSign: 1, exponentInteger: 1, nan: 1, infinity: 1, compact: 1 };
  var splitNumber = function (ps) {
    var i = 0, j = ps.length;
    while (i < j && !NUMERIC[ps[i].type]) i++;
    while (j > i && !NUMERIC[ps[j - 1].type]) j--;
    return [ps.slice(0, i), ps.slice(i, j), ps.slice(j)];
  };
  var numRangeParts = function (s, a, b) {
    if (a === undefined || b === undefined) throw new TypeError("start or end is undefined");
    if (Number(a) !== Number(a) || Number(b) !== Number(b)) throw new RangeError("Invalid number value");
    var n = s.L.n, pa = formatNumberParts(s, a), pb = formatNumberParts(s, b);
    var src = function (ps, v) { return ps.map(function (p) { p.source = v; return p; }); };
    if (joinParts(pa) === joinParts(pb)) return src(formatNumberParts(s, a, n.approx || "~"), "shared");
    var sa = splitNumber(pa), sb = splitNumber(pb), affix = joinParts(sa[0]) + joinParts(sa[2]), sep = n.rng || "\u2013";
    var compact = function (ps) { return ps.some(function (p) { return p.type === "compact"; }); };
    if (joinParts(sa[0]) === joinParts(sb[0]) && joinParts(sa[2]) === joinParts(sb[2]) && Array.from(affix).length !== 1 && !compact(pa) && !compact(pb)) {
      return src(sa[0], "shared").concat(src(sa[1], "startRange"), [{ type: "literal", value: sep, source: "shared" }], src(sb[1], "endRange"), src(sb[2], "shared"));
    }
    if (!/\s/.test(sep)) sep = " " + sep + " ";
    return src(pa, "startRange").concat([{ type: "literal", value: sep, source: "shared" }], src(pb, "endRange"));
  };
  define(NumberFormat.prototype, "formatRange", function (a, b) { return joinParts(numRangeParts(this._, a, b)); });
  define(NumberFormat.prototype, "formatRangeToParts", function (a, b) { return numRangeParts(this._, a, b); });
  define(NumberFormat.prototype, "resolvedOptions", function () {
    var s = this._, r = { locale: s.locale, numberingSystem: s.L.n.nu ? s.L.n.nu[0] : "latn", style: s.style };
    if (s.currency) { r.currency = s.currency; r.currencyDisplay = s.currencyDisplay; r.currencySign = s.currencySign; }
    if (s.unit) { r.unit = s.unit; r.unitDisplay = s.unitDisplay; }
    r.minimumIntegerDigits = s.minInt;
    var compactAuto = s.notation === "compact" && !s.digitsAsked;
    if (compactAuto) { r.minimumFractionDigits = 0; r.maximumFractionDigits = 0; r.minimumSignificantDigits = 1; r.maximumSignificantDigits = 2; }
    else if (s.maxSig !== undefined) { r.minimumSignificantDigits = s.minSig; r.maximumSignificantDigits = s.maxSig; }
    else { r.minimumFractionDigits = s.minFrac; r.maximumFractionDigits = s.maxFrac; }
    r.useGrouping = s.useGrouping; r.notation = s.notation;
    if (s.notation === "compact") r.compactDisplay = s.compactDisplay;
    r.signDisplay = s.signDisplay;
    r.roundingIncrement = 1; r.roundingMode = s.roundingMode; r.roundingPriority = compactAuto ? "morePrecision" : "auto"; r.trailingZeroDisplay = s.trailingZeroDisplay;
    return r;
  });

  // ---- dates ------------------------------------------------------------
  var pad2 = function (n) { return (n < 10 ? "0" : "") + n; };
  function DateTimeFormat(locales, options) {
    if (!(this instanceof DateTimeFormat)) return new DateTimeFormat(locales, options);
    var o = options == null ? {} : Object(options);
    var loc = resolveLocale(locales);
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
      timeZoneName: opt(o, "timeZoneName", ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]),
      dateStyle: opt(o, "dateStyle", ["full", "long", "medium", "short"]),
      timeStyle: opt(o, "timeStyle", ["full", "long", "medium", "short"]),
      timeZone: opt(o, "timeZone", null),
      hourCycle: opt(o, "hourCycle", ["h11", "h12", "h23", "h24"])
    };
    if (o.hour12 !== undefined) s.hour12 = !!o.hour12;
    else if (s.hourCycle) s.hour12 = s.hourCycle === "h11" || s.hourCycle === "h12";
    s.locale = loc.tag; s.L = loc.L;
    if (s.timeZone && /^(utc|gmt|etc\/utc|etc\/gmt|etc\/uct|uct|zulu|etc\/zulu)$/i.test(s.timeZone)) s.timeZone = "UTC";
    else if (s.timeZone && !(zoneInfo && zoneInfo(s.timeZone, 0))) throw new RangeError("Invalid time zone specified: " + s.timeZone);
    var styled = s.dateStyle || s.timeStyle;
    var any = s.weekday || s.era || s.year || s.month || s.day || s.hour || s.minute || s.second || s.fractionalSecondDigits || s.timeZoneName;
    if (styled && any) throw new TypeError("Can't set option " + (s.weekday ? "weekday" : "year") + " when " + (s.dateStyle ? "dateStyle" : "timeStyle") + " is used");
    if (!styled && !(s.weekday || s.year || s.month || s.day || s.hour || s.minute || s.second || s.fractionalSecondDigits)) { s.year = "numeric"; s.month = "numeric"; s.day = "numeric"; }
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
  // h12 tells whether the formatter shows a 12-hour clock.
  var h12Of = function (s) {
    if (s.hour12 !== undefined) return s.hour12;
    var hc = s.L.d.hc;
    return hc === "h12" || hc === "h11";
  };
  // dateKey is the generated skeleton for the date fields asked for.
  var dateKey = function (s) {
    return (s.era && s.year ? "G" : "") + (s.weekday ? (s.weekday === "long" ? "EEEE" : "E") : "") + (s.year ? "y" : "") +
      (s.month ? (s.month === "long" ? "MMMM" : s.month === "short" || s.month === "narrow" ? "MMM" : "M") : "") + (s.day ? "d" : "");
  };
  var timeKey = function (s) {
    return (s.hour ? "h" : "") + (s.minute ? "m" : "") + (s.second ? "s" : "") + (s.timeZoneName && (s.hour || s.minute || s.second) ? "z" : "");
  };
  // pattern builds the formatter's pattern once: a style's, or the date
  // skeleton's and the time skeleton's joined by the locale's glue.
  var pattern = function (s) {
    if (s.pattern) return s.pattern;
    var D = s.L.d, st = ["full", "long", "medium", "short"], p;
    if (s.dateStyle || s.timeStyle) {
      var tp = s.timeStyle && D.ts[st.indexOf(s.timeStyle)];
      if (tp && s.hour12 !== undefined && s.hour12 !== h12Of({ L: s.L })) {
        var tt = s.hour12 ? D.t12 : D.t24;
        tp = tt[s.timeStyle === "short" ? "hm" : s.timeStyle === "medium" ? "hms" : "hmsz"];
      }
      var dp = s.dateStyle && D.ds[st.indexOf(s.dateStyle)];
      p = dp && tp ? D.dsGlue[st.indexOf(s.dateStyle)].replace("{1}", dp).replace("{0}", tp) : dp || tp;
      if (s.timeStyle === "full" || s.timeStyle === "long") s.zoneLong = s.timeStyle === "full";
    } else {
      var dk = dateKey(s), tk = timeKey(s), date = "", time = "";
      if (dk) {
        if (!D.p[dk]) dk = dk.replace("G", "");
        if (!D.p[dk]) dk = dk.replace(/^E+/, "");
        date = D.p[dk] || "";
        if (s.era && !s.year) date += " {G}";
      }
      if (tk) {
        var t = s.hour12 === undefined ? D.td : s.hour12 ? D.t12 : D.t24;
        // minute and second "numeric" (the toLocale*String defaults) may
        // pad the hour differently from "2-digit" (de "07:04:09", "7:04").
        var num = (s.minute || s.second) && s.minute !== "2-digit" && s.second !== "2-digit";
        time = num && t[tk + "n"] || t[tk] || t[tk.replace("z", "")] || t.hms;
        if (s.fractionalSecondDigits) time = time.replace(/\{ss?\}/, "$&" + s.L.n.dec + "{S}");
        if (tk === "hz" || tk === "hmz" || tk === "hmsz") s.zoneLong = s.timeZoneName === "long";
      }
      if (date && time) {
        if (D.cd[dk]) date = D.cd[dk];
        var hh = num ? D.hhn[dk] : D.hh[dk];
        if (hh === 1) time = time.replace(/\{([HhKk])\}/, "{$1$1}");
        else if (hh === 0) time = time.replace(/\{([HhKk])\1\}/, "{$1}");
        p = (D.jx[dk] || D.j).replace("{1}", date).replace("{0}", time);
        // ICU's own pattern for this date and time where it is not the two
        // glued (intlgen/collect.js jt), for the locale's hour cycle
        var whole = s.hour12 === undefined && D.jt && D.jt[tk + (num ? "n" : "")];
        if (whole && whole[dk]) {
          p = whole[dk];
          if (s.fractionalSecondDigits) p = p.replace(/\{ss?\}/, "$&" + s.L.n.dec + "{S}");
        }
      } else {
        p = date || time;
      }
      if (s.timeZoneName && !time) { p = D.j.replace("{1}", p).replace("{0}", "{z}"); s.zoneLong = s.timeZoneName === "long"; }
    }
    s.pattern = p;
    return p;
  };
  var tokenRE = /\{(2?)([A-Za-z0-9]+)\}/g;
  // renderPattern writes a pattern's fields for f (and, for {2x} tokens of
  // a range pattern, for f2).
  var renderPattern = function (s, p, f, f2, parts, source) {
    var D = s.L.d, N = D.N, last = 0, m;
    var names = function (k) { var v = N[k]; while (typeof v === "string") v = N[v]; return v; };
    var lit = function (v, src) { if (v) push({ type: "literal", value: v }, src); };
    var push = function (part, src) { if (source) part.source = src; parts.push(part); };
    tokenRE.lastIndex = 0;
    while ((m = tokenRE.exec(p)) !== null) {
      lit(p.slice(last, m.index), "shared");
      last = tokenRE.lastIndex;
      var g = m[1] ? f2 : f, t = m[2], c = t.charAt(0), v, type;
      var src = m[1] ? "endRange" : source === "both" ? "start" : "shared";
      if (c === "y") { type = "year"; var y = (g.y > 0 ? g.y : 1 - g.y) + (D.yo || 0); v = t === "yy" || s.year === "2-digit" ? pad2(y % 100) : String(y); }
      else if (c === "M" && /^MM?$/.test(t)) { type = "month"; v = t === "MM" || s.month === "2-digit" ? pad2(g.mo + 1) : String(g.mo + 1); }
      else if (c === "M" || c === "E") {
        type = c === "M" ? "month" : "weekday";
        var key = (c === "M" ? s.month : s.weekday) === "narrow" ? t.replace("3", "5") : t;
        v = names(key)[c === "M" ? g.mo : g.wd];
      }
      else if (c === "d") { type = "day"; v = t === "dd" || s.day === "2-digit" ? pad2(g.d) : String(g.d); }
      else if ("HhKk".indexOf(c) >= 0) {
        type = "hour";
        var h = g.h;
        if (c === "h") h = h % 12 === 0 ? 12 : h % 12; else if (c === "K") h = h % 12; else if (c === "k") h = h === 0 ? 24 : h;
        v = t.length === 2 || s.hour === "2-digit" ? pad2(h) : String(h);
      }
      else if (t === "mm" || t === "m") { type = "minute"; v = t === "m" && s.minute !== "2-digit" ? String(g.mi) : pad2(g.mi); }
      else if (t === "ss" || t === "s") { type = "second"; v = t === "s" && s.second !== "2-digit" ? String(g.s) : pad2(g.s); }
      else if (t === "S") { type = "fractionalSecond"; v = String(1000 + g.ms).slice(1, 1 + s.fractionalSecondDigits); }
      else if (t === "a") { type = "dayPeriod"; v = N.a[g.h < 12 ? 0 : 1]; }
      else if (t === "B") { type = "dayPeriod"; v = N.a24 ? N.a24[g.h] : N.a[g.h < 12 ? 0 : 1]; }
      else if (t === "z") { type = "timeZoneName"; v = zoneName(s, g); }
      else if (t === "G") { type = "era"; v = N[s.era === "long" ? "GGGG" : "G"][g.y > 0 ? 1 : 0]; }
      else { type = "literal"; v = m[0]; }
      push({ type: type, value: v }, src);
    }
    lit(p.slice(last), "shared");
    if (source === "both") rangeSources(parts);
    return withDigits(parts, D.nu);
  };
  // rangeSources labels the parts of an interval pattern as ICU does: a
  // start field is startRange when the end repeats its field, else shared;
  // literals between the first and last startRange fields are startRange,
  // those between the endRange fields endRange, the others shared.
  var rangeSources = function (parts) {
    var endTypes = {}, i, s0 = -1, s1 = -1, e0 = -1, e1 = -1;
    for (i = 0; i < parts.length; i++) if (parts[i].source === "endRange") { endTypes[parts[i].type] = true; if (e0 < 0) e0 = i; e1 = i; }
    for (i = 0; i < parts.length; i++) {
      if (parts[i].source !== "start") continue;
      parts[i].source = endTypes[parts[i].type] ? "startRange" : "shared";
      if (parts[i].source === "startRange") { if (s0 < 0) s0 = i; s1 = i; }
    }
    for (i = 0; i < parts.length; i++) {
      if (parts[i].type !== "literal") continue;
      if (i > s0 && i < s1) parts[i].source = "startRange";
      else if (i > e0 && i < e1) parts[i].source = "endRange";
    }
  };
  var toDate = function (date) {
    var d = date === undefined ? new Date() : new Date(typeof date === "object" ? date.valueOf() : date);
    if (isNaN(d.getTime())) throw new RangeError("Invalid time value");
    return d;
  };
  var formatDateParts = function (s, date) {
    return renderPattern(s, pattern(s), fields(s, toDate(date)), null, [], null);
  };
  // zoneName names the zone of fields f: UTC, the zone's own alphabetic
  // abbreviation (EST, en-US only), or the locale's GMT offset format.
  var zoneName = function (s, f) {
    var D = s.L.d, zg = s.timeZone && DATA.zones[s.timeZone];
    var offset = s.timeZoneName === "shortOffset" || s.timeZoneName === "longOffset";
    if (offset && f.off === 0) return D.gmt.replace("{0}", s.timeZoneName === "shortOffset" ? "+0" : "");
    if (offset) s = { L: s.L, zoneLong: s.timeZoneName === "longOffset" };
    else if (zg !== undefined && zg !== null && s.timeZone !== "UTC") {
      // The zone's names in the locale: January's, or July's when the
      // offset differs from January's (daylight time, either hemisphere).
      var names = s.L.z[zg], jan = zoneInfo(s.timeZone, Date.UTC(f.y, 0, 15, 12)), other = jan && jan[0] !== f.off;
      var v = s.zoneLong ? (other && names[3] || names[2]) : names[other ? 1 : 0];
      if (v) return v;
    }
    if (f.off === 0 && (!s.timeZone || s.timeZone === "UTC" || /^Etc\//.test(s.timeZone))) return s.zoneLong ? D.utc[1] : D.utc[0];
    // ICU's short localized GMT format writes a zero offset as +0 (de
    // "GMT+0", fr "UTC+0"); the long one writes none
    if (f.off === 0) return D.gmt.replace("{0}", s.zoneLong ? "" : "+0");
    // en-US names only the American zones by their abbreviations (Manila's
    // PST is GMT+8)
    if (s.L.key === "en" && !s.zoneLong && /^(E|C|M|P|AK)[SD]T$|^HST$/.test(f.abbr || "") && (!s.timeZone || /^(America|US|Canada|Pacific)\//.test(s.timeZone))) return f.abbr;
    var h = Math.floor(Math.abs(f.off) / 60), m = Math.abs(f.off) % 60;
    return D.gmt.replace("{0}", (f.off < 0 ? D.gmtMinus || "-" : "+") + (s.zoneLong ? pad2(h) + ":" + pad2(m) : h + (m ? ":" + pad2(m) : "")));
  };
  define(DateTimeFormat.prototype, "formatToParts", function (d) { return formatDateParts(this._, d); });
  Object.defineProperty(DateTimeFormat.prototype, "format", {
    configurable: true, enumerable: false,
    get: function () {
      var s = this._;
      return function (d) { return joinParts(formatDateParts(s, d)); };
    }
  });
  // formatRange: one date when both ends print the same; the locale's
  // interval pattern for common date skeletons when they differ only in
  // the day or the month; else both dates around the locale's dash.
  var rangeParts = function (s, a, b) {
    var fa = fields(s, toDate(a)), fb = fields(s, toDate(b)), D = s.L.d, dk = dateKey(s), iv, ip;
    var hasDate = s.year || s.month || s.day || s.weekday || s.era || s.dateStyle, sameDay = fa.y === fb.y && fa.mo === fb.mo && fa.d === fb.d;
    if (!hasDate && !s.timeStyle && !sameDay) {
      // Times on different days: ICU writes the numeric date before the
      // time, whose hour is as wide as in its interval patterns (de
      // "5.3.2024, 07:04" where the time alone is "7:04").
      var s2 = {}, k, time = pattern(s), ivt = D.iv[s.minute ? "hm" : "h"];
      for (k in s) s2[k] = s[k];
      if (ivt && /\{(HH|hh|KK|kk)\}/.test(ivt.h)) time = time.replace(/\{([HhKk])\}/, "{$1$1}");
      s2.pattern = (D.jx.yMd || D.j).replace("{1}", D.p.yMd).replace("{0}", time);
      s = s2;
    }
    var pa = formatDateParts(s, a), pb = formatDateParts(s, b);
    if (joinParts(pa) === joinParts(pb)) return pa.map(function (p) { p.source = "shared"; return p; });
    if (s === s2) iv = null;
    else if (s.dateStyle && !s.timeStyle) iv = D.iv["ds" + ["full", "long", "medium", "short"].indexOf(s.dateStyle)];
    else if (!hasDate && !s.timeStyle && sameDay && s.hour && !s.second && !s.fractionalSecondDigits && !s.timeZoneName && (s.hour12 === undefined || s.hour12 === h12Of({ L: s.L }))) {
      iv = D.iv[s.minute ? "hm" : "h"];
      if (iv) ip = (fa.h < 12) !== (fb.h < 12) ? iv.a : fa.h !== fb.h ? iv.h : iv.m;
      if (ip) return renderPattern(s, ip, fa, fb, [], "both");
      iv = null;
    } else iv = !s.hour && !s.minute && !s.second && !s.weekday && !s.era && !s.dateStyle && !s.timeStyle && D.iv[dk];
    if (iv) {
      ip = fa.y !== fb.y ? iv.y : fa.mo === fb.mo ? iv.d : iv.M;
      if (ip) return renderPattern(s, ip, fa, fb, [], "both");
    }
    var out = pa.map(function (p) { p.source = "startRange"; return p; });
    out.push({ type: "literal", value: D.rs, source: "shared" });
    return out.concat(pb.map(function (p) { p.source = "endRange"; return p; }));
  };
  define(DateTimeFormat.prototype, "formatRange", function (a, b) {
    if (a === undefined || b === undefined) throw new TypeError("startDate or endDate is undefined");
    return joinParts(rangeParts(this._, a, b));
  });
  define(DateTimeFormat.prototype, "formatRangeToParts", function (a, b) {
    if (a === undefined || b === undefined) throw new TypeError("startDate or endDate is undefined");
    return rangeParts(this._, a, b);
  });
  define(DateTimeFormat.prototype, "resolvedOptions", function () {
    var s = this._, r = { locale: s.locale, calendar: s.L.d.yo === 543 ? "buddhist" : "gregory", numberingSystem: s.L.d.nu ? s.L.d.nu[0] : "latn", timeZone: s.timeZone || localZone() };
    if (s.hour || s.timeStyle) {
      var h12 = h12Of(s), D = s.L.d;
      r.hourCycle = h12 ? (D.hc12 || "h12") : (D.hc === "h12" || D.hc === "h11" ? "h23" : D.hc);
      r.hour12 = h12;
    }
    // The fields as the pattern prints them (ICU reads them back from it):
    // de's {hour: "numeric"} is "2-digit" (HH), ja's long month with an
    // era "numeric".
    var shown = {};
    if (!s.dateStyle && !s.timeStyle) {
      var p = pattern(s), m;
      tokenRE.lastIndex = 0;
      while ((m = tokenRE.exec(p)) !== null) {
        var t = m[2], c = t.charAt(0);
        if (c === "y") shown.year = t === "yy" ? "2-digit" : s.year;
        else if (c === "M") shown.month = t === "MM" ? "2-digit" : t === "M" ? "numeric" : t.charAt(1) === "4" ? "long" : s.month === "narrow" ? "narrow" : "short";
        else if (c === "d") shown.day = t === "dd" ? "2-digit" : s.day;
        else if ("HhKk".indexOf(c) >= 0) shown.hour = t.length === 2 ? "2-digit" : s.hour;
      }
    }
    ["weekday", "era", "year", "month", "day", "hour", "minute", "second", "fractionalSecondDigits", "timeZoneName", "dateStyle", "timeStyle"].forEach(function (k) {
      if (s[k]) { if (k === "minute" || k === "second") r[k] = "2-digit"; else r[k] = shown[k] || s[k]; }
    });
    return r;
  });
  // ---- the rest ---------------------------------------------------------
  // Collator compares with the Unicode Collation Algorithm and the CLDR
  // tailoring of its language (Go's golang.org/x/text/collate through the
  // host function); it is named by its language unless Chromium keeps the
  // region (DATA.coll.keep: en-US, zh-TW).
  var collatorLocale = function (locales) {
    var list = localeList(locales);
    for (var i = 0; i < list.length; i++) {
      var t = list[i].split("-u-")[0].split("-x-")[0], p = t.split("-"), lang = p[0] === "no" ? "nb" : p[0];
      if (!dataKey(t) && !DATA.likely[lang]) continue;
      var region = p.slice(1).filter(function (x) { return x.length === 2 || /^\d{3}$/.test(x); })[0];
      var ext = list[i].indexOf("-u-") >= 0 ? list[i].slice(list[i].indexOf("-u-")) : "";
      return { tag: region && DATA.coll && DATA.coll.keep.indexOf(lang + "-" + region) >= 0 ? lang + "-" + region : lang, ext: ext };
    }
    return { tag: LOCALE, ext: "" };
  };
  function Collator(locales, options) {
    if (!(this instanceof Collator)) return new Collator(locales, options);
    var o = options == null ? {} : Object(options);
    var loc = collatorLocale(locales), lang = loc.tag.split("-")[0];
    var usage = opt(o, "usage", ["sort", "search"], "sort");
    var numeric = o.numeric !== undefined ? !!o.numeric : /-kn(-true)?(-|$)/.test(loc.ext);
    var caseFirst = opt(o, "caseFirst", ["upper", "lower", "false"], undefined);
    if (caseFirst === undefined) { var kf = /-kf-(upper|lower|false)/.exec(loc.ext); caseFirst = kf ? kf[1] : DATA.coll && DATA.coll.upper.indexOf(lang) >= 0 ? "upper" : "false"; }
    var sensitivity = opt(o, "sensitivity", ["base", "accent", "case", "variant"], "variant");
    // Thai ignores punctuation by default (x/text's Thai tables do not
    // sort shifted, so only when asked).
    var ignorePunctuation = o.ignorePunctuation !== undefined ? !!o.ignorePunctuation : lang === "th";
    // x/text's nb has no tailoring: CLDR's Norwegian imports Danish.
    var goTag = lang === "nb" || lang === "nn" ? "da" : loc.tag;
    hideState(this, { locale: loc.tag, usage: usage, sensitivity: sensitivity, ignorePunctuation: ignorePunctuation, numeric: numeric, caseFirst: caseFirst,
      cmp: host ? host("collator", goTag, sensitivity, numeric, o.ignorePunctuation !== undefined && ignorePunctuation, caseFirst === "upper") : function (a, b) { return a < b ? -1 : a > b ? 1 : 0; } });
  }
  Object.defineProperty(Collator.prototype, "compare", {
    configurable: true, get: function () {
      var cmp = this._.cmp;
      return function (a, b) { return cmp(String(a), String(b)); };
    }
  });
  define(Collator.prototype, "resolvedOptions", function () {
    var s = this._;
    return { locale: s.locale, usage: s.usage, sensitivity: s.sensitivity, ignorePunctuation: s.ignorePunctuation, collation: "default", numeric: s.numeric, caseFirst: s.caseFirst };
  });

  // Cardinal plural rules by language (CLDR): n is the number, i its
  // integer part, v its count of visible fraction digits.

  // ---- plural rules, relative times, lists ------------------------------
  // pluralSelect reads the generated tables: the category of integers
  // 0..199 (larger ones as their value mod 100, plus 100), of multiples
  // of a million, and of i.1 and i.5 (fractions ending in 1 or not).
  // n may be a formatted number's digits ("1.00": visible fraction digits
  // count as a fraction).
  var pluralSelect = function (L, type, n) {
    var t = L.pl[type], a = Math.abs(n);
    if (!isFinite(a)) return "other";
    var str = typeof n === "string" ? n.replace(/^-/, "") : String(a), dot = str.indexOf(".");
    if (dot < 0 || str.indexOf("e") >= 0) {
      var i = a < 200 ? a : a % 1000000 === 0 ? -1 : a % 100 + 100;
      return t.c[i < 0 ? t.m : Number(t.i.charAt(i))];
    }
    var ip = Math.floor(a), k = ip < 20 ? ip : ip % 10 + 10, last = str.charAt(str.length - 1);
    if (/\.0+$/.test(str)) return t.c[Number(t.z.charAt(k))];
    return t.c[Number(t.f.charAt(2 * k + (last === "1" ? 0 : 1)))];
  };
  function PluralRules(locales, options) {
    if (!(this instanceof PluralRules)) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
    var loc = resolveLocale(locales);
    // The digits options decide which digits select counts ("1.0" is
    // other in English), as NumberFormat's.
    var nf = new NumberFormat(loc.tag, options == null ? undefined : { minimumIntegerDigits: options.minimumIntegerDigits, minimumFractionDigits: options.minimumFractionDigits,
      maximumFractionDigits: options.maximumFractionDigits, minimumSignificantDigits: options.minimumSignificantDigits, maximumSignificantDigits: options.maximumSignificantDigits,
      roundingMode: options.roundingMode });
    hideState(this, { type: opt(options, "type", ["cardinal", "ordinal"], "cardinal"), locale: loc.tag, L: loc.L, nf: nf._ });
  }
  define(PluralRules.prototype, "select", function (n) {
    var s = this._, x = Number(n), nf = s.nf;
    if (!isFinite(x)) return pluralSelect(s.L, s.type, x);
    var f = fixed(Math.abs(x), nf, nf.roundingMode, x < 0);
    return pluralSelect(s.L, s.type, f.int.replace(/^0+(?=\d)/, "") + (f.frac ? "." + f.frac : ""));
  });
  define(PluralRules.prototype, "resolvedOptions", function () {
    var s = this._, nf = s.nf, cats = s.L.pl[s.type].c.slice(); // in Chromium's order
    // Plural rules are a language's: Chromium names the language unless
    // the region has its own (pt-PT).
    var lang = s.L.key.split("-")[0], key = dataKey(lang), locale = key && localeData(key).raw[3] === s.L.raw[3] ? lang : s.locale;
    var r = { locale: locale, type: s.type, notation: "standard", minimumIntegerDigits: nf.minInt };
    if (nf.maxSig !== undefined) { r.minimumSignificantDigits = nf.minSig; r.maximumSignificantDigits = nf.maxSig; }
    else { r.minimumFractionDigits = nf.minFrac; r.maximumFractionDigits = nf.maxFrac; }
    r.pluralCategories = cats; r.roundingIncrement = 1; r.roundingMode = nf.roundingMode; r.roundingPriority = "auto"; r.trailingZeroDisplay = "auto";
    return r;
  });

  var UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"];
  function RelativeTimeFormat(locales, options) {
    if (!(this instanceof RelativeTimeFormat)) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
    var loc = resolveLocale(locales);
    hideState(this, { locale: loc.tag, L: loc.L, nf: new NumberFormat(loc.tag),
      numeric: opt(options, "numeric", ["always", "auto"], "always"), style: opt(options, "style", ["long", "short", "narrow"], "long") });
  }
  var rtParts = function (s, v, unit) {
    v = Number(v); unit = String(unit);
    if (unit.charAt(unit.length - 1) === "s") unit = unit.slice(0, -1);
    if (UNITS.indexOf(unit) < 0) throw new RangeError("Invalid unit argument for format() '" + unit + "'");
    if (!isFinite(v)) throw new RangeError("Invalid number value");
    var rt = s.L.rt, e = rt[s.style][unit];
    if (!e && s.style === "narrow") e = rt.short[unit];
    if (!e) e = rt.long[unit];
    if (s.numeric === "auto" && e[2][String(v)] !== undefined && !(v === 0 && 1 / v < 0 && e[2]["0"] === undefined)) return [{ type: "literal", value: e[2][String(v)] }];
    var past = v < 0 || (v === 0 && 1 / v < 0), tab = e[past ? 1 : 0];
    var t = tab[pluralSelect(s.L, "cardinal", Math.abs(v))] || tab.other, i = t.indexOf("#"), parts = [];
    if (i < 0) return [{ type: "literal", value: t }]; // Arabic duals: "قبل شهرين"
    if (t.slice(0, i)) parts.push({ type: "literal", value: t.slice(0, i) });
    s.nf._ && formatNumberParts(s.nf._, Math.abs(v)).forEach(function (p) { p.unit = unit; parts.push(p); });
    if (t.slice(i + 1)) parts.push({ type: "literal", value: t.slice(i + 1) });
    return parts;
  };
  define(RelativeTimeFormat.prototype, "format", function (v, unit) { return joinParts(rtParts(this._, v, unit)); });
  define(RelativeTimeFormat.prototype, "formatToParts", function (v, unit) { return rtParts(this._, v, unit); });
  define(RelativeTimeFormat.prototype, "resolvedOptions", function () { return { locale: this._.locale, style: this._.style, numeric: this._.numeric, numberingSystem: this._.L.n.nu ? this._.L.n.nu[0] : "latn" }; });

  function ListFormat(locales, options) {
    if (!(this instanceof ListFormat)) throw new TypeError("Constructor Intl.ListFormat requires 'new'");
    var loc = resolveLocale(locales);
    hideState(this, { type: opt(options, "type", ["conjunction", "disjunction", "unit"], "conjunction"), style: opt(options, "style", ["long", "short", "narrow"], "long"),
      locale: loc.tag, L: loc.L });
  }
  var listParts = function (s, list) {
    var a = [], parts = [];
    if (list !== undefined) {
      Array.from(list, function (x) {
        if (typeof x !== "string") throw new TypeError("Iterable yielded " + String(x) + " which is not a string");
        a.push(x);
      });
    }
    var w = s.L.ls[s.type.charAt(0) + s.style.charAt(0)];
    for (var i = 0; i < a.length; i++) {
      if (i) {
        var sep = a.length === 2 ? w[0] : i === 1 ? w[1] : i === a.length - 1 ? w[3] : w[2];
        // Spanish writes "e" for "y" before an (h)i sound and "u" for "o"
        // before an (h)o sound, 8 or 11 (CLDR's contextual list patterns).
        if (s.L.key.slice(0, 2) === "es") {
          if (sep === " y " && /^(i|hi(?![ae]))/i.test(a[i])) sep = " e ";
          else if (sep === " o " && /^(o|ho|8|11$)/i.test(a[i])) sep = " u ";
        }
        if (sep) parts.push({ type: "literal", value: sep });
      }
      parts.push({ type: "element", value: a[i] });
    }
    return parts;
  };
  define(ListFormat.prototype, "format", function (list) { return joinParts(listParts(this._, list)); });
  define(ListFormat.prototype, "formatToParts", function (list) { return listParts(this._, list); });
  define(ListFormat.prototype, "resolvedOptions", function () { return { locale: this._.locale, type: this._.type, style: this._.style }; });
  // Segmenter splits by Unicode's rules (UAX #29, in Go: host
  // "segment"); segment() answers a Segments object: iterable, with
  // containing(index).
  function Segmenter(locales, options) {
    if (!(this instanceof Segmenter)) throw new TypeError("Constructor Intl.Segmenter requires 'new'");
    var loc = resolveLocale(locales);
    hideState(this, { locale: loc.tag, granularity: opt(options, "granularity", ["grapheme", "word", "sentence"], "grapheme") });
  }
  var segmentList = function (g, s) {
    var lens = host ? host("segment", g, s) : [s.length, 1], out = [], at = 0, step = g === "word" ? 2 : 1;
    for (var i = 0; i < lens.length; i += step) {
      var seg = { segment: s.slice(at, at + lens[i]), index: at, input: s };
      if (g === "word") seg.isWordLike = lens[i + 1] === 1;
      out.push(seg);
      at += lens[i];
    }
    return out;
  };
  function Segments(g, s) { hideState(this, { list: segmentList(g, s) }); }
  define(Segments.prototype, "containing", function (index) {
    var n = index === undefined ? 0 : Math.trunc(Number(index)) || 0, list = this._.list;
    for (var i = 0; i < list.length; i++) if (n >= list[i].index && n < list[i].index + list[i].segment.length) return list[i];
    return undefined;
  });
  define(Segments.prototype, Symbol.iterator, function () { return this._.list[Symbol.iterator](); });
  define(Segmenter.prototype, "segment", function (input) { return new Segments(this._.granularity, String(input)); });
  define(Segmenter.prototype, "resolvedOptions", function () { return { locale: this._.locale, granularity: this._.granularity }; });

  // DisplayNames reads the generated names (DATA.dn lists the codes;
  // each locale names them in its section 8, a regional locale only where
  // it differs from its language); other well-formed codes fall back to
  // the code (or undefined). The English tables below answer codes the
  // generated lists lack.
  // https://tc39.es/ecma402/#intl-displaynames-objects
  var dnNames = function (L) {
    if (L.dn) return L.dn;
    var own = L.dnRaw, r = own;
    if (own.b) {
      var base = dnNames(localeData(own.b)).names;
      r = {};
      for (var k in base) {
        if (!Array.isArray(base[k])) { r[k] = own[k] !== undefined ? own[k] : base[k]; continue; }
        r[k] = base[k].slice();
        for (var i in own[k]) r[k][i] = own[k][i];
      }
    }
    var idx = {};
    for (var t in DATA.dn) { idx[t] = {}; for (var j = 0; j < DATA.dn[t].length; j++) idx[t][DATA.dn[t][j]] = j; }
    L.dn = { names: r, idx: idx };
    return L.dn;
  };
  // dnLookup answers a code's name, null when the generated list has the
  // code but the locale no name (Chromium's "001"), undefined when the
  // list lacks the code.
  var dnLookup = function (L, type, code, short) {
    if (!L || !DATA.dn) return undefined;
    var d = dnNames(L), i = d.idx[type][code];
    if (i === undefined) return undefined;
    if (short && type === "region" && d.names.rs && d.names.rs[i]) return d.names.rs[i];
    return d.names[type === "dialect" ? "x" : type.charAt(0)][i] || null;
  };
  var orEnglish = function (v, table, code) { return v === undefined ? table[code] : v || undefined; };
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
    var loc = resolveLocale(locales);
    hideState(this, { locale: loc.tag, L: loc.L, type: type, style: opt(options, "style", ["narrow", "short", "long"], "long"),
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
      if (s.L && s.L.dnRaw && DATA.dn) {
        // The code's dialect name (zh-Hant, en-GB), else the language's
        // with the script and region in the locale's "{0} ({1})".
        var L = s.L, base, rest = [script, region];
        if (s.languageDisplay === "dialect") {
          if ((base = dnLookup(L, "dialect", c))) rest = []; // zh-Hant-TW is "Chinese (Traditional, Taiwan)"
        }
        if (!base) base = dnLookup(L, "language", lang) || (dnLookup(L, "language", lang) === undefined ? displayNames.language[lang] : undefined);
        if (base) {
          var extra2 = [rest[0] && (dnLookup(L, "script", rest[0]) || rest[0]), rest[1] && (dnLookup(L, "region", rest[1], s.style !== "long") || rest[1])].filter(Boolean);
          var dn = dnNames(L).names;
          name = extra2.length ? dn.p.replace("{0}", base).replace("{1}", extra2.join(dn.sep)) : base;
        }
      } else {
        name = s.languageDisplay === "dialect" && displayNames.dialect[c];
        if (!name && displayNames.language[lang]) {
          var extra = [script && displayNames.script[script], region && displayNames.region[region]].filter(Boolean);
          name = displayNames.language[lang] + (extra.length ? " (" + extra.join(", ") + ")" : "");
        }
      }
    } else if (s.type === "region") {
      if (!/^([a-z]{2}|\d{3})$/i.test(c)) throw new RangeError("invalid_argument");
      name = orEnglish(dnLookup(s.L, "region", c, s.style !== "long"), displayNames.region, c); // Chromium finds only the canonical case ("NO", not "no")
    } else if (s.type === "currency") {
      if (!/^[a-z]{3}$/i.test(c)) throw new RangeError("invalid_argument");
      name = orEnglish(dnLookup(s.L, "currency", c.toUpperCase()), displayNames.currency, c.toUpperCase());
    } else if (s.type === "script") {
      if (!/^[a-z]{4}$/i.test(c)) throw new RangeError("invalid_argument");
      name = orEnglish(dnLookup(s.L, "script", c), displayNames.script, c); // only "Latn", as Chromium
    }
    return name || (s.fallback === "code" ? c : undefined);
  });
  define(DisplayNames.prototype, "resolvedOptions", function () {
    var s = this._, r = { locale: s.locale, style: s.style, type: s.type, fallback: s.fallback };
    if (s.type === "language") r.languageDisplay = s.languageDisplay;
    return r;
  });


  var Intl = {};
  // supportedLocalesOf keeps the requested locales that have data.
  var supported = function (l) { return localeList(l).filter(function (t) { return dataKey(t) !== undefined; }); };
  [["NumberFormat", NumberFormat], ["DateTimeFormat", DateTimeFormat], ["Collator", Collator], ["PluralRules", PluralRules],
   ["RelativeTimeFormat", RelativeTimeFormat], ["ListFormat", ListFormat], ["Segmenter", Segmenter], ["DisplayNames", DisplayNames]].forEach(function (p) {
    define(p[1], "supportedLocalesOf", supported);
    Object.defineProperty(p[1].prototype, Symbol.toStringTag, { value: "Intl." + p[0], configurable: true });
    define(Intl, p[0], p[1]);
  });
  define(Intl, "getCanonicalLocales", function (l) { return localeList(l); });
  define(Intl, "supportedValuesOf", function () { return []; });
  // Locale parses a tag into language, script and region (extensions are
  // kept in the string); maximize and minimize use CLDR's likely subtags
  // for about a hundred languages.
  function Locale(tag, options) {
    if (!(this instanceof Locale)) throw new TypeError("Constructor Intl.Locale requires 'new'");
    if (typeof tag !== "string" && !(tag instanceof Locale)) throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
    var t = canonTag(tag instanceof Locale ? tag.toString() : tag), ext = "", k = t.search(/-[a-z0-9]-/i);
    if (k >= 0) { ext = t.slice(k); t = t.slice(0, k); }
    var p = t.split("-"), st = { language: p[0], ext: ext };
    for (var i = 1; i < p.length; i++) {
      if (p[i].length === 4 && !/^\d/.test(p[i])) st.script = p[i]; else if (p[i].length === 2 || /^\d{3}$/.test(p[i])) st.region = p[i]; else st.variants = (st.variants ? st.variants + "-" : "") + p[i];
    }
    if (options != null) {
      if (options.language !== undefined) st.language = String(options.language).toLowerCase();
      if (options.script !== undefined) { var sc = String(options.script); st.script = sc.charAt(0).toUpperCase() + sc.slice(1).toLowerCase(); }
      if (options.region !== undefined) st.region = String(options.region).toUpperCase();
      // Keyword options join the -u- extension, sorted by key.
      var kw = {}, m2, re = /-([a-z0-9]{2})(?:-([a-z0-9]{3,8}))?/gi, u = /(^|-)u((?:-[a-z0-9]{2,8})*)/i.exec(st.ext), rest = st.ext;
      if (u) { rest = st.ext.replace(u[0], ""); while ((m2 = re.exec(u[2])) !== null) kw[m2[1].toLowerCase()] = m2[2] ? m2[2].toLowerCase() : ""; }
      var changed = false;
      [["calendar", "ca"], ["collation", "co"], ["hourCycle", "hc"], ["caseFirst", "kf"], ["numberingSystem", "nu"], ["numeric", "kn"]].forEach(function (k) {
        if (options[k[0]] === undefined) return;
        var v = String(options[k[0]]);
        if (k[0] === "hourCycle" && ["h11", "h12", "h23", "h24"].indexOf(v) < 0) throw new RangeError("Incorrect locale information provided");
        if (k[0] === "caseFirst" && ["upper", "lower", "false"].indexOf(v) < 0) throw new RangeError("Incorrect locale information provided");
        kw[k[1]] = k[0] === "numeric" ? (options.numeric ? "" : "false") : v;
        changed = true;
      });
      if (changed) {
        var ks = Object.keys(kw).sort();
        st.ext = "-u" + ks.map(function (k) { return "-" + k + (kw[k] && kw[k] !== "true" ? "-" + kw[k] : ""); }).join("") + rest;
      }
    }
    hideState(this, st);
  }
  var baseName = function (s) { return [s.language, s.script, s.region, s.variants].filter(Boolean).join("-"); };
  ["language", "script", "region"].forEach(function (k) {
    Object.defineProperty(Locale.prototype, k, { configurable: true, get: function () { return this._[k]; } });
  });
  // The Unicode extension keywords (-u-ca-japanese) read back as properties.
  var unicodeKey = function (ext, key) {
    var m = new RegExp("-u(?:-[a-z0-9]{2,8})*?-" + key + "(?:-([a-z0-9]{3,8}(?:-[a-z0-9]{3,8})*))?(?=-[a-z0-9]{1,2}-|-[a-z0-9]{2}$|$)", "i").exec(ext);
    return m ? (m[1] === undefined ? "" : m[1].toLowerCase()) : undefined;
  };
  [["calendar", "ca"], ["collation", "co"], ["hourCycle", "hc"], ["caseFirst", "kf"], ["numberingSystem", "nu"]].forEach(function (k) {
    Object.defineProperty(Locale.prototype, k[0], { configurable: true, get: function () { return unicodeKey(this._.ext, k[1]); } });
  });
  Object.defineProperty(Locale.prototype, "numeric", { configurable: true, get: function () { var v = unicodeKey(this._.ext, "kn"); return v === "" || v === "true"; } });
  Object.defineProperty(Locale.prototype, "baseName", { configurable: true, get: function () { return baseName(this._); } });
  var likely = function (s) {
    var L = DATA.likely, r = s.region && L[s.language + "-" + s.region] || s.script && L[s.language + "-" + s.script] || L[s.language];
    return r ? r.split("-") : null;
  };
  define(Locale.prototype, "toString", function () { return baseName(this._) + this._.ext; });
  define(Locale.prototype, "toJSON", function () { return this.toString(); });
  define(Locale.prototype, "maximize", function () {
    var s = this._, l = likely(s);
    return new Locale([s.language, s.script || l && l[0], s.region || l && l[1], s.variants].filter(Boolean).join("-") + s.ext);
  });
  define(Locale.prototype, "minimize", function () {
    var s = this._, l = likely({ language: s.language });
    if (!l) return new Locale(this.toString());
    var script = s.script === l[0] ? undefined : s.script, region = s.region === l[1] ? undefined : s.region;
    return new Locale([s.language, script, region, s.variants].filter(Boolean).join("-") + s.ext);
  });
  Object.defineProperty(Locale.prototype, Symbol.toStringTag, { value: "Intl.Locale", configurable: true });
  define(Intl, "Locale", Locale);
  Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });
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
  dateLocale("toLocaleTimeString", { hour: "numeric", minute: "numeric", second: "numeric" }, timeKeys);
  dateLocale("toLocaleString", { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }, dateKeys.concat(timeKeys));
  if (typeof BigInt === "function") {
    define(BigInt.prototype, "toLocaleString", function toLocaleString(locales, options) { return new NumberFormat(locales, options).format(BigInt.prototype.valueOf.call(this)); });
  }
  return Intl;
  }
})(globalThis);
