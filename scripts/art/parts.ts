/**
 * The drawing kit of the funnel's illustrations: one flat style on the brand colours (green gradient
 * #00B9A0 -> #00564A, orange #FBA253, mint #02E5B7, white). Each helper returns an SVG fragment.
 */
export const C = {
  green1: '#00B9A0',
  green2: '#00564A',
  orange: '#FBA253',
  mint: '#02E5B7',
  ink: '#1d2b36',
  land: '#E4F5EF',
  block: '#CFEDE3',
  park: '#A9E8D2',
  water: '#8EE3D2',
  road: '#ffffff',
  alert: '#F0664A',
};

/** Skin and hair pairs for the family's avatars. */
const PEOPLE = [
  { skin: '#F2C3A0', hair: '#3B2A20', bg: C.orange, long: true },
  { skin: '#C98E6B', hair: '#1F1A17', bg: C.mint, long: false },
  { skin: '#F6D2B3', hair: '#C7782E', bg: '#7FD8C9', long: true },
  { skin: '#8D5A3B', hair: '#151111', bg: '#FFD29E', long: false },
];

const f = (n: number): string => String(Math.round(n * 10) / 10);

/** A round avatar (head, hair, shoulders) of person `i` centred at x, y with radius r. */
export function avatar(i: number, x: number, y: number, r: number, id: string): string {
  const p = PEOPLE[i % PEOPLE.length]!;
  const hair = p.long
    ? `<path d="M${f(x - r * 0.5)} ${f(y + r * 0.3)}c${f(-r * 0.1)} ${f(-r * 0.9)} ${f(r * 0.1)} ${f(-r * 1.05)} ${f(r * 0.5)} ${f(-r * 1.05)}s${f(r * 0.6)} ${f(r * 0.15)} ${f(r * 0.5)} ${f(r * 1.05)}z" fill="${p.hair}"/>`
    : `<path d="M${f(x - r * 0.42)} ${f(y - r * 0.1)}c0 ${f(-r * 0.5)} ${f(r * 0.2)} ${f(-r * 0.68)} ${f(r * 0.42)} ${f(-r * 0.68)}s${f(r * 0.42)} ${f(r * 0.18)} ${f(r * 0.42)} ${f(r * 0.68)}z" fill="${p.hair}"/>`;
  return (
    `<clipPath id="${id}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/></clipPath>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${p.bg}"/><g clip-path="url(#${id})">${hair}` +
    `<ellipse cx="${f(x)}" cy="${f(y + r * 1.02)}" rx="${f(r * 0.72)}" ry="${f(r * 0.55)}" fill="${i % 2 ? C.green2 : '#fff'}"/>` +
    `<circle cx="${f(x)}" cy="${f(y - r * 0.12)}" r="${f(r * 0.36)}" fill="${p.skin}"/></g>`
  );
}

/** A map pin carrying person i's avatar; the tip is at x, y. */
export function avatarPin(i: number, x: number, y: number, r: number, id: string, ring = C.orange): string {
  const cy = y - r * 1.9;
  return (
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.5)}" ry="${f(r * 0.16)}" fill="${C.green2}" fill-opacity="0.25"/>` +
    `<path d="M${f(x)} ${f(y)}l${f(-r * 0.5)} ${f(-r * 1.1)}h${f(r)}z" fill="${ring}"/>` +
    `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * 1.18)}" fill="#fff"/>` +
    `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * 1.18)}" fill="none" stroke="${ring}" stroke-width="${f(r * 0.14)}"/>` +
    avatar(i, x, cy, r, id)
  );
}

/** A house mark (white house on a green disc) centred at x, y. */
export function house(x: number, y: number, r: number): string {
  const s = r / 10;
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${C.green2}"/>` +
    `<path d="M${f(x - 5.5 * s)} ${f(y + 5 * s)}v${f(-6 * s)}l${f(5.5 * s)} ${f(-4.5 * s)} ${f(5.5 * s)} ${f(4.5 * s)}v${f(6 * s)}h${f(-3.6 * s)}v${f(-3.6 * s)}h${f(-3.8 * s)}v${f(3.6 * s)}z" fill="#fff"/>`
  );
}

