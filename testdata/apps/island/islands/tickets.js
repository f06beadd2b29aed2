// The tickets island: a Preact component (htm, no build) whose markup the
// page holds as the server rendered it; the island's init type hydrates it
// with the props of the island's JSON script, then it fetches availability
// and follows the #!/day/ID state.
import { h, hydrate } from 'preact';
import { useState, useEffect } from 'preact/hooks';
import htm from 'htm';
const html = htm.bind(h);

export function Tickets({ days, day }) {
  const [sel, setSel] = useState(day);
  const [avail, setAvail] = useState(null);
  useEffect(() => {
    let live = true;
    fetch('data/tickets.json').then(r => r.json()).then(d => { if (live) setAvail(d); });
    const onHash = () => setSel(dayFromHash(days, sel));
    addEventListener('hashchange', onHash);
    return () => { live = false; removeEventListener('hashchange', onHash); };
  }, []);
  const d = days.find(x => x.id === sel) || days[0];
  const a = avail && avail[d.id];
  return html`<section class="tickets" data-day=${d.id}>
    <h2>Tickets for ${d.label}</h2>
    <ul class="days">${days.map(x => html`<li key=${x.id} class=${x.id === d.id ? 'on' : ''}><a href=${'#!/day/' + x.id}>${x.label}</a></li>`)}</ul>
    <p class="avail">${a == null ? 'Checking availability…' : a.left === 0 ? 'Sold out' : `${a.left} of ${a.total} left`}</p>
    ${a && a.left > 0 && html`<button type="button" class="buy">Buy for ${a.price} kr</button>`}
  </section>`;
}

export function dayFromHash(days, fallback) {
  const m = /^#!\/day\/(\w+)/.exec(location.hash);
  return m && days.some(d => d.id === m[1]) ? m[1] : fallback;
}

export default function (target) {
  const props = JSON.parse(target.querySelector('script[type="application/json"]').textContent);
  props.day = dayFromHash(props.days, props.day);
  hydrate(html`<${Tickets} ...${props} />`, target.querySelector('.mount'));
}
