// collect.js is evaluated by gen.mjs in node or in headless Chromium: it
// asks that engine's Intl how each locale formats sample values and turns
// the answers back into the patterns and tables intl.js reads (see gen.mjs).
// It is a plain script (no imports) so that both can run it.
/* eslint-disable */
const T = Date.UTC(2024, 2, 5, 7, 4, 9); // Tuesday 5 March 2024, 07:04:09 UTC
const UTC = { timeZone: 'UTC' };
const opts = (o) => Object.assign({}, UTC, o);
const mapObj = (o, f) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v, k)]));

// numberingSystem returns, for a locale whose default digits are not
// Latin (ar-EG's Arabic-Indic, bn's Bengali), its numbering system and
// its ten digits; the tables are read back in Latin digits (latin) and
// intl.js writes the locale's digits last. Numbers and dates must agree.
function numberingSystem(l) {
  const ns = new Intl.NumberFormat(l).resolvedOptions().numberingSystem;
  const dns = new Intl.DateTimeFormat(l).resolvedOptions().numberingSystem;
  if (ns !== dns) throw new Error(`${l}: numbering systems ${ns}/${dns} differ`);
  if (ns === 'latn') return undefined;
  const f = new Intl.NumberFormat(l, { useGrouping: false });
  return [ns, Array.from({ length: 10 }, (_, i) => f.format(i)).join('')];
}
let DIGITS = null; // the current locale's digits, or null
const latin = (s) => DIGITS ? s.replace(/./gu, (c) => { const i = DIGITS.indexOf(c); return i < 0 ? c : String(i); }) : s;

function names(l) {
  const f = (o) => new Intl.DateTimeFormat(l, opts(o));
  const part = (o, d, type) => f(o).formatToParts(d).find((p) => p.type === type).value;
  const months = (o, type = 'month') => Array.from({ length: 12 }, (_, m) => part(o, Date.UTC(2024, m, 5, 12), type));
  const days = (o) => Array.from({ length: 7 }, (_, i) => part(o, Date.UTC(2024, 2, 3 + i, 12), 'weekday'));
  const r = {
    G: [0, 1].map((i) => part({ era: 'short', year: 'numeric' }, i ? T : Date.UTC(-100, 0, 1), 'era')),
    GGGG: [0, 1].map((i) => part({ era: 'long', year: 'numeric' }, i ? T : Date.UTC(-100, 0, 1), 'era')),
  };
  // Month and weekday names by width (4 long, 3 short, 5 narrow) and
  // context: with a day (d), with a year (y) or alone: Russian and Polish
  // decline months after a day, Greek alone, German abbreviates alone.
  const W = { 4: 'long', 3: 'short', 5: 'narrow' };
  for (const w of [4, 3, 5]) {
    r['M' + w + 'd'] = months({ month: W[w], day: 'numeric' });
    r['M' + w + 'y'] = months({ month: W[w], year: 'numeric' });
    r['M' + w] = months({ month: W[w] });
    r['E' + w + 'd'] = days({ weekday: W[w], day: 'numeric', month: W[w] === 'long' ? 'long' : 'short' });
    r['E' + w] = days({ weekday: W[w] });
    r['E' + w + 't'] = days({ weekday: W[w], hour: 'numeric', minute: '2-digit' });
  }
  const ap = (h12, hc) => [7, 19].map((h) => {
    const p = new Intl.DateTimeFormat(l, opts({ hour: 'numeric', hourCycle: hc })).formatToParts(Date.UTC(2024, 2, 5, h)).find((x) => x.type === 'dayPeriod');
    return p ? p.value : '';
  });
  r.a = ap(true, 'h12');
  // Flexible day periods (zh-Hant "晚上" in the evening): the period of
  // each hour, kept when it is not just a[0] before noon, a[1] after.
  const a24 = [];
  for (let h = 0; h < 24; h++) {
    const p = new Intl.DateTimeFormat(l, opts({ timeStyle: 'short' })).formatToParts(Date.UTC(2024, 2, 5, h, 30)).find((x) => x.type === 'dayPeriod');
    a24.push(p ? p.value : '');
  }
  if (a24.some((v, h) => v && v !== r.a[h < 12 ? 0 : 1])) r.a24 = a24;
  return r;
}

