import { html } from 'lit-html';
import { store } from '../lib/store.js';
export const title = (id) => 'Route ' + id;
export default async function (id, { money, minutes }) {
  const r = await store.route(id);
  return html`<article class="route">
    <h2>${r.name}</h2>
    <p class="meta">${minutes(r.duration)} · adult ${money(r.price)}</p>
    <table class="departures"><tbody>${r.departures.map((d) => html`<tr class=${d.cancelled ? 'cancelled' : ''}><td>${d.time}</td><td>${d.vessel}</td><td class="status">${d.cancelled ? 'Cancelled' : 'On time'}</td></tr>`)}</tbody></table>
    <div class="card"><p class="note">${r.note}</p><p class="internal">internal: ${r.internal}</p></div>
  </article>`;
}
