// Tries to post what cannot be cloned.
try {
  postMessage(function f() {});
} catch (e) {
  postMessage('caught ' + e.name + ' ' + (e instanceof DOMException));
}
