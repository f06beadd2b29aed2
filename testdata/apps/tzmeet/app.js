// Meetings shown in each attendee's zone with date-fns-tz, whose zone
// names (zzz, zzzz) come from Intl.DateTimeFormat's timeZoneName; the
// locale comes from the #! state.
import { formatInTimeZone, toZonedTime, fromZonedTime, getTimezoneOffset, format as tzFormat } from 'date-fns-tz';
import { differenceInCalendarDays } from 'date-fns';
import { de } from '/node_modules/date-fns/locale/de.js';
import { ja } from '/node_modules/date-fns/locale/ja.js';
import { enGB } from '/node_modules/date-fns/locale/en-GB.js';

const tag = (location.hash.match(/^#!\/([\w-]+)/) || [])[1] || 'en-GB';
const locale = { de, ja }[tag] || enGB;
document.documentElement.lang = tag;

const d = await fetch('data/meetings.json').then((r) => r.json());
const tb = document.querySelector('#meetings tbody');
for (const m of d.meetings) {
  for (const z of m.zones) {
    const tr = tb.insertRow();
    tr.insertCell().textContent = m.title;
    tr.insertCell().textContent = z;
    tr.insertCell().textContent = formatInTimeZone(m.at, z, 'EEEE d MMMM yyyy HH:mm zzz', { locale });
    tr.insertCell().textContent = formatInTimeZone(m.at, z, 'XXX zzzz', { locale });
    if (differenceInCalendarDays(toZonedTime(m.at, z), toZonedTime(m.at, 'UTC')) !== 0) tr.className = 'other-day';
  }
}
const paris = toZonedTime('2026-03-29T00:30:00Z', 'Europe/Paris');
document.getElementById('checks').textContent = [
  tzFormat(paris, 'yyyy-MM-dd HH:mm zzz', { timeZone: 'Europe/Paris', locale }),
  fromZonedTime('2026-11-01 01:30', 'America/Chicago').toISOString(),
  ['Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe'].map((t) => getTimezoneOffset(t, new Date('2026-07-01T00:00:00Z')) / 60000).join(' '),
].join(' · ');
