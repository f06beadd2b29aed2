// Harbour log: a Quill 2 editor (snow theme, a toolbar) holding a log entry
// whose Delta is fetched from the server at the #! state
// (#!/entries/<id>), then edited through Quill's API as a signed-in
// harbour master's page does on load: a timer appends a signature,
// formats the first line and a word, and the entry's stats and published
// HTML (getSemanticHTML) are built from the editor's contents.
(function () {
  'use strict';
  var m = /^#!\/entries\/([\w-]+)$/.exec(location.hash);
  var id = m ? m[1] : 'storm-week';

  function json(url) {
    return fetch(url, { headers: { Accept: 'application/json' } }).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }

  var quill = new Quill('#editor', {
    theme: 'snow',
    placeholder: 'Write the day\u2019s log…',
    modules: {
      toolbar: [
        [{ header: [1, 2, 3, false] }],
        ['bold', 'italic', 'underline', 'strike'],
        [{ color: [] }, { background: [] }],
        [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
        ['blockquote', 'code-block', 'link'],
        [{ align: [] }],
        ['clean']
      ],
      history: { delay: 1000, maxStack: 50 }
    }
  });
  var changes = 0;
  quill.on('text-change', function (delta, old, source) {
    changes++;
    document.body.setAttribute('data-last-change', source);
  });

  function stats() {
    var text = quill.getText();
    var words = text.split(/\s+/).filter(Boolean).length;
    var lines = quill.getLines().length;
    var checked = quill.getLines().filter(function (l) { return l.formats().list === 'checked'; }).length;
    document.getElementById('stats').textContent = words + ' words, ' + lines + ' lines, ' + checked +
      ' checked, ' + (quill.getLength() - 1) + ' characters, ' + changes + ' changes';
    document.getElementById('preview').innerHTML = quill.getSemanticHTML();
  }

  json('data/entries.json').then(function (entries) {
    document.getElementById('entries').innerHTML = entries.map(function (e) {
      return '<a href="#!/entries/' + e.id + '"' + (e.id === id ? ' class="current"' : '') + '>' + e.title + '</a>';
    }).join('');
    return json('data/' + id + '.json');
  }).then(function (entry) {
    document.getElementById('entry').textContent = entry.title;
    quill.setContents(entry.delta, 'api');
    document.title = entry.title + ' · Harbour log';
    setTimeout(function () {
      var end = quill.getLength() - 1;
      quill.insertText(end, '\n' + entry.signedBy, { italic: true }, 'user');
      quill.formatLine(0, 1, 'align', 'center', 'api');
      var text = quill.getText();
      var at = text.indexOf(entry.highlight);
      if (at >= 0) quill.formatText(at, entry.highlight.length, { background: '#fff3b0', bold: true }, 'api');
      stats();
    }, 120);
  });
})();
