// Posts a tick every 10 ms; closes itself after 3 when asked to.
var n = 0, closeAfter = 0;
onmessage = function (e) { closeAfter = e.data; };
setInterval(function () {
  postMessage(++n);
  if (closeAfter && n === closeAfter) {
    close();
    postMessage('after close');
  }
}, 10);
