// Tide heights from harmonic constituents.
const DEG = Math.PI / 180;

export class Constituent {
  constructor(name, amplitude, phase, speed) {
    this.name = name;
    this.amplitude = amplitude; // metres
    this.phase = phase;         // degrees
    this.speed = speed;         // degrees per hour
  }

  heightAt(hours) {
    return this.amplitude * Math.cos((this.speed * hours - this.phase) * DEG);
  }
}

export function height(datum, constituents, hours) {
  let h = datum;
  for (const c of constituents) h += c.heightAt(hours);
  return Math.round(h * 100) / 100;
}

function extremes(series) {
  const out = [];
  for (let i = 1; i < series.length - 1; i++) {
    const [a, b, c] = [series[i - 1], series[i], series[i + 1]];
    if (b.h > a.h && b.h >= c.h) out.push({ ...b, kind: 'high' });
    else if (b.h < a.h && b.h <= c.h) out.push({ ...b, kind: 'low' });
  }
  return out;
}

export function table(datum, constituents, { from = 0, to = 24, step = 0.25 } = {}) {
  const series = [];
  for (let t = from; t <= to; t += step) {
    series.push({ t, h: height(datum, constituents, t) });
  }
  return extremes(series).map(({ t, h, kind }) => `${kind} ${h.toFixed(2)} m at ${t.toFixed(2)} h`);
}

const M2 = new Constituent('M2', 1.52, 104, 28.984);
const S2 = new Constituent('S2', 0.54, 141, 30.0);
const K1 = new Constituent('K1', 0.09, 212, 15.041);

console.log(table(2.1, [M2, S2, K1]).join('\n'));
