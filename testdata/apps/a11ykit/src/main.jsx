// Ferry port finder: accessible combobox, listbox, tabs and disclosure
// kits whose ARIA states (aria-expanded, aria-activedescendant,
// aria-selected, aria-checked, aria-controls) the snapshot must keep.
import React, { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useCombobox, useSelect } from 'downshift';
import * as Ariakit from '@ariakit/react';

function parseState() {
  const [kind, port, q] = location.hash.replace(/^#!\/?/, '').split('/');
  return { view: kind === 'ports' ? 'timetable' : 'facilities', port: port || '', q: decodeURIComponent(q || '') };
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

function PortSearch({ ports, state, onPick }) {
  const [input, setInput] = useState(state.q);
  const items = ports.filter(p => p.name.toLowerCase().includes(input.toLowerCase()));
  const cb = useCombobox({
    id: 'port', items, inputValue: input,
    initialIsOpen: input !== '', initialHighlightedIndex: input !== '' ? 1 : -1,
    initialSelectedItem: ports.find(p => p.id === state.port) || null,
    itemToString: p => (p ? p.name : ''),
    onInputValueChange: ({ inputValue }) => setInput(inputValue),
    onSelectedItemChange: ({ selectedItem }) => onPick(selectedItem),
  });
  return (
    <section className="search">
      <label {...cb.getLabelProps()}>Port</label>
      <div className="field">
        <input {...cb.getInputProps()} placeholder="Search ports" />
        <button type="button" {...cb.getToggleButtonProps()} aria-label="Show ports">{cb.isOpen ? '▲' : '▼'}</button>
      </div>
      <ul {...cb.getMenuProps()} className="menu">
        {cb.isOpen && items.map((p, i) => (
          <li key={p.id} {...cb.getItemProps({ item: p, index: i })} className={cb.highlightedIndex === i ? 'highlighted' : undefined}>
            {p.name} <small>{p.country}</small>
          </li>))}
      </ul>
      <p className="picked">{cb.selectedItem ? 'Selected: ' + cb.selectedItem.name + ' (' + cb.selectedItem.berths + ' berths)' : 'No port selected'}</p>
    </section>
  );
}

function DaySelect() {
  const s = useSelect({ id: 'day', items: DAYS, initialSelectedItem: DAYS[1], initialIsOpen: true, initialHighlightedIndex: 3 });
  return (
    <section className="day">
      <label {...s.getLabelProps()}>Day</label>
      <div {...s.getToggleButtonProps()} className="trigger">{s.selectedItem}</div>
      <ul {...s.getMenuProps()} className="days">
        {s.isOpen && DAYS.map((d, i) => <li key={d} {...s.getItemProps({ item: d, index: i })} className={s.highlightedIndex === i ? 'highlighted' : undefined}>{d}</li>)}
      </ul>
    </section>
  );
}

function PortDetails({ ports, state, detail }) {
  const port = ports.find(p => p.id === state.port);
  const [open, setOpen] = useState(true);
  return (
    <section className="details">
      <Ariakit.TabProvider defaultSelectedId={state.view}>
        <Ariakit.TabList aria-label="Port details" className="tabs">
          <Ariakit.Tab id="timetable">Timetable</Ariakit.Tab>
          <Ariakit.Tab id="facilities">Facilities</Ariakit.Tab>
          <Ariakit.Tab id="archive" disabled>Archive</Ariakit.Tab>
        </Ariakit.TabList>
        <Ariakit.TabPanel tabId="timetable" className="panel">
          {detail ? <ol className="departures">{detail.departures.map(d => <li key={d.to + d.at}>{d.at} to {d.to} <em>{d.days}</em></li>)}</ol> : <p className="loading">Loading departures…</p>}
        </Ariakit.TabPanel>
        <Ariakit.TabPanel tabId="facilities" className="panel">
          {detail ? <ul className="facilities">{detail.facilities.map(f => <li key={f}>{f}</li>)}</ul> : null}
        </Ariakit.TabPanel>
      </Ariakit.TabProvider>
      <Ariakit.DisclosureProvider open={open} setOpen={setOpen}>
        <Ariakit.Disclosure className="more">About {port ? port.name : 'the ports'}</Ariakit.Disclosure>
        <Ariakit.DisclosureContent className="about">{port ? port.name + ' has ' + port.berths + ' berths.' : 'Eight ports on the North Sea.'}</Ariakit.DisclosureContent>
      </Ariakit.DisclosureProvider>
      <Ariakit.DisclosureProvider defaultOpen={false}>
        <Ariakit.Disclosure className="more">Accessibility</Ariakit.Disclosure>
        <Ariakit.DisclosureContent className="access">Step-free boarding at every berth.</Ariakit.DisclosureContent>
      </Ariakit.DisclosureProvider>
      <fieldset className="extras">
        <legend>Extras</legend>
        <Ariakit.CheckboxProvider defaultValue={['cabin']}>
          <label><Ariakit.Checkbox value="cabin" /> Cabin</label>
          <label><Ariakit.Checkbox value="car" /> Car</label>
        </Ariakit.CheckboxProvider>
      </fieldset>
      <Ariakit.RadioProvider defaultValue="return">
        <Ariakit.RadioGroup className="trip" aria-label="Trip">
          <label><Ariakit.Radio value="oneway" /> One way</label>
          <label><Ariakit.Radio value="return" /> Return</label>
        </Ariakit.RadioGroup>
      </Ariakit.RadioProvider>
      <Ariakit.ComboboxProvider defaultValue="s" defaultOpen>
        <Ariakit.ComboboxLabel className="via-label">Via</Ariakit.ComboboxLabel>
        <Ariakit.Combobox className="via" placeholder="Any port" />
        <Ariakit.ComboboxList className="via-list">
          {ports.filter(p => p.name.toLowerCase().includes('s') && p.id !== state.port).map(p => <Ariakit.ComboboxItem key={p.id} value={p.name} />)}
        </Ariakit.ComboboxList>
      </Ariakit.ComboboxProvider>
    </section>
  );
}

function App() {
  const state = parseState();
  const [ports, setPorts] = useState(null);
  const [picked, setPicked] = useState(null);
  const [detail, setDetail] = useState(null);
  useEffect(() => { fetch('data/ports.json').then(r => r.json()).then(setPorts); }, []);
  useEffect(() => {
    if (!state.port) return;
    fetch('data/departures/' + state.port + '.json').then(r => r.json()).then(d => setTimeout(() => setDetail(d), 80));
  }, []);
  useEffect(() => {
    if (!ports) return;
    const p = ports.find(x => x.id === state.port);
    document.title = (p ? p.name : 'All ports') + ' · Ferry ports';
  }, [ports]);
  if (!ports) return <p className="loading">Loading ports…</p>;
  return (
    <main>
      <h1>Ferry ports</h1>
      <PortSearch ports={ports} state={state} onPick={setPicked} />
      {picked ? <p className="changed">Changed to {picked.name}</p> : null}
      <DaySelect />
      <PortDetails ports={ports} state={state} detail={detail} />
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
