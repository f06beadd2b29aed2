// Velocity 2 animates the boats in from a style-sheet opacity, grows each
// load bar to its share, fades the notice out (display: none at the end)
// and opens the detail panel of the boat the #! state names; the snapshot
// holds the inline styles Velocity leaves when every animation completes.
var state = location.hash.replace(/^#!\/?/, '').split('/');
var chosen = state[0] === 'boats' ? state[1] : '';
var xhr = new XMLHttpRequest();
xhr.open('GET', 'data/boats.json');
xhr.responseType = 'json';
xhr.onload = function () {
  var boats = xhr.response, list = document.getElementById('boats');
  boats.forEach(function (b, i) {
    var row = document.createElement('div');
    row.className = 'boat' + (b.id === chosen ? ' chosen' : '');
    row.innerHTML = '<span class="name"></span> <span class="load"></span><div class="bar"></div>';
    row.querySelector('.name').textContent = b.name;
    row.querySelector('.load').textContent = b.load + '%';
    list.appendChild(row);
    Velocity(row, { opacity: 1, paddingLeft: '16px' }, { duration: 300, delay: i * 100 });
    Velocity(row.querySelector('.bar'), { width: b.load * 2 + 'px' }, { duration: 400, easing: 'ease-out' });
  });
  Velocity(document.getElementById('notice'), { opacity: 0 }, {
    duration: 200, display: 'none',
    complete: function () { document.title = boats.length + ' departures · Harbour board'; },
  });
  var boat = boats.filter(function (b) { return b.id === chosen; })[0];
  if (boat) {
    var d = document.getElementById('detail');
    d.querySelector('h2').textContent = boat.name;
    d.querySelector('.berth').textContent = 'Berth ' + boat.berth;
    Velocity(d, { height: ['60px', '0px'], opacity: [1, 0] }, { duration: 250, display: 'block', delay: 200 });
  }
};
xhr.send();
