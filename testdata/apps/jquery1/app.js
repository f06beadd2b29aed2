// Recipe Box: jQuery 1.12 era code, routed by #! hashes.
var RecipeBox = {
  recipes: [],

  minutes: function (m) {
    var h = Math.floor(m / 60), rest = m % 60;
    if (h === 0) { return rest + ' min'; }
    return h + ' h' + (rest ? ' ' + rest + ' min' : '');
  },

  // quantity prints 0.5 as ½ and 1.25 as 1¼, the way cookbooks do.
  quantity: function (q) {
    var whole = Math.floor(q), frac = q - whole;
    var glyph = { 0.25: '¼', 0.5: '½', 0.75: '¾' }[frac] || '';
    return (whole > 0 ? String(whole) : '') + glyph;
  },

  list: function () {
    var self = this;
    $.ajax({
      url: 'data/recipes.json',
      type: 'GET',
      dataType: 'json',
      success: function (data) {
        self.recipes = data;
        var html = '';
        $.each(data, function (i, r) {
          html += '<li id="r' + r.id + '"><a href="#!/recipes/' + r.id + '">' + r.name + '</a> <small>(' +
            self.minutes(r.minutes) + ')</small>' + (r.vegetarian ? ' <em class="veg">vegetarian</em>' : '') + '</li>';
        });
        $('#recipes').html(html);
        $('#loading').remove();
        self.route();
      },
      error: function (xhr, status) {
        $('#loading').text('Could not load recipes: ' + status);
      }
    });
  },

  show: function (id) {
    var self = this;
    $.getJSON('data/recipe-' + id + '.json', function (r) {
      var $box = $('#recipe');
      $box.hide().html(
        '<h2>' + r.name + '</h2>' +
        '<p class="meta"><span>Serves ' + r.serves + '</span> <span>' + self.minutes(r.minutes) + '</span></p>' +
        '<h3>Ingredients</h3><ul class="ingredients"></ul>' +
        '<h3>Method</h3><ol class="steps"></ol>'
      );
      $.each(r.ingredients, function (i, ing) {
        $box.find('.ingredients').append($('<li/>').text(self.quantity(ing.qty) + ' ' + ing.unit + ' ' + ing.item));
      });
      $.each(r.steps, function (i, s) {
        $box.find('.steps').append('<li>' + s + '</li>');
      });
      $('#recipes li').removeClass('current');
      $('#r' + id).addClass('current');
      $box.slideDown(300);
      window.setTimeout(function () {
        $('#tips').load('data/tips.html .tip:first');
      }, 50);
    });
  },

  route: function () {
    var m = /^#!\/recipes\/(\d+)/.exec(window.location.hash);
    if (m) { this.show(parseInt(m[1], 10)); }
  }
};

// Old-school state: a cookie the page sets for itself, and data served as
// JSONP (a script calling a fixed callback).
function seasonBanner() {
  document.cookie = 'rb_visits=1; path=/';
  var visited = /(?:^|;\s*)rb_visits=1/.test(document.cookie);
  $.ajax({
    url: 'data/season.js',
    dataType: 'jsonp',
    jsonpCallback: 'onSeason',
    cache: true
  }).done(function (season) {
    $('#season').html('<strong>In season:</strong> ' + $.map(season.produce, function (p) { return p; }).join(', ') +
      (visited ? ' <span class="returning">(cookies on)</span>' : ''));
  });
}

$(document).ready(function () {
  RecipeBox.list();
  seasonBanner();
  $(window).bind('hashchange', function () { RecipeBox.route(); });
});
