import { html } from 'lit-html';
export const title = () => 'Timetable';
export default async function () {
  return html`<section class="home"><h2>Pick a route</h2><p class="hint">Each route lists its departures.</p></section>`;
}
