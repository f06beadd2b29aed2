// A 2016-style jQuery 1.x + jQuery UI page: widgets built from XHR data,
// $.Deferred chains, effects, and a #! state choosing the tab and route.
(function ($) {
  var log = [];
  function note(s) { log.push(s); }
  function wait(ms, what) {
    var d = $.Deferred();
    setTimeout(function () { note(what); d.resolve(what); }, ms);
    return d.promise();
  }
  function route() {
    var m = /^#!\/(routes|book)(?:\/(\d+))?/.exec(location.hash) || [];
    return { tab: m[1] || 'routes', id: m[2] ? +m[2] : 1 };
  }

  $(function () {
    var state = route();
    var routes = $.getJSON('data/routes.json');
    var detail = $.ajax({ url: 'data/route-' + state.id + '.json', dataType: 'json' });

    $.when(routes, detail, wait(40, 'timer')).then(function (r, d) {
      var list = r[0], current = d[0];
      var acc = $('#routes');
      $.each(list, function (i, rt) {
        var h = $('<h3/>').text(rt.from + ' – ' + rt.to);
        var body = $('<div/>').append($('<p/>').text(rt.minutes + ' min, ' + rt.daily + ' sailings a day'));
        var meter = $('<div class="meter"><div class="fill"></div></div>').attr('data-load', rt.load);
        body.append(meter);
        if (rt.id === current.id) {
          body.append($('<ol class="departures"/>').append($.map(current.departures, function (t) { return $('<li/>').text(t)[0]; })));
        }
        acc.append(h, body);
      });
      acc.accordion({ heightStyle: 'content', active: $.inArray(current.id, $.map(list, function (x) { return x.id; })) });
      // the fill is a share of the meter's content width, as jQuery measures it
      $('.meter').each(function () {
        var w = $(this).width();
        $(this).find('.fill').css('width', Math.round(w * $(this).data('load') / 100) + 'px');
      });
      document.title = current.from + ' – ' + current.to + ' | Fjord Ferries';
      return wait(30, 'rendered').then(function () { return current; });
    }).then(function (current) {
      $('#tabs').tabs({
        active: state.tab === 'book' ? 1 : 0,
        load: function (e, ui) { ui.panel.find('.since').addClass('loaded'); }
      });
      $('#date').datepicker({ dateFormat: 'yy-mm-dd', firstDay: 1, defaultDate: new Date(2024, 5, 14) });
      $('#date').datepicker('setDate', new Date(2024, 5, 17));
      $('#date-text').text('Sailing ' + $.datepicker.formatDate('DD d MM yy', $('#date').datepicker('getDate')));
      $('#passengers').spinner({ min: 1, max: 9 }).spinner('stepUp', 1);
      $('#fare').selectmenu({ width: 160 });
      $('#box-size').text('Booking box ' + $('#book-box').width() + '×' + $('#book-box').outerWidth() + ' px');
      $('#status').text('Next sailing ' + current.departures[0] + ' from ' + current.from);
      $('#notice').slideDown(200);
      $('#status').animate({ width: 400 }, 150);
    }).fail(function (xhr) {
      $('#status').text('Timetables unavailable (' + (xhr && xhr.status) + ')');
    });

    $('#load').load('data/about.html .since', function () { note('load'); });
  });

  $(window).load(function () { note('window-load'); });
  $(document).ajaxStop(function () {
    $.when($('#notice, #status').promise(), wait(300, 'settled')).done(function () {
      $('#log').text(log.sort().join(', '));
    });
  });
})(jQuery);
