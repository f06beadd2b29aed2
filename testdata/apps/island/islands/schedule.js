// The schedule, from the inner island's template: a module script with
// top-level await.
const ol = document.querySelector('#schedule ol');
const r = await fetch('data/schedule.json');
const items = await r.json();
ol.replaceChildren(...items.map(it => { const li = document.createElement('li'); li.textContent = `${it.time} ${it.title}`; return li; }));
document.querySelector('#schedule').dataset.loaded = items.length;
