// Lighthouses: jQuery UI 1.14 widgets over server data. Tabs whose panels
// are loaded over XHR (the tab's href), chosen by #!/tabs/<name>; an
// accordion built from JSON with the light named in the state opened
// (option "active" set after load); a progressbar; an inline datepicker on
// the light's opening month with min and max dates; widget events logged.
$(function () {
  'use strict';
  var names = ['overview', 'history', 'visiting'];
  var log = [];
  function state() {
    var m = /^#!\/(\w+)(?:\/([\w-]+))?$/.exec(location.hash) || [];
    return { tab: Math.max(0, names.indexOf(m[1])), light: m[2] || null };
  }

  var $tabs = $('#tabs').tabs({
    active: state().tab,
    beforeLoad: function (e, ui) { log.push('beforeLoad:' + ui.tab.text()); },
    load: function (e, ui) {
      log.push('load:' + ui.tab.text());
      ui.panel.find('.year').each(function () { $(this).text($(this).text() + ' AD'); });
      $('#events').text(log.join(' '));
    },
    activate: function (e, ui) { log.push('activate:' + ui.newTab.text()); }
  });

  $.getJSON('data/lights.json').done(function (lights) {
    $('.intro').text(lights.length + ' lights, tallest ' + Math.max.apply(null, $.map(lights, function (l) { return l.height; })) + ' m');
    var $acc = $('#lights');
    $.each(lights, function (i, l) {
      $('<h3>').attr('id', 'light-' + l.id).text(l.name).appendTo($acc);
      $('<div>').append($('<p class="built">').text('Built ' + l.built + ', ' + l.height + ' m'), $('<p class="keeper">').text(l.keeper)).appendTo($acc);
    });
    var light = state().light, active = 0;
    $.each(lights, function (i, l) { if (l.id === light) { active = i; } });
    $acc.accordion({ heightStyle: 'content', collapsible: true, active: false,
      activate: function (e, ui) { log.push('open:' + ui.newHeader.text()); $('#events').text(log.join(' ')); } });
    $acc.accordion('option', 'active', active);
    var restored = $.grep(lights, function (l) { return l.restored; }).length;
    $('#restoration').progressbar({ max: lights.length, value: restored });
    $('#restoration .progress-label').text(restored + ' of ' + lights.length + ' restored');
    document.title = lights[active].name + ' · Lighthouses';
    // An inline datepicker on the light's open month (never today's).
    var open = new Date(lights[active].opens);
    $('#calendar').datepicker({
      defaultDate: open, firstDay: 1, showWeek: true, dateFormat: 'DD d MM yy',
      minDate: open, maxDate: new Date(open.getTime() + 20 * 86400000),
      onSelect: function (text) { $('#chosen').text('Visit on ' + text); }
    });
    $('#calendar').datepicker('setDate', new Date(open.getTime() + 2 * 86400000));
    $('#chosen').text('Visit on ' + $.datepicker.formatDate('DD d MM yy', $('#calendar').datepicker('getDate')));
  });
});