/** A geofence: a soft mint disc with a dashed ring. */
export function geofence(x: number, y: number, r: number): string {
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${C.mint}" fill-opacity="0.22"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${C.green1}" stroke-width="${f(Math.max(2, r / 40))}" stroke-dasharray="${f(r / 7)} ${f(r / 10)}"/>`
  );
}

/** Grey text lines of a card (no words: the art speaks every language). */
export function lines(x: number, y: number, widths: number[], h: number, gap: number, first = C.ink): string {
  return widths
    .map((w, k) => `<rect x="${f(x)}" y="${f(y + k * (h + gap))}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2)}" fill="${k === 0 ? first : '#B7C4CC'}"/>`)
    .join('');
}

/**
 * A stylised city map filling w x h: blocks between white streets on a slight tilt, two avenues,
 * a river and a park. `seed` varies the block shades.
 */
export function cityMap(w: number, h: number, cell: number, seed = 1): string {
  let s = seed;
  const rnd = (): number => (s = (s * 9301 + 49297) % 233280) / 233280;
  const street = cell * 0.16;
  let blocks = '';
  // only the blocks that the tilted grid puts inside the picture
  const cos = Math.cos((14 * Math.PI) / 180),
    sin = Math.sin((14 * Math.PI) / 180);
  const bw = (w * cos + h * sin) / 2 + cell,
    bh = (w * sin + h * cos) / 2 + cell;
  const r = (n: number): string => String(Math.round(n));
  for (let gx = w / 2 - bw; gx < w / 2 + bw; gx += cell) {
    for (let gy = h / 2 - bh; gy < h / 2 + bh; gy += cell * 0.8) {
      const shade = rnd();
      const fill = shade > 0.9 ? C.park : shade > 0.55 ? C.block : '#D9F1E9';
      blocks += `<rect x="${r(gx)}" y="${r(gy)}" width="${r(cell - street)}" height="${r(cell * 0.8 - street)}" rx="${r(cell * 0.06)}" fill="${fill}"/>`;
    }
  }
  const avenue = street * 2.2;
  return (
    `<rect width="${w}" height="${h}" fill="${C.land}"/>` +
    `<g transform="rotate(-14 ${f(w / 2)} ${f(h / 2)})">${blocks}</g>` +
    `<path d="M${f(-w * 0.1)} ${f(h * 0.78)}C${f(w * 0.25)} ${f(h * 0.6)} ${f(w * 0.45)} ${f(h * 0.95)} ${f(w * 1.1)} ${f(h * 0.7)}" stroke="${C.water}" stroke-width="${f(cell * 0.55)}" fill="none"/>` +
    `<path d="M${f(-w * 0.1)} ${f(h * 0.15)}L${f(w * 1.1)} ${f(h * 0.45)}" stroke="${C.road}" stroke-width="${f(avenue)}"/>` +
    `<path d="M${f(w * 0.62)} ${f(-h * 0.1)}L${f(w * 0.38)} ${f(h * 1.1)}" stroke="${C.road}" stroke-width="${f(avenue)}"/>`
  );
}

/** A dashed route through points. */
export function route(points: Array<[number, number]>, width: number): string {
  const d = points.map(([x, y], k) => `${k ? 'L' : 'M'}${f(x)} ${f(y)}`).join('');
  return `<path d="${d}" fill="none" stroke="${C.green2}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="${f(width * 0.1)} ${f(width * 2)}"/>`;
}

/** The brand gradient, for `fill="url(#brand)"`. */
export const brandGradient = `<linearGradient id="brand" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${C.green1}"/><stop offset="1" stop-color="${C.green2}"/></linearGradient>`;

export { f };
