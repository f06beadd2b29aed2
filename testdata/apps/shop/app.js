// Bike shop: the jQuery-plugin stack many shops still run. Select2
// enhances the category select (its value from #!/bikes/<category>),
// Slick builds an infinite product carousel (clones, slidesToShow 3,
// dots) from AJAX data, moment (with locales) formats the offer's dates
// relative to the data's own "today".
$(function () {
  'use strict';
  var m = /^#!\/bikes\/(\w+)$/.exec(location.hash);
  var category = m ? m[1] : '';

  $.getJSON('data/shop.json').then(function (shop) {
    var $sel = $('#category');
    $.each(shop.categories, function (i, c) {
      $('<option>').val(c.id).text(c.name).appendTo($sel);
    });
    $sel.val(category).select2({ width: '200px', minimumResultsForSearch: Infinity });
    var items = $.grep(shop.products, function (p) { return !category || p.category === category; });
    var $car = $('.carousel');
    $.each(items, function (i, p) {
      $car.append('<div class="product" data-id="' + p.id + '"><h3>' + p.name + '</h3><p class="price">NOK ' + p.price.toLocaleString('en-US') + '</p></div>');
    });
    $car.on('init', function (e, slick) {
      $('#count').text(slick.slideCount + ' bikes, showing ' + slick.options.slidesToShow);
    });
    $car.slick({ slidesToShow: 3, slidesToScroll: 1, infinite: true, dots: true, arrows: true, speed: 0 });

    var today = moment.utc(shop.today);
    var ends = moment.utc(shop.offer.ends);
    moment.locale('de');
    var de = ends.format('dddd, D. MMMM YYYY');
    moment.locale('en');
    $('#offer').html('<h2>' + shop.offer.title + '</h2><p class="ends">Ends ' + ends.format('MMMM Do') + ' (' + ends.from(today) + '), ' +
      ends.diff(today, 'days') + ' days left</p><p class="de">Endet ' + de + '</p>');
    document.title = (category ? $sel.find(':selected').text() + ' · ' : '') + 'Bike shop';
  });
});
