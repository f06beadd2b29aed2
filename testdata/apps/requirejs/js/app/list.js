// app/list: the CommonJS-sugar form (require, exports, module).
define(function (require, exports, module) {
  'use strict';
  var format = require('app/format');
  exports.render = function (sites) {
    var ul = document.getElementById('sites');
    ul.innerHTML = sites.map(function (s) {
      return '<li data-id="' + s.id + '"' + (s.cloudy ? ' class="cloudy"' : '') + '><a href="#!/sites/' +
        s.id + '">' + format.escape(s.name) + '</a> <small>' + format.bortle(s.bortle) + '</small></li>';
    }).join('');
    var clear = sites.filter(function (s) { return !s.cloudy; }).length;
    var summary = document.querySelector('.summary');
    summary.textContent = sites.length + ' sites, ' + clear + ' clear tonight';
    summary.className = 'summary';
  };
  exports.mark = function (id) {
    Array.prototype.forEach.call(document.querySelectorAll('#sites li'), function (li) {
      li.classList.toggle('current', li.getAttribute('data-id') === id);
    });
  };
  module.exports.name = module.id;
});
