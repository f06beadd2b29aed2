// A Bootstrap 3 pricing page: its tabs, carousel, tooltip, modal and alert
// built from XHR data and chosen by the #! state (#!/plans/<id>[/welcome]);
// the FAQ as <details> (only the one asked for is open); slide images whose
// data: placeholders either load or fail, as their bytes decide.
$(function () {
  var state = location.hash.replace(/^#!\/?/, '').split('/');
  var pick = state[1] || 'solo';
  $.getJSON('data/plans.json').done(function (d) {
    $.each(d.plans, function (i, p) {
      $('#tabs').append('<li role="presentation"><a href="#pane-' + p.id + '" role="tab" data-toggle="tab">' + p.name + '</a></li>');
      $('#panes').append('<div role="tabpanel" class="tab-pane fade" id="pane-' + p.id + '"><p class="price">$' + p.price + ' / month</p><ul>' +
        $.map(p.features, function (f) { return '<li>' + f + '</li>'; }).join('') + '</ul></div>');
    });
    $.each(d.faq, function (i, f) {
      $('#faq').append($('<details>').attr('id', 'faq' + i).append($('<summary>').text(f.q), $('<div class="answer">').text(f.a)));
    });
    $('#faq1').prop('open', true);
    var loaded = 0, failed = 0;
    $.each(d.slides, function (i, s) {
      $('#carousel .carousel-indicators').append('<li data-target="#carousel" data-slide-to="' + i + '"' + (i ? '' : ' class="active"') + '></li>');
      var img = $('<img class="slide-img" alt="">').on('load', function () { loaded++; report(); })
        .on('error', function () { failed++; $(this).addClass('broken'); report(); });
      $('<div class="item' + (i ? '' : ' active') + '">').append(img, $('<div class="carousel-caption">').text(s.caption)).appendTo('#carousel .carousel-inner');
      img.attr('src', s.img);
    });
    function report() {
      if (loaded + failed === d.slides.length) {
        $('#images').text(loaded + ' slide images, ' + failed + ' missing; widest ' +
          Math.max.apply(null, $('.slide-img').map(function () { return this.naturalWidth; }).get()) + 'px');
      }
    }
    $('#tabs a[href="#pane-' + pick + '"]').on('shown.bs.tab', function () { $('#sub').text('showing ' + $(this).text()); }).tab('show');
    $('[data-toggle="tooltip"]').tooltip();
    $('#tip').tooltip('show');
    $('#carousel').carousel('next');
    if (state[2] === 'welcome') {
      $('#welcome-body').text('You are on the ' + pick + ' plan.');
      $('#welcome').modal('show');
    }
    setTimeout(function () { $('#promo').alert('close'); }, 300);
    $('#welcome').on('shown.bs.modal', function () { $('#status').text('Ready.'); });
    if (state[2] !== 'welcome') $('#status').text('Ready.');
  });
});
