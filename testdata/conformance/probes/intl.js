// Intl and locale-sensitive formatting with explicit locale and time zone (ECMA-402).
// https://tc39.es/ecma402/
const T = Date.UTC(2024, 2, 5, 7, 4, 9); // Tue 5 March 2024 07:04:09 UTC
const LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "ru-RU", "pl-PL", "sv-SE", "tr-TR", "ja-JP", "zh-CN", "ko-KR"];
for (const l of LOCALES) {
  probe("number " + l, () => [(1234567.891).toLocaleString(l), (-0.5).toLocaleString(l), (1e21).toLocaleString(l), (12).toLocaleString(l, { minimumIntegerDigits: 3 })]);
  probe("currency " + l, () => [new Intl.NumberFormat(l, { style: "currency", currency: "EUR" }).format(1234.5), new Intl.NumberFormat(l, { style: "currency", currency: "USD", currencyDisplay: "code" }).format(-7)]);
  probe("percent " + l, () => new Intl.NumberFormat(l, { style: "percent", maximumFractionDigits: 1 }).format(0.1234));
  probe("date default " + l, () => new Date(T).toLocaleDateString(l, { timeZone: "UTC" }));
  probe("datetime default " + l, () => new Date(T).toLocaleString(l, { timeZone: "UTC" }));
  probe("time default " + l, () => new Date(T).toLocaleTimeString(l, { timeZone: "UTC" }));
  probe("date long " + l, () => new Date(T).toLocaleDateString(l, { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric" }));
  probe("date short month " + l, () => new Date(T).toLocaleDateString(l, { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }));
  probe("dateStyle " + l, () => ["full", "long", "medium", "short"].map(s => new Intl.DateTimeFormat(l, { timeZone: "UTC", dateStyle: s }).format(T)));
  probe("timeStyle " + l, () => ["medium", "short"].map(s => new Intl.DateTimeFormat(l, { timeZone: "UTC", timeStyle: s }).format(T)));
}
probe("hour12 options", () => [new Date(T).toLocaleTimeString("en-US", { timeZone: "UTC", hour12: false }), new Date(T).toLocaleTimeString("en-GB", { timeZone: "UTC", hour12: true }), new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "numeric", hourCycle: "h23" }).format(T)]);
probe("time zones", () => ["America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney"].map(z => new Date(T).toLocaleString("en-US", { timeZone: z })));
probe("timeZoneName", () => [new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "short" }).format(T), new Intl.DateTimeFormat("en-US", { timeZone: "UTC", timeZoneName: "long" }).format(T)]);
probe("invalid time zone", () => errName(() => new Intl.DateTimeFormat("en-US", { timeZone: "Mars/Base" })));
probe("era and month narrow", () => [new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "narrow" }).format(T), new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", era: "short" }).format(T)]);
probe("2-digit parts", () => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "2-digit", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(T));
probe("formatRange", () => typeof Intl.DateTimeFormat.prototype.formatRange === "function" ? new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).formatRange(T, T + 3 * 864e5) : "missing");
probe("supportedLocalesOf", () => [Intl.DateTimeFormat.supportedLocalesOf(["en-US", "xx-XX"]), Intl.NumberFormat.supportedLocalesOf("de")]);
probe("getCanonicalLocales", () => typeof Intl.getCanonicalLocales === "function" ? Intl.getCanonicalLocales(["EN-us", "de-de"]) : "missing");
probe("Locale", () => typeof Intl.Locale === "function" ? [new Intl.Locale("en-Latn-US").language, new Intl.Locale("en-US").region, new Intl.Locale("de").maximize().toString()] : "missing");
probe("NumberFormat formatToParts", () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).formatToParts(-1234.5).map(p => p.type));
probe("NumberFormat rounding", () => [new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(0.5), new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(1.5), new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(1.005), new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 3 }).format(2)]);
probe("NumberFormat notation", () => ["scientific", "engineering", "compact"].map(n => new Intl.NumberFormat("en-US", { notation: n }).format(123456)));
probe("NumberFormat compact long", () => [new Intl.NumberFormat("en-US", { notation: "compact", compactDisplay: "long" }).format(2500000), new Intl.NumberFormat("de-DE", { notation: "compact" }).format(2500)]);
probe("NumberFormat signDisplay", () => ["auto", "always", "never", "exceptZero"].map(s => new Intl.NumberFormat("en-US", { signDisplay: s }).format(0) + "|" + new Intl.NumberFormat("en-US", { signDisplay: s }).format(-1)));
probe("NumberFormat units", () => ["kilobyte", "percent", "liter", "mile-per-hour"].map(u => new Intl.NumberFormat("en-US", { style: "unit", unit: u, unitDisplay: "short" }).format(3)));
probe("NumberFormat bad currency", () => [errName(() => new Intl.NumberFormat("en-US", { style: "currency" })), errName(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "EURO" }))]);
probe("PluralRules", () => typeof Intl.PluralRules === "function" ? [[0, 1, 2, 5].map(n => new Intl.PluralRules("en-US").select(n)), [0, 1, 2, 5, 22].map(n => new Intl.PluralRules("ru-RU").select(n)), new Intl.PluralRules("en-US", { type: "ordinal" }).select(2)] : "missing");
probe("RelativeTimeFormat", () => typeof Intl.RelativeTimeFormat === "function" ? [new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(1, "day"), new Intl.RelativeTimeFormat("en").format(-3, "hour"), new Intl.RelativeTimeFormat("de", { numeric: "auto" }).format(-1, "day"), new Intl.RelativeTimeFormat("en", { style: "short" }).format(2, "month")] : "missing");
probe("ListFormat", () => typeof Intl.ListFormat === "function" ? [new Intl.ListFormat("en", { type: "disjunction" }).format(["a", "b", "c"]), new Intl.ListFormat("de").format(["a", "b", "c"])] : "missing");
probe("DisplayNames", () => typeof Intl.DisplayNames === "function" ? [new Intl.DisplayNames(["en"], { type: "region" }).of("DE"), new Intl.DisplayNames(["en"], { type: "language" }).of("fr"), new Intl.DisplayNames(["en"], { type: "currency" }).of("JPY")] : "missing");
probe("Segmenter", () => typeof Intl.Segmenter === "function" ? Array.from(new Intl.Segmenter("en", { granularity: "word" }).segment("Hi there!"), s => s.segment) : "missing");
probe("Collator options", () => typeof Intl.Collator === "function" ? [["a10", "a2", "A1"].sort(new Intl.Collator("en", { numeric: true }).compare), ["b", "a", "B"].sort(new Intl.Collator("en", { caseFirst: "upper" }).compare), new Intl.Collator("en", { sensitivity: "base" }).compare("a", "A")] : "missing");
probe("toLocaleUpperCase", () => ["i".toLocaleUpperCase("tr-TR"), "I".toLocaleLowerCase("tr-TR"), "ß".toLocaleUpperCase("de")]);
probe("Date toLocale without options default zone UTC", () => new Date(T).toLocaleString("en-US"));
probe("Array toLocaleString", () => [1234.5, new Date(T)].toLocaleString("de-DE", { timeZone: "UTC" }));
