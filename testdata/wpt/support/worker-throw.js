// Throws from a timer after saying hello; the first message it gets asks
// it to handle its own error instead.
var handle = false;
onmessage = function (e) {
  handle = e.data === 'handle';
  setTimeout(function () { throw new TypeError('worker boom'); }, 0);
};
self.addEventListener('error', function (e) {
  if (handle) {
    e.preventDefault();
    postMessage('handled in worker: ' + e.message);
  }
});
postMessage('ready');