// toPattern turns formatToParts output back into a pattern, knowing the
// locale's names and the sample date T.
function toPattern(parts, N, o, l, date = T) {
  const mi = new Date(date).getUTCMonth(), wi = new Date(date).getUTCDay();
  let s = '';
  for (const p of parts) {
    const v = p.value;
    switch (p.type) {
      case 'literal':
        if (/[{}]/.test(v)) throw new Error(`${l}: literal with a brace: ${v}`);
        s += v; break;
      case 'year': s += v.length === 2 ? '{yy}' : '{y}'; break;
      case 'month':
        if (/^\d+$/.test(latin(v))) s += v.length === 2 ? '{MM}' : '{M}';
        else {
          const w = o.month === 'long' || o.dateStyle === 'full' || o.dateStyle === 'long' ? [4, 3] : o.month === 'narrow' ? [5] : [3, 4];
          s += named(N, 'M', w, o.day || o.dateStyle ? ['d', 'y', ''] : o.year ? ['y', 'd', ''] : ['', 'y', 'd'], mi, v, l, o);
        }
        break;
      case 'day': s += v.length === 2 ? '{dd}' : '{d}'; break;
      case 'weekday':
        s += named(N, 'E', o.weekday === 'long' || o.dateStyle === 'full' ? [4] : o.weekday === 'narrow' ? [5] : [3], o.day || o.month || o.year || o.dateStyle ? ['d', '', 't'] : o.hour ? ['t', '', 'd'] : ['', 'd', 't'], wi, v, l, o);
        break;
      case 'hour': {
        const hc = new Intl.DateTimeFormat(l, opts(o)).resolvedOptions().hourCycle;
        const c = hc === 'h11' ? 'K' : hc === 'h12' ? 'h' : hc === 'h24' ? 'k' : 'H';
        s += '{' + (v.length === 2 ? c + c : c) + '}'; break;
      }
      case 'minute': s += v.length === 2 ? '{mm}' : '{m}'; break;
      case 'second': s += v.length === 2 ? '{ss}' : '{s}'; break;
      case 'dayPeriod': s += v === N.a[new Date(date).getUTCHours() < 12 ? 0 : 1] ? '{a}' : '{B}'; break;
      case 'timeZoneName': s += '{z}'; break;
      case 'era': s += '{G}'; break;
      case 'relatedYear': case 'yearName': default: throw new Error(`${l}: part ${p.type}`);
    }
  }
  return s;
}
// named finds which names table (by width and context) holds v; narrow
// tables are written as short ones (intl.js swaps them for narrow).
function named(N, c, widths, ctxs, i, v, l, o) {
  for (const w of widths) for (const x of ctxs) if (N[c + w + x][i] === v) return '{' + c + (w === 5 ? 3 : w) + x + '}';
  return bad(l, o, v);
}
function bad(l, o, v) { throw new Error(`${l}: unknown name ${v} for ${JSON.stringify(o)}`); }

// The date skeletons intl.js looks patterns up by: weekday ("", E, EEEE),
// era (G), year (y), month (M, MMM, MMMM), day (d). Narrow names use the
// short pattern; 2-digit fields are padded at run time.
function dateKeys() {
  const keys = [];
  for (const G of ['', 'G']) for (const E of ['', 'E', 'EEEE']) for (const y of ['', 'y']) for (const M of ['', 'M', 'MMM', 'MMMM']) for (const d of ['', 'd']) {
    if (!E && !y && !M && !d) continue;
    if (G && (!y || E)) continue;
    keys.push(G + E + y + M + d);
  }
  return keys;
}
function keyOpts(k) {
  const m = /^(G?)(EEEE|E)?(y?)(MMMM|MMM|M)?(d?)$/.exec(k);
  const o = {};
  if (m[1]) o.era = 'short';
  if (m[2]) o.weekday = m[2] === 'EEEE' ? 'long' : 'short';
  if (m[3]) o.year = 'numeric';
  if (m[4]) o.month = m[4] === 'MMMM' ? 'long' : m[4] === 'MMM' ? 'short' : 'numeric';
  if (m[5]) o.day = 'numeric';
  return o;
}
const TIME_KEYS = ['h', 'hm', 'hms', 'm', 'ms', 's', 'hz', 'hmz', 'hmsz'];
function timeOpts(k, numeric) {
  const o = {};
  if (k.includes('h')) o.hour = 'numeric';
  if (k.includes('m')) o.minute = numeric ? 'numeric' : '2-digit';
  if (k.includes('s')) o.second = numeric ? 'numeric' : '2-digit';
  if (k.includes('z')) o.timeZoneName = 'short';
  return o;
}

