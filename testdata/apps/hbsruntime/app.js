// Bus timetables with precompiled Handlebars templates (runtime only) and
// jQuery 1.12 for the requests, as many 2014 sites were built.
(function ($) {
  'use strict';
  Handlebars.registerHelper('eq', function (a, b) { return a === b; });
  Handlebars.registerHelper('pluralize', function (n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); });
  Handlebars.registerHelper('duration', function (min) {
    return new Handlebars.SafeString('<span class="duration">' + Math.floor(min / 60) + ' h ' + (min % 60) + ' min</span>');
  });

  function current() {
    var m = /^#!\/routes\/(\d+)$/.exec(location.hash);
    return m ? m[1] : '100';
  }

  $(function () {
    var id = current();
    $.getJSON('data/routes.json', function (d) {
      $('#nav').html(Handlebars.templates.nav({ routes: d.routes, current: id }));
    });
    $.ajax({ url: 'data/route-' + id + '.json', dataType: 'json' })
      .done(function (r) {
        $('#route').html(Handlebars.templates.route(r));
        document.title = r.from + ' – ' + r.to + ' · Bus timetables';
      })
      .fail(function (xhr) {
        $('#route').html('<p class="error">No timetable (' + xhr.status + ')</p>');
      });
  });
})(jQuery);
