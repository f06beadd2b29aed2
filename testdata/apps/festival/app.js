// A 2015-style festival page: jQuery plugins over data fetched with $.ajax.
// The #! state is #!/programme/<genre>[/<artist search>].
jQuery(function ($) {
  'use strict';

  var state = (function (hash) {
    var m = /^#!\/programme\/([a-z]+)(?:\/(.+))?$/.exec(hash) || [];
    return { genre: m[1] || '*', find: m[2] ? decodeURIComponent(m[2]) : '' };
  })(location.hash);

  $.getJSON('data/programme.json').done(function (p) {
    var zone = p.zone;
    var ref = moment.tz(p.reference, zone);
    var first = moment.tz(p.gigs.map(function (g) { return g.start; }).sort()[0], zone);
    $('#when').removeClass('loading').text(
      first.format('dddd D MMMM YYYY') + ' (' + first.from(ref) + '), times in ' + zone.replace('_', ' ') + ' (' + first.format('z') + ')');

    // Filters and the grid.
    var $filters = $('.filters');
    $.each(['*'].concat(p.genres), function (_, g) {
      $('<a>', { href: '#!/programme/' + (g === '*' ? 'all' : g), text: g === '*' ? 'All' : g, 'data-filter': g === '*' ? '*' : '.' + g })
        .toggleClass('on', g === state.genre)
        .appendTo($filters).after(' ');
    });
    var $grid = $('.grid');
    $.each(p.gigs, function (_, g) {
      var t = moment.tz(g.start, zone);
      $('<div class="gig">').addClass(g.genre).attr('data-start', t.valueOf())
        .append($('<h3>').text(g.artist))
        .append($('<p class="time">').text(t.format('ddd HH:mm') + ' · ' + g.stage))
        .append($('<p class="ny">').text('New York ' + t.clone().tz('America/New_York').format('ddd h:mm A z')))
        .appendTo($grid);
    });
    $grid.isotope({
      itemSelector: '.gig',
      layoutMode: 'fitRows',
      transitionDuration: 0,
      getSortData: { start: '[data-start] parseInt', artist: 'h3' },
      sortBy: 'start',
      filter: state.genre === '*' || state.genre === 'all' ? '*' : '.' + state.genre
    });
    $grid.on('arrangeComplete', function (e, items) {
      $('.shown').text(items.length + ' of ' + p.gigs.length + ' gigs shown, first: ' +
        $(items[0] && items[0].element).find('h3').text());
    });
    $grid.isotope(); // arrange again so arrangeComplete reports the layout
    $(window).on('hashchange', function () { location.reload(); });

    // Artist search: Bloodhound prefetch + typeahead, opened on the search
    // from the state.
    var artists = new Bloodhound({
      datumTokenizer: Bloodhound.tokenizers.whitespace,
      queryTokenizer: Bloodhound.tokenizers.whitespace,
      prefetch: { url: 'data/artists.json', cache: false }
    });
    var $find = $('.artist').typeahead({ hint: true, highlight: true, minLength: 1 },
      { name: 'artists', source: artists, limit: 5 });
    artists.initialize().done(function () {
      if (state.find) {
        $find.typeahead('val', state.find).typeahead('open');
      }
    });

    // Venue picker: Select2 over AJAX, with the first gig's stage preselected.
    var $venue = $('#venue').select2({
      placeholder: 'Pick a venue',
      ajax: {
        url: 'data/venues.json',
        dataType: 'json',
        delay: 50,
        processResults: function (data) {
          return { results: $.map(data.results, function (v) { return $.extend({}, v, { text: v.text + ' (' + v.capacity + ')' }); }) };
        }
      },
      templateResult: function (v) { return v.loading ? v.text : $('<span class="venue-option">').text(v.text); }
    });
    $venue.append(new Option('Quay stage', 'quay', true, true)).trigger('change');
    // The picker opens for the first visit, loading the venues over AJAX.
    $venue.on('select2:open', function () { $('html').attr('data-venues', 'open'); });
    $venue.select2('open');
  }).fail(function () {
    $('#when').text('The programme could not be loaded.');
  });
});
