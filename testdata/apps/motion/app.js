// Fjord ferries: Motion 14's vanilla API (the UMD global Motion) animating a
// page built from fetched data: staggered card entrances through the Web
// Animations API, a number counted up by animate(0, n, { onUpdate }), a
// detail panel opened from height 0 to 'auto' for the #! state's route, a
// sequence, and inView() revealing the footer when it scrolls into view.
(function () {
  const { animate, stagger, inView } = Motion;
  const $ = (s) => document.querySelector(s);

  function route() {
    const m = /^#!\/routes\/([a-z]+)$/.exec(location.hash);
    return m ? m[1] : '';
  }

  function card(r, notice) {
    const el = document.createElement('article');
    el.className = 'card';
    el.dataset.route = r.id;
    el.innerHTML = `<h2></h2><p class="time"></p>`;
    el.querySelector('h2').textContent = r.name;
    el.querySelector('.time').textContent = `${r.minutes} min · ${r.departures.length} departures`;
    if (notice) {
      const p = document.createElement('p');
      p.className = 'notice';
      p.textContent = notice.text;
      el.append(p);
    }
    return el;
  }

  async function openDetail(r) {
    const panel = $('.detail');
    panel.innerHTML = `<h2></h2><ul></ul>`;
    panel.querySelector('h2').textContent = `Departures from ${r.name.split(' – ')[0]}`;
    panel.querySelector('ul').append(...r.departures.map((d) => {
      const li = document.createElement('li');
      li.textContent = d;
      return li;
    }));
    document.title = `${r.name} · Fjord ferries`;
    await animate(panel, { height: [0, 'auto'] }, { duration: 0.3 });
    panel.dataset.open = 'true';
  }

  async function main() {
    const [routes, notices] = await Promise.all([
      fetch('data/routes.json').then((r) => r.json()),
      fetch('data/notices.json').then((r) => r.json()),
    ]);
    const byRoute = new Map(notices.map((n) => [n.route, n]));
    $('.cards').append(...routes.map((r) => card(r, byRoute.get(r.id))));
    const current = route();
    for (const el of document.querySelectorAll('.card')) {
      el.classList.toggle('current', el.dataset.route === current);
    }
    const total = routes.reduce((n, r) => n + r.passengers, 0);
    const counter = animate(0, total, {
      duration: 0.8,
      ease: 'easeOut',
      onUpdate: (v) => { $('.total').textContent = Math.round(v).toLocaleString('en-US'); },
    });
    const cards = animate('.card', { opacity: [0, 1], y: [16, 0] }, { delay: stagger(0.08), duration: 0.4 });
    await Promise.all([counter, cards]);
    await animate([
      ['h1', { color: ['#000', '#046'] }, { duration: 0.2 }],
      ['.total', { scale: [1, 1.2, 1] }, { duration: 0.3 }],
    ]);
    const r = routes.find((x) => x.id === current);
    if (r) await openDetail(r);
    inView('.more', (el) => { animate(el, { opacity: 1 }, { duration: 0.2 }); });
  }

  main();
}());
