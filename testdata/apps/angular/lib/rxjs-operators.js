// The names Angular imports from 'rxjs/operators', from the UMD global.
const o = globalThis.rxjs.operators;
export const { concatMap, filter, finalize, map, switchMap, takeUntil, tap } = o;
