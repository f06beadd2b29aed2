// app/format: a plain AMD module of the app package.
define([], function () {
  return {
    escape: function (s) {
      return String(s).replace(/[&<>]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;' }[c]; });
    },
    hours: function (min) {
      var h = Math.floor(min / 60), m = min % 60;
      return h + ' h' + (m ? ' ' + m + ' min' : '');
    }
  };
});
