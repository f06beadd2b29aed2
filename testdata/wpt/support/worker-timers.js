// Timers, microtasks and promise jobs in the worker, in order.
var order = [];
setTimeout(function () { order.push('timeout 20'); }, 20);
setTimeout(function () { order.push('timeout 0'); }, 0);
var n = 0, id = setInterval(function () {
  order.push('interval ' + (++n));
  if (n === 3) {
    clearInterval(id);
    setTimeout(function () { postMessage(order); }, 30);
  }
}, 5);
var cleared = setTimeout(function () { order.push('cleared'); }, 1);
clearTimeout(cleared);
queueMicrotask(function () { order.push('microtask'); });
Promise.resolve().then(function () { order.push('promise'); });
order.push('script');
