// Boat hire: Sammy.js 0.7.6 on jQuery 1.12, the hashbang router of the
// AJAX-crawling era. Routes on '#!/…' paths, a `before` filter that loads
// the boat list once, `this.load(...).then(...)` for JSON, templates
// fetched over XHR and rendered by Sammy.Template (`render`, `renderEach`,
// `replace`, `appendTo`), Sammy.Title, a helper, app events with `trigger`
// and `bind`, a jQuery Deferred, and a delayed flash message.
(function ($) {
  'use strict';

  var listed = $.Deferred();

  var app = $.sammy('#main', function () {
    this.use('Template');
    this.use('Title');
    this.setTitle(function (t) { return t + ' · Boat hire'; });

    this.helpers({
      price: function (nok) { return 'NOK ' + nok + ' / day'; }
    });

    this.before({}, function (context) {
      if (app.boats) { return; }
      return this.load('data/boats.json').then(function (boats) {
        app.boats = boats;
        var free = $.grep(boats, function (b) { return !b.booked; }).length;
        $('#status').text(boats.length + ' boats, ' + free + ' free this week');
        $('#boats').empty();
        $.each(boats, function (i, b) {
          $('<li>').attr('data-id', b.id).toggleClass('booked', b.booked)
            .append($('<a>').attr('href', '#!/boats/' + b.id).text(b.name))
            .appendTo('#boats');
        });
        listed.resolve(boats);
      });
    });

    this.get('#!/', function () {
      this.title('All boats');
      this.swap('<p class="pick">Pick a boat.</p>');
    });

    this.get('#!/boats/:id', function (context) {
      var id = this.params.id, shown;
      listed.done(function () {
        $('#boats li').removeClass('selected').filter('[data-id="' + id + '"]').addClass('selected');
      });
      this.load('data/boats/' + id + '.json')
        .then(function (boat) {
          context.title(boat.name);
          boat.priceText = context.price(boat.price);
          shown = boat;
          return boat;
        })
        .render('templates/boat.template')
        .replace('#main')
        .then(function () {
          context.renderEach('templates/trip.template', 'trip', shown.trips)
            .appendTo('#main .trips');
          context.trigger('boat-shown', { id: id });
        });
    });

    this.bind('boat-shown', function (e, data) {
      window.setTimeout(function () {
        $('#flash').text('Showing boat ' + data.id).show();
      }, 150);
    });
  });

  $(function () { app.run('#!/'); });
})(jQuery);
