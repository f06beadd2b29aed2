// A logbook page as jQuery sites with a rich-text editor are built: the list
// of entries and the chosen entry come over $.getJSON and $.ajax, Summernote
// (lite build, no Bootstrap) edits the entry, and an air-mode editor holds
// the summary. The #! state names the entry.
// Summernote names its dialogs' ids after $.now(), the time of the render;
// a fixed clock for that alone lets the whole DOM be compared with Chromium's.
$.now = function () { return 1780000000000; };

$(function () {
  var log = [];
  function note(s) { log.push(s); $('#log').text(log.join('; ')); }
  var id = (location.hash.match(/^#!\/entries\/([\w-]+)/) || [])[1] || 'harbour';

  function loadNav() {
    $.getJSON('data/entries.json').done(function (list) {
      $.each(list, function (i, e) {
        $('<a>').attr('href', '#!/entries/' + e.id).text(e.title).toggleClass('current', e.id === id).appendTo('#nav');
        $('#nav').append(' ');
      });
    });
  }

  $.ajax({ url: 'data/' + id + '.json', dataType: 'json' }).done(function (entry) {
    $('#title').text(entry.title);
    document.title = entry.title + ' — Logbook';
    var $ed = $('#editor');
    $ed.summernote({
      height: 220,
      placeholder: 'Write the entry…',
      toolbar: [
        ['style', ['bold', 'italic', 'underline', 'clear']],
        ['para', ['ul', 'ol', 'paragraph']],
        ['insert', ['link', 'table']],
        ['view', ['codeview']]
      ],
      callbacks: {
        onInit: function () { note('init'); },
        onChange: function (contents) { note('change ' + $('<div>').html(contents).text().length); }
      }
    });
    $ed.summernote('code', entry.html);
    setTimeout(function () {
      // The stamp goes in at the caret, the start of the heading: the
      // toolbar then shows the heading's style (bold, not italic).
      $ed.summernote('editor.insertText', entry.stamp + ' ');
      var text = $('<div>').html($ed.summernote('code')).text();
      $('#status').text(text.split(/\s+/).filter(Boolean).length + ' words, empty ' + $ed.summernote('isEmpty') +
        ', bold ' + $('.note-btn-bold').hasClass('active') + ', italic ' + $('.note-btn-italic').hasClass('active'));
      $('#summary').summernote({ airMode: true });
      $('#summary').summernote('code', '<p>' + $('<i>').text(entry.summary).prop('outerHTML') + '</p>');
      note('summary');
      loadNav(); // the other entries, once this one is shown
    }, 150);
  }).fail(function (xhr) {
    $('#title').text('No such entry (' + xhr.status + ')');
    loadNav();
  });
});
