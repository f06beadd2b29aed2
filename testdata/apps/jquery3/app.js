// Corner Bookshop: a jQuery 3 catalogue routed by #! hashes.
(function ($) {
  'use strict';

  var catalogue = { books: [], byId: {} };

  // money formats integer cents as $1,234.50 without locale APIs.
  function money(cents) {
    var whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    var frac = String(cents % 100);
    return '$' + whole + '.' + (frac.length < 2 ? '0' + frac : frac);
  }

  function stars(n) {
    return new Array(n + 1).join('★') + new Array(6 - n).join('☆');
  }

  // matches reports whether a book matches every word of a search.
  function matches(b, words) {
    var hay = (b.title + ' ' + b.author).toLowerCase();
    return $.grep(words, function (w) { return hay.indexOf(w) < 0; }).length === 0;
  }

  function renderList(filter, words) {
    var $list = $('#books').empty();
    $.each(catalogue.books, function (_, b) {
      if (filter && b.genre !== filter) { return; }
      if (words && !matches(b, words)) { return; }
      var $li = $('<li>').attr('data-id', b.id);
      $li.append($('<a>').attr('href', '#!/books/' + b.id).text(b.title));
      $li.append(' by ', $('<span class="author">').text(b.author));
      $li.append($('<span class="price">').text(money(b.priceCents)));
      if (b.stock === 0) {
        $li.append(' ', $('<span class="badge">').text('sold out'));
      } else if (b.stock < 3) {
        $li.append(' ', $('<span class="badge">').text('only ' + b.stock + ' left'));
      }
      $list.append($li);
    });
  }

  function renderGenres() {
    var genres = [];
    $.each(catalogue.books, function (_, b) {
      if ($.inArray(b.genre, genres) < 0) { genres.push(b.genre); }
    });
    genres.sort();
    var $nav = $('#genres').empty().append('Genres: ');
    $.each(genres, function (i, g) {
      if (i > 0) { $nav.append(' · '); }
      $nav.append($('<a class="genre">').attr('href', '#!/genre/' + g).text(g));
    });
  }

  function showBook(id) {
    $('#books li').removeClass('selected').filter('[data-id="' + id + '"]').addClass('selected');
    $.ajax({ url: 'data/book-' + id + '.json', dataType: 'json', cache: true })
      .done(function (book) {
        var $d = $('#detail').stop(true, true).hide().empty();
        $d.append($('<h2>').text(book.title));
        $d.append($('<p class="byline">').text(book.author + ', ' + book.year + ' · ' + book.pages + ' pages'));
        $d.append($('<p class="summary">').text(book.summary));
        $d.append($('<p class="isbn">').text('ISBN ' + book.isbn));
        var $reviews = $('<ul class="reviews">');
        $.each(book.reviews, function (_, r) {
          $reviews.append($('<li>').text(stars(r.rating) + ' ' + r.user + ': ' + r.text));
        });
        $d.append($('<h3>').text(book.reviews.length + ' reviews'), $reviews);
        $d.fadeIn(250, function () {
          $('#footer').text('Last viewed: ' + book.title);
        });
        document.title = book.title + ' · Corner Bookshop';
      })
      .fail(function (xhr) {
        $('#detail').show().text('No such book (HTTP ' + xhr.status + ').');
      });
  }

  function route() {
    var hash = window.location.hash;
    var m;
    if ((m = /^#!\/books\/(\d+)$/.exec(hash))) {
      renderList();
      showBook(Number(m[1]));
    } else if ((m = /^#!\/genre\/(\w+)$/.exec(hash))) {
      renderList(m[1]);
      $('#detail').hide();
    } else if ((m = /^#!\/search\/(.+)$/.exec(hash))) {
      // The fragment arrives percent-encoded (spaces, non-ASCII letters).
      var term = $.trim(decodeURIComponent(m[1]));
      renderList(null, term.toLowerCase().split(/\s+/));
      var n = $('#books li').length;
      $('#detail').stop(true, true).show().empty()
        .append($('<h2>').text('Search: \u201c' + term + '\u201d'))
        .append($('<p class="hits">').text(n === 0 ? 'No books found.' : n === 1 ? '1 book found.' : n + ' books found.'));
    } else {
      renderList();
      $('#detail').hide();
    }
  }

  $(function () {
    $.getJSON('data/books.json')
      .done(function (data) {
        catalogue.books = data.books;
        $.each(data.books, function (_, b) { catalogue.byId[b.id] = b; });
        renderGenres();
        // The catalogue "settles" a moment after it arrives, like a real
        // page finishing its layout work.
        setTimeout(function () {
          $('#status').removeClass('spinner').text(data.books.length + ' books in stock, updated ' + data.updated);
        }, 120);
        $(window).on('hashchange', route);
        route();
      })
      .fail(function () {
        $('#status').text('The catalogue is unavailable.');
      });
    $('#about').load('data/about.html #about-text');
  });
})(jQuery);
