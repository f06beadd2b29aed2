// app/detail: a view whose template is loaded by the text! plugin.
define(['text!templates/site.html', 'app/format'], function (tpl, format) {
  'use strict';
  function fill(t, data) {
    return t.replace(/\{\{(\w+)\}\}/g, function (_, k) { return format.escape(data[k]); });
  }
  return {
    render: function (s) {
      var el = document.getElementById('site');
      el.innerHTML = fill(tpl, {
        name: s.name,
        bortle: format.bortle(s.bortle),
        distance: format.km(s.distanceKm),
        best: s.best
      });
      el.querySelector('.nights').innerHTML = s.nights.map(function (n) {
        return '<li class="' + (n.aurora ? 'aurora' : '') + '">' + format.escape(n.date) + ': ' + n.kp + ' Kp</li>';
      }).join('');
      el.hidden = false;
      document.title = s.name + ' · Dark-sky sites';
    },
    fail: function (err) {
      var el = document.getElementById('site');
      el.textContent = 'Could not load: ' + err.message;
      el.hidden = false;
    }
  };
});
