// app/format: an object-literal module.
define({
  bortle: function (n) { return 'Bortle ' + n; },
  km: function (n) { return n.toFixed(1) + ' km'; },
  escape: function (s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c];
    });
  }
});