function dates(l) {
  const N = names(l);
  const fmt = (o) => new Intl.DateTimeFormat(l, opts(o)).formatToParts(T);
  const pat = (o) => toPattern(fmt(o), N, o, l);
  const p = {};
  for (const k of dateKeys()) {
    try { p[k] = pat(keyOpts(k)); } catch (e) { WARN.push(String(e.message)); }
  }
  const t12 = {}, t24 = {}, td = {};
  for (const k of TIME_KEYS) {
    t12[k] = pat(Object.assign(timeOpts(k), { hour12: true }));
    t24[k] = pat(Object.assign(timeOpts(k), { hour12: false }));
    td[k] = pat(timeOpts(k));
    // minute and second "numeric" (the toLocale*String defaults) may pad
    // the hour differently: kept where they do.
    const n12 = pat(Object.assign(timeOpts(k, true), { hour12: true })), n24 = pat(Object.assign(timeOpts(k, true), { hour12: false })), nd = pat(timeOpts(k, true));
    if (n12 !== t12[k]) t12[k + 'n'] = n12;
    if (n24 !== t24[k]) t24[k + 'n'] = n24;
    if (nd !== td[k]) td[k + 'n'] = nd;
  }
  // Date and time together: the glue between a date key's pattern and the
  // time's, checked to be just that.
  const hc = new Intl.DateTimeFormat(l, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const hc12 = new Intl.DateTimeFormat(l, { hour: 'numeric', hour12: true }).resolvedOptions().hourCycle;
  const glue = {}, hh = {}, hhn = {}, cd = {};
  for (const k of Object.keys(p)) {
    const time = td.hm;
    const whole = pat(Object.assign(keyOpts(k), { hour: 'numeric', minute: '2-digit' }));
    const g = splitGlue(whole, p[k], time);
    if (g === null) { WARN.push(`${l}: ${k} + time is not date, glue, time: ${whole} (${p[k]} / ${time})`); continue; }
    glue[k] = g.g;
    if (g.hh !== undefined) hh[k] = g.hh;
    if (g.date !== p[k]) cd[k] = g.date;
    const gn = splitGlue(pat(Object.assign(keyOpts(k), { hour: 'numeric', minute: 'numeric' })), p[k], td.hmn || td.hm);
    if (gn && gn.hh !== undefined) hhn[k] = gn.hh;
  }
  const styles = ['full', 'long', 'medium', 'short'];
  const ds = styles.map((s) => pat({ dateStyle: s }));
  const ts = styles.map((s) => pat({ timeStyle: s }));
  const dsGlue = styles.map((s, i) => {
    const whole = pat({ dateStyle: s, timeStyle: 'short' });
    const g = splitGlue(whole, ds[i], ts[3]);
    if (g === null || g.hh !== undefined || g.date !== ds[i]) { WARN.push(`${l}: dateStyle ${s} + timeStyle is ${whole}`); return '{1}, {0}'; }
    return g.g;
  });
  // The most common glue is the default; others are listed.
  const count = {};
  for (const g of Object.values(glue)) count[g] = (count[g] || 0) + 1;
  const j = Object.keys(count).sort((a, b) => count[b] - count[a])[0];
  const jx = {};
  for (const [k, g] of Object.entries(glue)) if (g !== j) jx[k] = g;
  // The glue measured with hours and minutes does not hold for every time:
  // ICU joins a date and a time by a skeleton of the locale's own when it
  // has one for both (en "Ehm": "Thu 12 PM") and by the locale's date-time
  // glue otherwise (a weekday and a time with a zone: en "Thu, 12:05 PM
  // EST", de "Do, 12:05 GMT-5" with another weekday form, ja "木 12:05
  // GMT-5"). Where the pattern intl.js would put together (as below) is not
  // ICU's, ICU's whole pattern is kept, by time key ("n" for numeric
  // minutes and seconds) and date key, for the locale's own hour cycle.
  const jt = {};
  const assemble = (k, tk, num) => {
    let time = num && td[tk + 'n'] || td[tk];
    const h = num ? hhn[k] : hh[k];
    if (h === 1) time = time.replace(/\{([HhKk])\}/, '{$1$1}');
    else if (h === 0) time = time.replace(/\{([HhKk])\1\}/, '{$1}');
    return (jx[k] || j).replace('{1}', cd[k] || p[k]).replace('{0}', time);
  };
  for (const tk of TIME_KEYS) {
    if (!tk.includes('h')) continue;
    for (const num of [false, true]) {
      for (const k of Object.keys(p)) {
        const whole = pat(Object.assign(keyOpts(k), timeOpts(tk, num)));
        if (whole !== assemble(k, tk, num)) (jt[tk + (num ? 'n' : '')] = jt[tk + (num ? 'n' : '')] || {})[k] = whole;
      }
    }
  }
  // Zone names: UTC short and long, and the GMT offset format.
  const zone = (z, n) => latin(new Intl.DateTimeFormat(l, { timeZone: z, timeZoneName: n, hour: 'numeric' }).formatToParts(T).find((x) => x.type === 'timeZoneName').value);
  const gmt1 = zone('Etc/GMT-1', 'short'), gmt0 = zone('Etc/GMT', 'short');
  const gmt = gmt1.replace(/\+0?1(:00)?/, '{0}');
  // The minus of a GMT offset (fr "UTC−5").
  const gmtMinus = /([-\u2212])0?1/.exec(zone('Etc/GMT+1', 'short'));
  if (!gmt.includes('{0}')) throw new Error(`${l}: GMT format ${gmt1}`);
  // formatRange: the separator ICU puts between two whole dates.
  const rangeParts = new Intl.DateTimeFormat(l, opts({ year: 'numeric', month: 'long', day: 'numeric' })).formatRangeToParts(T, T + 400 * 864e5);
  const rs = rangeParts.filter((x) => x.source === 'shared' && x.type === 'literal').map((x) => x.value);
  // Interval patterns of the common skeletons, by greatest difference
  // (y, M, d): recorded as the two dates' patterns around a separator.
  const iv = {};
  const ivOpts = { yMMMd: { year: 'numeric', month: 'short', day: 'numeric' }, MMMd: { month: 'short', day: 'numeric' }, yMMMMd: { year: 'numeric', month: 'long', day: 'numeric' },
    MMMMd: { month: 'long', day: 'numeric' }, yMd: { year: 'numeric', month: 'numeric', day: 'numeric' }, Md: { month: 'numeric', day: 'numeric' }, yMMM: { year: 'numeric', month: 'short' }, yMMMM: { year: 'numeric', month: 'long' },
    // date styles (ds0 full .. ds3 short), and hour and minute on one day
    // by greatest difference (a the day period, h the hour, m the minute).
    ds0: { dateStyle: 'full' }, ds1: { dateStyle: 'long' }, ds2: { dateStyle: 'medium' }, ds3: { dateStyle: 'short' },
    hm: { hour: 'numeric', minute: '2-digit' }, h: { hour: 'numeric' } };
  for (const [k, o] of Object.entries(ivOpts)) {
    iv[k] = {};
    const diffs = o.hour ? [['a', 12 * 36e5 + 26 * 6e4], ['h', 2 * 36e5], ['m', 26 * 6e4]] : [['d', 3 * 864e5], ['M', 31 * 864e5], ['y', 400 * 864e5]];
    for (const [diff, ms] of diffs) {
      if (diff === 'd' && !o.day && !o.dateStyle) continue;
      if (diff === 'm' && !o.minute) continue;
      const parts = new Intl.DateTimeFormat(l, opts(o)).formatRangeToParts(T, T + ms);
      try {
      const a = parts.filter((x) => x.source !== 'endRange'), b = parts.filter((x) => x.source !== 'startRange');
      // The pattern: start parts, then end-only parts, marked by source.
      let s = '';
      for (const x of parts) {
        const tok = x.type === 'literal' ? x.value : toPattern([x], N, o, l, x.source === 'endRange' ? T + ms : T);
        s += x.source === 'endRange' && x.type !== 'literal' ? tok.replace('{', '{2') : tok;
      }
      // The end's hour prints with two digits when it has them (19): it
      // takes the start's width.
      iv[k][diff] = s.replace(/\{2(HH|hh|KK|kk)\}/g, (m, x) => s.includes('{' + x[0] + '}') ? '{2' + x[0] + '}' : m);
      } catch (e) { WARN.push(String(e.message)); }
    }
  }
  return {
    N: Object.assign({}, N, dedupeNames(N)), p, t12, t24, td, hc, hc12, ds, ts, dsGlue, j, jx, jt, hh, hhn, cd,
    utc: [gmt0, zone('UTC', 'long')], gmt, gmtMinus: gmtMinus && gmtMinus[1] !== '-' ? gmtMinus[1] : undefined, rs: rs.length ? rs[0] : ' – ', iv,
    // The calendar's year for 2024 (th's Buddhist calendar: 2567).
    yo: Number(latin(new Intl.DateTimeFormat(l, opts({ year: 'numeric' })).formatToParts(T).find((x) => x.type === 'year').value)) - 2024,
  };
}
function dedupeNames(N) {
  const r = {};
  for (const c of ['M', 'E']) for (const w of [4, 3, 5]) for (const [a, b] of [['y', 'd'], ['', 'd'], ['', 'y'], ['t', 'd'], ['t', '']]) {
    const ka = c + w + a, kb = c + w + b;
    if (N[ka] && N[kb] && typeof N[kb] !== 'string' && JSON.stringify(N[ka]) === JSON.stringify(N[kb])) r[ka] = kb;
  }
  return r;
}
// splitGlue finds the glue between a date pattern and a time pattern in
// their combination; the hour may be padded differently there (en-GB
// "7:04" alone, "Tue 07:04" after a weekday): hh is then 1 (padded) or 0.
function splitGlue(whole, date, time) {
  const variants = [[time, undefined], [time.replace(/\{([HhKk])\}/, '{$1$1}'), 1], [time.replace(/\{([HhKk])\1\}/, '{$1}'), 0]];
  const norm = (x) => x.replace(/\{([ME][345])[dyt]?\}/g, '{$1}');
  const nd = norm(date);
  for (let a = 0; a < whole.length; a++) {
    if (a > 0 && whole[a - 1] !== '}' && whole[a] !== '{' && !/[\s,]/.test(whole[a - 1])) continue;
    for (let b = whole.length; b > a; b--) {
      if (norm(whole.slice(a, b)) !== nd) continue;
      const before = whole.slice(0, a), after = whole.slice(b);
      for (const [t, hh] of variants) {
        let k = after.indexOf(t);
        if (k >= 0) return { g: before + '{1}' + after.slice(0, k) + '{0}' + after.slice(k + t.length), hh, date: whole.slice(a, b) };
        k = before.indexOf(t);
        if (k >= 0) return { g: before.slice(0, k) + '{0}' + before.slice(k + t.length) + '{1}' + after, hh, date: whole.slice(a, b) };
      }
    }
  }
  return null;
}

// numbers
function numTemplate(parts, l) {
  let s = '', inNum = false;
  for (const p of parts) {
    if (['integer', 'group', 'decimal', 'fraction'].includes(p.type)) { if (!inNum) s += '#'; inNum = true; continue; }
    inNum = false;
    if (p.type === 'minusSign' || p.type === 'plusSign') s += '~';
    else if (p.type === 'currency') s += '¤';
    else if (p.type === 'percentSign') s += '%';
    else if (p.type === 'literal') { if (/[#~¤%\[\]]/.test(p.value)) throw new Error(`${l}: literal ${p.value}`); s += p.value; }
    else if (p.type === 'compact') s += '[' + p.value + ']';
    else throw new Error(`${l}: number part ${p.type}`);
  }
  return s;
}
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CAD', 'AUD', 'CHF', 'KRW', 'BRL', 'MXN', 'RUB', 'PLN', 'SEK', 'NOK', 'DKK', 'TRY',
  'CZK', 'HUF', 'UAH', 'ILS', 'ZAR', 'NZD', 'HKD', 'SGD', 'TWD', 'THB', 'VND', 'IDR', 'RON', 'BGN', 'ISK', 'PHP', 'MYR', 'AED', 'SAR', 'EGP', 'ARS', 'CLP', 'COP'];
function numbers(l) {
  const parts = (o, x) => new Intl.NumberFormat(l, o).formatToParts(x);
  const get = (ps, t) => (ps.find((p) => p.type === t) || {}).value;
  const big = parts({}, -1234567.891);
  const ints = big.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const n = {
    dec: get(big, 'decimal'), grp: get(big, 'group'), minus: get(big, 'minusSign'), plus: get(parts({ signDisplay: 'always' }, 1), 'plusSign'),
    g1: ints[ints.length - 1], g2: ints.length > 2 ? ints[ints.length - 2] : ints[ints.length - 1],
    minGrp: new Intl.NumberFormat(l).format(1234).length === 4 ? 2 : 1,
    num: numTemplate(parts({}, -1), l), pct: numTemplate(parts({ style: 'percent' }, -0.25), l),
    cur: numTemplate(parts({ style: 'currency', currency: 'EUR' }, -1234.5), l),
    curCode: numTemplate(parts({ style: 'currency', currency: 'EUR', currencyDisplay: 'code' }, -1234.5), l),
    numP: numTemplate(parts({}, 1), l), pctP: numTemplate(parts({ style: 'percent' }, 0.25), l),
    curP: numTemplate(parts({ style: 'currency', currency: 'EUR' }, 1234.5), l),
    curCodeP: numTemplate(parts({ style: 'currency', currency: 'EUR', currencyDisplay: 'code' }, 1234.5), l),
    curDec: get(parts({ style: 'currency', currency: 'EUR' }, 1234567.5), 'decimal'), curGrp: get(parts({ style: 'currency', currency: 'EUR' }, 1234567.5), 'group'),
    exp: get(parts({ notation: 'scientific' }, 123456), 'exponentSeparator'),
    inf: get(parts({}, Infinity), 'infinity'), nan: get(parts({}, NaN), 'nan'),
    sym: {}, nsym: {},
  };
  // formatRange: the dash between two numbers and the sign of an
  // approximate one (de "≈5 €"); the percent sign when it is not "%".
  const rng = new Intl.NumberFormat(l).formatRangeToParts(3, 5).filter((p) => p.type === 'literal' && p.source === 'shared').map((p) => p.value).join('');
  if (rng !== '–') n.rng = rng;
  const approx = get(new Intl.NumberFormat(l).formatRangeToParts(5, 5), 'approximatelySign');
  if (approx !== '~') n.approx = approx;
  const pctSign = get(parts({ style: 'percent' }, 0.25), 'percentSign');
  if (pctSign !== '%') n.pctSign = pctSign;
  // Accounting: the negative currency template when it is not the usual one.
  const acc = numTemplate(parts({ style: 'currency', currency: 'EUR', currencySign: 'accounting' }, -1234.5), l);
  if (acc !== n.cur) n.curAcc = acc;
  for (const c of CURRENCIES) {
    n.sym[c] = get(parts({ style: 'currency', currency: c }, 1), 'currency');
    const nn = get(parts({ style: 'currency', currency: c, currencyDisplay: 'narrowSymbol' }, 1), 'currency');
    if (nn !== n.sym[c]) n.nsym[c] = nn;
  }
  // compact: for each power of ten, how many digits the number keeps and
  // the template by plural category.
  const pr = new Intl.PluralRules(l);
  n.compact = {};
  for (const disp of ['short', 'long']) {
    const byExp = [];
    for (let e = 3; e <= 14; e++) {
      const ps = parts({ notation: 'compact', compactDisplay: disp }, 10 ** e);
      if (!ps.some((p) => p.type === 'compact')) { byExp.push(null); continue; }
      const digits = ps.filter((p) => p.type === 'integer').map((p) => p.value).join('').length;
      const t = {};
      for (const k of [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 21, 1.5, 2.5]) {
        if (digits > 1 && k < 10) continue;
        const x = k * 10 ** (e - digits + 1);
        const cat = pr.select(k);
        const ps2 = parts({ notation: 'compact', compactDisplay: disp }, x);
        if (!t[cat]) t[cat] = numTemplate(ps2, l);
      }
      const other = t.other;
      for (const c of Object.keys(t)) if (c !== 'other' && t[c] === other) delete t[c];
      byExp.push([e - digits + 1, t]);
    }
    n.compact[disp] = byExp;
  }
  return n;
}

// Plural rules: the category of integers 0..199 (larger ones are asked as
// their value mod 100 plus 100), of a million, and of i.1 and i.5 for i
// in 0..19 (i + 10 beyond).
function plurals(l) {
  const r = {};
  for (const type of ['cardinal', 'ordinal']) {
    const pr = new Intl.PluralRules(l, { type });
    const cats = pr.resolvedOptions().pluralCategories;
    const code = (c) => cats.indexOf(c);
    const ints = [];
    for (let i = 0; i < 200; i++) ints.push(code(pr.select(i)));
    const fr = [];
    for (let i = 0; i < 20; i++) fr.push(code(pr.select(i + 0.1)), code(pr.select(i + 0.5)));
    // i.0 (a visible zero fraction: "1.0" is one in es, other in en).
    const prz = new Intl.PluralRules(l, { type, minimumFractionDigits: 1 }), z = [];
    for (let i = 0; i < 20; i++) z.push(code(prz.select(i)));
    r[type] = { c: cats, i: ints.join(''), f: fr.join(''), z: z.join(''), m: code(pr.select(1e6)) };
  }
  return r;
}

const UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];
function relative(l) {
  const pr = new Intl.PluralRules(l);
  const samples = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 21, 22, 25, 100, 101, 102, 1000000, 1.5, 0.5, 2.5];
  const r = {};
  for (const style of ['long', 'short', 'narrow']) {
    const rtf = new Intl.RelativeTimeFormat(l, { style });
    const auto = new Intl.RelativeTimeFormat(l, { style, numeric: 'auto' });
    r[style] = {};
    for (const u of UNITS) {
      const fut = {}, past = {};
      for (const x of samples) {
        const cat = pr.select(x);
        for (const [sign, into] of [[1, fut], [-1, past]]) {
          if (into[cat]) continue;
          const ps = rtf.formatToParts(sign * x, u);
          let s = '', inNum = false;
          for (const p of ps) {
            if (p.type === 'literal') { s += p.value; inNum = false; } else if (!inNum) { s += '#'; inNum = true; }
          }
          into[cat] = s;
        }
      }
      const words = {};
      for (const x of [-2, -1, 0, 1, 2]) {
        const w = auto.format(x, u);
        if (w !== rtf.format(x, u)) words[x] = w;
      }
      r[style][u] = [fut, past, words];
    }
  }
  // narrow and short are often the same as short and long.
  for (const u of UNITS) {
    if (JSON.stringify(r.narrow[u]) === JSON.stringify(r.short[u])) r.narrow[u] = 0;
    if (JSON.stringify(r.short[u]) === JSON.stringify(r.long[u])) r.short[u] = 0;
  }
  return r;
}

function lists(l) {
  const r = {};
  for (const type of ['conjunction', 'disjunction', 'unit']) for (const style of ['long', 'short', 'narrow']) {
    const lf = new Intl.ListFormat(l, { type, style });
    const two = lf.format(['A', 'B']), four = lf.format(['A', 'B', 'C', 'D']);
    const m4 = /^A(.*)B(.*)C(.*)D$/s.exec(four), m2 = /^A(.*)B$/s.exec(two);
    if (!m4 || !m2) throw new Error(`${l}: list ${type} ${style}: ${two} / ${four}`);
    r[type[0] + style[0]] = [m2[1], m4[1], m4[2], m4[3]];
  }
  return r;
}

// zones: the names of common zones in January and July (standard and
// daylight time in the north, the other way round in the south): short
// ones where the locale has them (en-GB "CET", de "MEZ"), long ones always.
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu',
  'America/Toronto', 'America/Vancouver', 'America/Mexico_City', 'America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'Europe/London', 'Europe/Dublin', 'Europe/Lisbon',
  'Europe/Paris', 'Europe/Berlin', 'Europe/Madrid', 'Europe/Rome', 'Europe/Amsterdam', 'Europe/Brussels', 'Europe/Zurich', 'Europe/Vienna', 'Europe/Stockholm',
  'Europe/Oslo', 'Europe/Copenhagen', 'Europe/Warsaw', 'Europe/Prague', 'Europe/Budapest', 'Europe/Helsinki', 'Europe/Athens', 'Europe/Bucharest', 'Europe/Kiev', 'Europe/Kyiv',
  'Europe/Moscow', 'Europe/Istanbul', 'Asia/Jerusalem', 'Asia/Dubai', 'Asia/Kolkata', 'Asia/Calcutta', 'Asia/Bangkok', 'Asia/Jakarta', 'Asia/Singapore', 'Asia/Shanghai',
  'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Seoul', 'Asia/Tokyo', 'Australia/Perth', 'Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Pacific/Auckland',
  'Africa/Johannesburg', 'Africa/Cairo', 'Africa/Lagos',
  // zones with offsets of their own (half and quarter hours, +13 and +14)
  // and the other large cities' zones
  'America/Halifax', 'America/St_Johns', 'America/Regina', 'America/Bogota', 'America/Lima', 'America/Santiago', 'America/Caracas', 'Atlantic/Azores',
  'Atlantic/Reykjavik', 'Africa/Casablanca', 'Africa/Nairobi', 'Europe/Kaliningrad', 'Asia/Riyadh', 'Asia/Tehran', 'Asia/Kabul', 'Asia/Karachi', 'Asia/Tashkent',
  'Asia/Kathmandu', 'Asia/Dhaka', 'Asia/Yangon', 'Asia/Ho_Chi_Minh', 'Asia/Manila', 'Asia/Kuala_Lumpur', 'Asia/Vladivostok', 'Australia/Adelaide', 'Australia/Darwin',
  'Australia/Lord_Howe', 'Pacific/Guam', 'Pacific/Fiji', 'Pacific/Chatham', 'Pacific/Tongatapu', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
// Zones that share their English names share a metazone (and its names
// in every locale): ZGROUP maps a zone to its group, computed once.
let ZGROUP = null;
function zoneNames(l, z) {
  const name = (n, t) => new Intl.DateTimeFormat(l, { timeZone: z, timeZoneName: n, hour: 'numeric' }).formatToParts(t).find((x) => x.type === 'timeZoneName').value;
  const jan = Date.UTC(2024, 0, 15, 12), jul = Date.UTC(2024, 6, 15, 12);
  return [name('short', jan), name('short', jul), name('long', jan), name('long', jul)].map(latin);
}
function zoneGroups() {
  if (ZGROUP) return ZGROUP;
  const byNames = {}, map = {}, reps = [];
  for (const z of ZONES) {
    const k = JSON.stringify(zoneNames('en', z)) + new Intl.DateTimeFormat('en', { timeZone: z, timeZoneName: 'longOffset' }).format(Date.UTC(2024, 0, 15));
    if (byNames[k] === undefined) { byNames[k] = reps.length; reps.push(z); }
    map[z] = byNames[k];
  }
  ZGROUP = { map, reps };
  return ZGROUP;
}
function zones(l) {
  const g = zoneGroups();
  // a GMT offset is the fallback, not a name ("GMT+0" at zero; en's
  // "GMT" for Greenwich Mean Time is a name)
  const gmtLike = (x) => /\d/.test(x) || /^\u200e?(GMT|UTC)./.test(x);
  return g.reps.map((z) => {
    const s = zoneNames(l, z);
    return [gmtLike(s[0]) ? 0 : s[0], gmtLike(s[1]) ? 0 : s[1], s[2], s[3] === s[2] ? 0 : s[3]];
  });
}

function likely(LOCALES) {
  const langs = new Set(LOCALES.map((l) => l.split('-')[0]));
  for (const x of ['no', 'ga', 'cy', 'mt', 'lb', 'af', 'ta', 'te', 'ur', 'pa', 'gu', 'mr', 'kn', 'ml', 'si', 'ne', 'km', 'lo', 'my', 'mn', 'uz', 'tg', 'ky', 'tk', 'ps', 'am', 'so', 'yo', 'zu', 'xh', 'ha', 'ig', 'eo', 'la', 'yue', 'haw', 'sm', 'to', 'mi', 'fo', 'kl', 'se', 'fy', 'gd', 'br', 'co', 'oc', 'rm', 'wa', 'lij']) langs.add(x);
  const r = {};
  for (const lang of [...langs].sort()) {
    const m = new Intl.Locale(lang).maximize();
    r[lang] = m.script + '-' + m.region;
  }
  // Scripts and regions that change the likely language form.
  for (const t of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'sr-Latn', 'pa-PK', 'az-IR', 'uz-AF', 'ms-CN', 'ha-SA']) {
    const m = new Intl.Locale(t).maximize();
    r[t] = m.script + '-' + m.region;
  }
  return r;
}


