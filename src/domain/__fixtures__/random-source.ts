/** A deterministic pseudo-random source (mulberry32) for property-style specs: a failure replays. */
export function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Decimal text with up to `places` decimals and up to `digits` integer digits, sometimes negative. */
export function randomDecimalText(random: () => number, digits: number, places: number): string {
  const integer = String(Math.floor(random() * 10 ** Math.ceil(random() * digits)));
  const decimals = Math.floor(random() * (places + 1));
  const fraction = Array.from({ length: decimals }, () => String(Math.floor(random() * 10))).join('');
  const sign = random() < 0.2 ? '-' : '';
  return `${sign}${integer}${fraction ? `.${fraction}` : ''}`;
}

export function pick<T>(random: () => number, choices: readonly T[]): T {
  return choices[Math.floor(random() * choices.length)];
}
