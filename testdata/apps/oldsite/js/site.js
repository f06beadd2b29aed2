/* Seaview B&B, 2014: jQuery 2 with the plugins of its day. */
(function ($) {
  'use strict';

  // jquery.cookie: count visits.
  var visits = parseInt($.cookie('seaview_visits') || '0', 10) + 1;
  $.cookie('seaview_visits', String(visits), { expires: 30, path: '/' });
  $('#welcome').text(visits === 1 ? 'Welcome! This is your first visit.' : 'Welcome back!');
  $('#visits').text('Visit number ' + visits);

  // jquery-validation on the booking form, checked at once so the prefilled
  // mistakes show their messages.
  $.validator.addMethod('maxNights', function (value, el, max) {
    return this.optional(el) || parseInt(value, 10) <= max;
  }, $.validator.format('We take bookings of at most {0} nights.'));
  var validator = $('#booking').validate({
    rules: {
      name: { required: true, minlength: 2 },
      email: { required: true, email: true },
      nights: { required: true, digits: true, maxNights: 7 }
    },
    messages: { name: 'Please tell us your name.' }
  });
  $('#booking').valid();
  $('#booking').attr('data-errors', String(validator.numberOfInvalids()));

  var rooms = [];

  function showRoom(id) {
    $('#rooms li').removeClass('active').filter('[data-id="' + id + '"]').addClass('active');
    $.ajax({ url: 'data/rooms/' + id + '.json', dataType: 'json', cache: false })
      .done(function (room) {
        var $room = $('#room').empty();
        $('<h2>').text(room.name).appendTo($room);
        $('<p class="price">').text('£' + room.price + ' per night, breakfast included').appendTo($room);
        var $ul = $('<ul class="features">').appendTo($room);
        $.each(room.features, function (i, f) { $('<li>').text(f).appendTo($ul); });
        document.title = room.name + ' – Seaview B&B';
        gallery(room.photos);
        $('#room-popup').html('<h3>' + $('<div>').text(room.name).html() + '</h3><p class="offer">' + room.offer + '</p>');
        $.magnificPopup.open({ items: { src: '#room-popup' }, type: 'inline', mainClass: 'offer-popup' });
      })
      .fail(function () {
        $('#room').html('<p class="error">Sorry, that room is not available.</p>');
      });
  }

  function gallery(photos) {
    var $g = $('#gallery').empty();
    $.each(photos, function (i, p) {
      $g.append('<div class="grid-item"><img src="img/' + p.file + '" alt="' + p.alt + '"><p>' + p.alt + '</p></div>');
    });
    $g.imagesLoaded(function () {
      $g.masonry({ itemSelector: '.grid-item', columnWidth: 160, gutter: 10 });
      $g.addClass('laid-out');
    });
  }

  function route() {
    var m = /^#!\/rooms\/([\w-]+)$/.exec(window.location.hash);
    if (m) showRoom(m[1]);
  }

  $(function () {
    $.getJSON('data/rooms.json', function (data) {
      rooms = data;
      var $list = $('#rooms').empty();
      $.each(rooms, function (i, r) {
        $('<li>').attr('data-id', r.id).append($('<a>').attr('href', '#!/rooms/' + r.id).text(r.name)).appendTo($list);
      });
      route();
    });
    $(window).on('hashchange', route);
  });
})(jQuery);
