// Counts the evaluations of each module of lazyimp14-import-lazy.html.
export function ran(name) {
  const runs = globalThis.lazyRuns = globalThis.lazyRuns || {};
  runs[name] = (runs[name] || 0) + 1;
}
