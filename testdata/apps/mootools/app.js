// Kino Listings: a MooTools Core 1.5 page as 2010-2015 sites wrote them,
// in the head before the body is parsed: domready, a Class with Options and
// Events, Request.JSON for the list and the film, Request.HTML updating the
// reviews from an HTML fragment, Element builders with events and
// delegation, String#substitute, Array extras, Fx.Tween fading the film in
// (its onComplete marks the end), Function#delay, Cookie, and the film chosen
// by the "#!/films/<id>" state, followed on hashchange.
(function () {
  'use strict';

  var filmFromHash = function () {
    var m = /^#!\/films\/([a-z0-9-]+)$/.exec(window.location.hash);
    return m ? m[1] : null;
  };

  // A method every element gets, as plugins added them.
  Element.implement({
    markFree: function () {
      this.getElements('li:not(.sold-out)').addClass('free');
      this.getElements('li:nth-child(odd)').addClass('odd');
      return this;
    }
  });

  var FilmPage = new Class({
    Implements: [Options, Events],
    options: { base: 'data/', rowTemplate: '{time} · {screen} · {seats} seats' },

    initialize: function (element, options) {
      this.element = document.id(element);
      this.setOptions(options);
      this.fx = new Fx.Tween(this.element, { property: 'opacity', duration: 400, link: 'cancel' });
    },

    load: function (id) {
      var self = this;
      new Request.JSON({
        url: this.options.base + 'films/' + id + '.json',
        onSuccess: function (film) { self.show(film); },
        onFailure: function (xhr) { self.fireEvent('missing', [id, xhr.status]); }
      }).get();
    },

    show: function (film) {
      var self = this, tpl = this.options.rowTemplate;
      var free = film.showings.filter(function (s) { return s.seats > 0; });
      var rows = film.showings.map(function (s) {
        return new Element('li', {
          'class': s.seats > 0 ? 'showing' : 'showing sold-out',
          text: tpl.substitute(s)
        }).store('showing', s);
      });
      this.element.empty().adopt(
        new Element('h2', { text: film.title }),
        new Element('p', { 'class': 'meta', text: '{year}, {minutes} min, {rating}'.substitute(film) }),
        new Element('p', { 'class': 'summary', html: film.summary }),
        new Element('p', { 'class': 'free', text: free.length + ' of ' + rows.length + ' showings have seats' }),
        new Element('ul', { 'class': 'showings' }).adopt(rows).markFree()
      );
      this.element.set('data-film', film.id);
      this.fx.start(0, 1).chain(function () {
        self.element.addClass('shown');
        self.fireEvent('shown', film);
      });
      document.title = film.title + ' · Kino Listings';
    }
  });

  window.addEvent('domready', function () {
    var status = document.id('status');
    var list = document.id('films');
    var page = new FilmPage('film', { base: 'data/' });

    page.addEvents({
      shown: function (film) {
        status.set('text', 'Showing ' + film.title);
        Cookie.write('lastFilm', film.id, { path: '/' });
        status.set('data-last', Cookie.read('lastFilm'));
        new Request.HTML({ url: 'data/reviews/' + film.id + '.html', update: 'reviews' }).get();
      },
      missing: function (id, code) { status.set('text', 'No film ' + id + ' (' + code + ')'); }
    });

    // Delegation: one listener on the list for every film link.
    list.addEvent('click:relay(a)', function (event, target) {
      event.stop();
      window.location.hash = target.get('href');
    });

    var mark = function (id) {
      $$('#films li').removeClass('current');
      var li = list.getElement('li[data-id=' + id + ']');
      if (li) { li.addClass('current'); }
    };

    var filters = document.id('filters');
    document.id('query').set('text', filters.toQueryString() + ' (' + filters.getElement('select').getSelected()[0].get('text') + ')');
    new Request.JSON({
      url: 'data/films.json',
      data: filters,
      onSuccess: function (films) {
        list.empty();
        Array.each(films, function (f, i) {
          new Element('li', { 'data-id': f.id }).adopt(
            new Element('a', { href: '#!/films/' + f.id, text: (i + 1) + '. ' + f.title })
          ).inject(list);
        });
        list.set('data-count', films.length);
        mark(filmFromHash());
      }
    }).get();

    var id = filmFromHash();
    if (id) { page.load(id); }
    window.addEvent('hashchange', function () {
      var next = filmFromHash();
      if (next) { mark(next); page.load(next); }
    });

    (function () {
      document.id('notice').set('text', 'Members pay half price on ' + ['Monday', 'Tuesday'].getLast() + 's').setStyle('display', 'block');
    }).delay(250);
  });
})();