// Units and currency names (unitDisplay, currencyDisplay "name"): the
// template of each by width and plural category, "#" the number, the
// unit's own text in braces, "¤" a currency's name (which may change with
// the category too).
const MEASURE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'bit', 'kilobit', 'megabit', 'kilometer', 'meter', 'centimeter', 'millimeter',
  'mile', 'yard', 'foot', 'inch', 'kilogram', 'gram', 'pound', 'ounce', 'stone', 'liter', 'milliliter', 'gallon', 'fluid-ounce', 'millisecond', 'second', 'minute', 'hour',
  'day', 'week', 'month', 'year', 'percent', 'celsius', 'fahrenheit', 'degree', 'kilometer-per-hour', 'mile-per-hour', 'meter-per-second', 'acre', 'hectare'];
// The currencies whose names are kept (currencyDisplay "name" is rare:
// the others print their code there).
const NAMED_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CAD', 'AUD', 'CHF', 'BRL', 'MXN', 'RUB', 'KRW', 'PLN', 'SEK', 'TRY'];
function measures(l) {
  const pr = new Intl.PluralRules(l);
  const samples = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 21, 22, 25, 100, 101, 102, 1000000, 1.5, 0.5, 2.5];
  const tmpl = (ps, names) => {
    let s = '', inNum = false;
    for (const p of ps) {
      if (['integer', 'group', 'decimal', 'fraction'].includes(p.type)) { if (!inNum) s += '#'; inNum = true; continue; }
      inNum = false;
      if (/[{}¤]/.test(p.value) || (p.type !== 'unit' && p.value.includes('#'))) throw new Error(`${l}: unit text ${p.value}`); // a unit may be "#" (en's narrow pound)
      if (p.type === 'literal') s += p.value;
      else if (p.type === 'unit') s += '{' + p.value + '}';
      else if (p.type === 'currency') { s += '¤'; names.push(p.value); }
      else throw new Error(`${l}: unit part ${p.type}`);
    }
    return s;
  };
  // byCat formats a sample of each plural category: an array in the
  // order of pluralCategories, or one string when all agree. A template
  // "# {X}" is written "X", "#{X}" "#X", and "#\u00a0{X}" (or U+202F)
  // "\u00a0X" (intl.js reads a string without "{" so).
  const cats = pr.resolvedOptions().pluralCategories;
  const short = (t) => {
    const m = /^#([ \u00a0\u202f]?)\{([^{}]*)\}$/.exec(t);
    if (!m || (m[1] !== '' && /^[#\u00a0\u202f]/.test(m[2]))) return t;
    return m[1] === ' ' ? m[2] : (m[1] || '#') + m[2];
  };
  const byCat = (f, names) => {
    const r = {};
    for (const x of samples) {
      const c = pr.select(x);
      if (r[c] === undefined) { const nm = []; r[c] = tmpl(f.formatToParts(x), nm); if (names) names[c] = nm[0]; }
    }
    const vals = cats.map((c) => short(r[c]));
    return vals.every((v) => v === vals[0]) ? vals[0] : vals;
  };
  const u = {};
  for (const unit of MEASURE_UNITS) {
    const w = ['short', 'long', 'narrow'].map((d) => byCat(new Intl.NumberFormat(l, { style: 'unit', unit, unitDisplay: d })));
    const j = w.map((x) => JSON.stringify(x));
    u[unit] = [w[0], j[1] === j[0] ? 0 : w[1], j[2] === j[0] ? 0 : w[2]];
  }
  // Currency names: the template (one per category) and each currency's
  // names, counted on two fraction digits as currencies print ("1.00").
  const cn = {};
  let ct = null;
  for (const c of NAMED_CURRENCIES) {
    const names = {}, f = new Intl.NumberFormat(l, { style: 'currency', currency: c, currencyDisplay: 'name', minimumFractionDigits: 0 });
    const t = byCat(f, names);
    if (ct === null) ct = t;
    else if (JSON.stringify(ct) !== JSON.stringify(t)) WARN.push(`${l}: currency name template of ${c} differs: ${JSON.stringify(t)}`);
    const vals = cats.map((k) => names[k]);
    cn[c] = vals.every((v) => v === vals[0]) ? vals[0] : vals;
  }
  return { u, cn, ct };
}

// Display names: the codes asked for (one list for every locale, kept in
// the tables once) and, per locale, each code's name (0 where the locale
// has none), the dialect names that differ from "language (region)", and
// the pattern and separator of a composed name. A regional locale keeps
// only the names that differ from its language's.
const DN = {
  language: ['af', 'am', 'ar', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et', 'eu', 'fa', 'fi', 'fil', 'fo', 'fr', 'ga', 'gl', 'gu', 'he',
    'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it', 'ja', 'ka', 'kk', 'km', 'kn', 'ko', 'lo', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'my', 'nb', 'ne', 'nl', 'nn', 'no', 'pa',
    'pl', 'ps', 'pt', 'ro', 'ru', 'se', 'si', 'sk', 'sl', 'sq', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tr', 'uk', 'ur', 'uz', 'vi', 'yue', 'zh', 'zu'],
  dialect: ['en-US', 'en-GB', 'en-AU', 'en-CA', 'fr-CA', 'fr-CH', 'pt-BR', 'pt-PT', 'es-MX', 'es-419', 'es-ES', 'zh-Hans', 'zh-Hant', 'de-AT', 'de-CH', 'nl-BE', 'ar-001', 'sr-Latn'],
  region: ['001', '002', '019', '142', '150', '419', 'AE', 'AR', 'AT', 'AU', 'BD', 'BE', 'BG', 'BR', 'CA', 'CH', 'CL', 'CN', 'CO', 'CZ', 'DE', 'DK', 'EE', 'EG', 'ES', 'EU',
    'FI', 'FR', 'GB', 'GR', 'HK', 'HR', 'HU', 'ID', 'IE', 'IL', 'IN', 'IR', 'IS', 'IT', 'JP', 'KE', 'KR', 'LT', 'LU', 'LV', 'MA', 'MO', 'MX', 'MY', 'NG', 'NL', 'NO', 'NZ',
    'PE', 'PH', 'PK', 'PL', 'PT', 'RO', 'RS', 'RU', 'SA', 'SE', 'SG', 'SI', 'SK', 'TH', 'TR', 'TW', 'UA', 'US', 'VE', 'VN', 'ZA'],
  script: ['Arab', 'Armn', 'Beng', 'Cyrl', 'Deva', 'Geor', 'Grek', 'Hans', 'Hant', 'Hebr', 'Jpan', 'Kore', 'Latn', 'Thai'],
  currency: CURRENCIES,
};
function displayNames(l) {
  const dn = (type, o) => new Intl.DisplayNames(l, Object.assign({ type, fallback: 'none' }, o));
  const r = {};
  for (const type of ['language', 'region', 'script', 'currency']) {
    const d = dn(type);
    r[type[0]] = DN[type].map((c) => d.of(c) || 0);
  }
  // Short region names where they differ (en "US", "UK").
  const rs = dn('region', { style: 'short' });
  r.rs = {};
  DN.region.forEach((c, i) => { const v = rs.of(c); if (v && v !== r.r[i]) r.rs[i] = v; });
  const std = dn('language', { languageDisplay: 'standard' }), dia = dn('language');
  r.x = DN.dialect.map((c) => { const v = dia.of(c); return v && v !== std.of(c) ? v : 0; });
  const full = (type, o) => new Intl.DisplayNames(l, Object.assign({ type }, o));
  const de = full('language').of('de'), at = full('region').of('AT'), latn = full('script').of('Latn');
  const one = full('language', { languageDisplay: 'standard' }).of('de-AT'), two = full('language', { languageDisplay: 'standard' }).of('de-Latn-AT');
  if (one.includes(de) && one.includes(at) && two.includes(latn)) {
    r.p = one.replace(de, '{0}').replace(at, '{1}');
    const t = two.replace(de, '{0}');
    const a = t.indexOf(latn), b = t.indexOf(at);
    r.sep = a >= 0 && b > a ? t.slice(a + latn.length, b) : ', ';
  } else {
    WARN.push(`${l}: display name pattern ${one} / ${two}`);
    r.p = '{0} ({1})'; r.sep = ', ';
  }
  return r;
}
// dnDiff keeps of a regional locale's names those that differ from its
// language's (b: the language's key).
function dnDiff(own, base, baseKey) {
  const r = { b: baseKey };
  for (const k of Object.keys(own)) {
    if (!Array.isArray(own[k])) { if (own[k] !== base[k]) r[k] = own[k]; continue; }
    const d = {};
    own[k].forEach((v, i) => { if (v !== base[k][i]) d[i] = v; });
    if (Object.keys(d).length) r[k] = d;
  }
  return r;
}

// collation: the tags whose Collator keeps their region (Chromium names
// most collators by their language alone: de-DE is "de", en-US "en-US"),
// and the languages that sort upper case first by default (da).
function collation(LOCALES) {
  const cands = new Set(LOCALES);
  for (const l of LOCALES) {
    const m = new Intl.Locale(l).maximize();
    cands.add(m.language + '-' + m.region);
  }
  const keep = [], upper = [];
  for (const t of [...cands].sort()) {
    const r = new Intl.Collator(t).resolvedOptions();
    if (r.locale === t && t.includes('-')) keep.push(t);
    if (r.caseFirst === 'upper' && !upper.includes(t.split('-')[0])) upper.push(t.split('-')[0]);
  }
  // The tags formatters name by their language alone (Chromium's ICU has
  // no nb_NO: "nb-NO" resolves to "nb").
  const drop = [...cands].filter((t) => t.includes('-') && new Intl.DateTimeFormat(t).resolvedOptions().locale === t.split('-')[0]).sort();
  return { keep, upper, drop };
}

const WARN = [];
function collect(LOCALES) {
  const data = {}, dnCache = {};
  for (const l of LOCALES) {
    const nu = numberingSystem(l);
    DIGITS = nu ? nu[1] : null;
    const resolved = new Intl.DateTimeFormat(l).resolvedOptions().locale;
    const n = numbers(l), d = dates(l);
    if (nu) n.nu = d.nu = nu;
    const base = l.split('-')[0];
    const names = displayNames(l);
    dnCache[l] = names;
    const dnOut = l.includes('-') && dnCache[base] ? dnDiff(names, dnCache[base], base) : names;
    data[l] = [resolved].concat([n, d, plurals(l), relative(l), lists(l), zones(l), measures(l), dnOut].map((x) => JSON.stringify(x)));
  }
  const curDigits = {};
  for (const c of CURRENCIES.concat(['BHD', 'KWD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD', 'XAF', 'XOF', 'PYG', 'UGX', 'RWF', 'KMF', 'GNF', 'DJF', 'VUV', 'XPF'])) {
    const d = new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions().maximumFractionDigits;
    if (d !== 2) curDigits[c] = d;
  }
  return { data, likely: likely(LOCALES), curDigits, zones: zoneGroups().map, coll: collation(LOCALES), dn: DN, warnings: WARN };
}
