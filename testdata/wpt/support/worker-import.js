// importScripts runs its scripts in order, at once, in the global scope.
var before = typeof imported;
importScripts('worker-import-a.js', 'worker-import-b.js');
var result = { before: before, after: imported.join() };
try {
  importScripts('worker-no-such-script.js');
  result.missing = 'no error';
} catch (e) {
  result.missing = e.name;
}
postMessage(result);
