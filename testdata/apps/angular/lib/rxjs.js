// The names Angular imports from 'rxjs', re-exported from the UMD global.
const r = globalThis.rxjs;
export const { BehaviorSubject, Observable, ReplaySubject, Subject, Subscription, from, of } = r;
