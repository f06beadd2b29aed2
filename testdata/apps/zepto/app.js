// Ferries: Zepto 1.2 (its default build: zepto, event, ajax, form, ie) the
// way mobile sites used it. $(fn), $.getJSON, $.ajax with data and a json
// dataType, .load(url + ' selector'), delegated .on(), .data(), $.map,
// $.each, .toggleClass and .removeClass; #!/ferries/<id> picks a route.
Zepto(function ($) {
  'use strict';
  var routes = [];

  function ferryId() {
    var m = /^#!\/ferries\/(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  function pad(n) { return (n < 10 ? '0' : '') + n; }

  function showFerry(id) {
    $('#routes li').each(function () {
      $(this).toggleClass('current', $(this).data('id') === id);
    });
    if (id === null) { return; }
    $.ajax({
      url: 'data/ferries/' + id + '.json',
      data: { day: 'sat', lang: 'en' },
      dataType: 'json',
      success: function (f) {
        var $f = $('#ferry').removeClass('hidden');
        $f.find('h2').text(f.from + ' – ' + f.to);
        $f.find('.facts').html($.map(f.facts, function (v, k) {
          return '<dt>' + k + '</dt><dd>' + v + '</dd>';
        }).join(''));
        var rows = [];
        $.each(f.sailings, function (i, s) {
          var t = Math.floor(s.minutes / 60) + ':' + pad(s.minutes % 60);
          rows.push($('<tr>').addClass(s.delay ? 'late' : '').append($('<td>').text(t))
            .append($('<td>').text(s.delay ? '+' + s.delay + ' min' : 'on time')));
        });
        $f.find('.sailings tbody').empty().append(rows);
        document.title = f.from + ' – ' + f.to + ' · Ferries';
      },
      error: function (xhr) {
        $('.status').text('Route ' + id + ' failed: ' + xhr.status);
      }
    });
  }

  $('#routes').on('click', 'a', function (e) {
    $(this).closest('li').addClass('visited');
  });

  $.getJSON('data/routes.json', function (data) {
    routes = data.routes;
    $('#routes').html(routes.map(function (r) {
      return '<li data-id="' + r.id + '"><a href="#!/ferries/' + r.id + '">' + r.name + '</a></li>';
    }).join(''));
    $('.status').text(routes.length + ' routes, ' + $.grep(routes, function (r) { return r.daily; }).length + ' daily');
    showFerry(ferryId());
  });

  $('#notes').load('data/notes.html .note.current');
  $(window).on('hashchange', function () { showFerry(ferryId()); });
});
