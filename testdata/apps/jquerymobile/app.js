// Lifts: jQuery Mobile 1.4 on jQuery 1.12. Page widgets enhance the
// server markup (header, listview, navbar, collapsibleset, buttons); the
// app routes #!/lifts/<id> itself (jQuery Mobile's hash listening is off in
// mobileinit), fills pages from XHR data, enhances the new markup
// (listview('refresh'), enhanceWithin) and switches with the pagecontainer
// widget, which sets the document title from the page.
(function ($) {
  'use strict';
  var lifts = null;

  function liftId() {
    var m = /^#!\/lifts\/(\w+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  function showList(list) {
    var open = $.grep(list, function (l) { return l.open; }).length;
    $('#status').text(open + ' of ' + list.length + ' lifts open');
    $('#lifts').html($.map(list, function (l) {
      return '<li data-id="' + l.id + '"' + (l.open ? '' : ' data-icon="lock"') + '><a href="#!/lifts/' + l.id + '">' +
        $('<div>').text(l.name).html() + ' <span class="ui-li-count">' + l.queue + ' min</span></a></li>';
    }).join('')).listview('refresh');
  }

  function showLift(id) {
    $.getJSON('data/lifts/' + id + '.json').done(function (l) {
      var $page = $('#lift');
      $page.attr('data-title', l.name + ' · Hemsedal');
      $page.find('[data-role=header] h1').text(l.name);
      $page.find('.hours').text('Open ' + l.hours + ', ' + l.kind);
      $('#slopes').html($.map(l.slopes, function (s, i) {
        return '<div data-role="collapsible"' + (i === l.featured ? ' data-collapsed="false"' : '') +
          ' data-collapsed-icon="carat-d"><h3>' + s.name + '</h3><p>' + s.grade + ', ' + s.km + ' km</p></div>';
      }).join(''));
      $page.find('.ui-content').enhanceWithin();
      $page.find('.slopes-tab').addClass('ui-btn-active');
      $(':mobile-pagecontainer').pagecontainer('change', '#lift', { changeHash: false, transition: 'none' });
    }).fail(function (xhr) {
      $('#status').text('Lift ' + id + ': ' + xhr.status);
    });
  }

  function route() {
    var id = liftId();
    $('#lifts li').each(function () {
      $(this).toggleClass('current', $(this).attr('data-id') === id);
    });
    if (id) { showLift(id); }
  }

  $(document).on('pagecreate', '#home', function () {
    $.ajax({ url: 'data/lifts.json', dataType: 'json' }).done(function (list) {
      lifts = list;
      showList(list);
      route();
    });
  });
  $(window).on('hashchange', route);
})(jQuery);
