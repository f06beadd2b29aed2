// Reports what the worker's global scope has.
var names = ['self', 'postMessage', 'close', 'importScripts', 'setTimeout', 'setInterval', 'clearTimeout',
  'clearInterval', 'queueMicrotask', 'structuredClone', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams',
  'atob', 'btoa', 'crypto', 'performance', 'console', 'location', 'EventTarget', 'Event', 'MessageEvent',
  'ErrorEvent', 'document', 'window', 'Worker', 'localStorage', 'alert'];
var types = {};
names.forEach(function (n) { types[n] = typeof self[n]; });
postMessage({
  types: types,
  selfIsGlobal: self === globalThis,
  tag: Object.prototype.toString.call(self),
  isDedicated: self instanceof DedicatedWorkerGlobalScope,
  isWorkerScope: self instanceof WorkerGlobalScope,
  isEventTarget: self instanceof EventTarget,
  name: self.name,
  href: location.href,
  pathname: location.pathname,
  locationString: String(location),
  encoded: Array.from(new TextEncoder().encode('ø')).join(),
  url: new URL('a/b?c', 'https://example.test/x/').href,
  b64: btoa('hi'),
  clone: structuredClone({ m: new Map([[1, 'one']]) }).m.get(1),
  random: crypto.getRandomValues(new Uint8Array(4)).length,
  now: typeof performance.now()
});
