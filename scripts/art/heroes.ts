/**
 * The landing heroes (rendered to PNG/WebP by scripts/images.ts). The main subjects sit where every
 * crop keeps them: x 31-69 % and y 10-90 % of the desktop image (it fills the landing's art column or
 * band with object-fit: cover), the top 45 % of the mobile image (its band shows the top).
 */
import { C, avatarPin, brandGradient, cityMap, geofence, house, lines, route, f } from './parts.ts';

type Point = [number, number];

/** A white notification card with an icon disc and two text lines, top-left at x, y. */
function card(x: number, y: number, w: number, icon: string): string {
  const h = w * 0.3;
  return (
    `<g filter="url(#shadow)"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.28)}" fill="#fff"/></g>` +
    icon
      .replace(/X/g, f(x + h * 0.5))
      .replace(/Y/g, f(y + h * 0.5))
      .replace(/R/g, f(h * 0.3)) +
    lines(x + h * 0.95, y + h * 0.3, [w * 0.42, w * 0.3], h * 0.14, h * 0.14)
  );
}

const shadow =
  '<filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="#00564A" flood-opacity="0.22"/></filter>';

/** The main landing: the family on a city map, home with its geofence, a route and an arrival card. */
export function welcome(w: number, h: number): string {
  const mobile = h > w;
  const u = mobile ? w / 430 : w / 1600; // drawing unit
  const at = (x: number, y: number): Point => [x * w, y * h];
  const home: Point = mobile ? at(0.3, 0.31) : at(0.42, 0.5);
  const people: Point[] = mobile
    ? [at(0.72, 0.2), at(0.2, 0.15), at(0.8, 0.4), at(0.52, 0.46)]
    : [at(0.63, 0.44), at(0.36, 0.3), at(0.61, 0.8), at(0.52, 0.62)];
  const r = (mobile ? 26 : 40) * (mobile ? u : u * 1.3);
  const fence = (mobile ? 88 : 200) * u;
  const pathPts: Point[] = [people[2]!, [people[2]![0], home[1] + fence * 0.3], [home[0] + fence * 0.6, home[1] + fence * 0.3]];
  const cardW = (mobile ? 230 : 320) * u;
  const cardAt: Point = mobile ? [w * 0.06, h * 0.005 + 8 * u] : [w * 0.42, h * 0.1];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${brandGradient}${shadow}</defs>` +
    cityMap(w, h, (mobile ? 70 : 150) * u, 7) +
    geofence(home[0], home[1], fence) +
    route(pathPts, 9 * u) +
    house(home[0], home[1], 26 * u * (mobile ? 1 : 1.6)) +
    people.map(([x, y], i) => avatarPin(i, x, y, r, `a${i}`, i % 2 ? C.mint : C.orange)).join('') +
    (mobile ? '' : card(cardAt[0], cardAt[1], cardW, `<circle cx="X" cy="Y" r="R" fill="${C.green1}"/>`)) +
    '</svg>'
  );
}

/** The family landing: the family's four avatars joined in one circle over the map. */
export function family(w: number, h: number): string {
  const mobile = h > w;
  const u = mobile ? w / 430 : w / 1600;
  const cx = w * 0.5,
    cy = mobile ? h * 0.24 : h * 0.5;
  const ring = (mobile ? 120 : 200) * u;
  const r = (mobile ? 34 : 60) * u;
  const spots = [-90, -10, 90, 170].map((deg) => [cx + ring * Math.cos((deg * Math.PI) / 180), cy + ring * Math.sin((deg * Math.PI) / 180)] as Point);
  const faces = spots
    .map(
      ([x, y], i) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.16)}" fill="#fff" filter="url(#shadow)"/>` +
        avatarPin(i, x, y + r * 1.9, r, `f${i}`, i % 2 ? C.mint : C.orange)
          .split('</ellipse>')
          .join(''),
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${brandGradient}${shadow}</defs>` +
    cityMap(w, h, (mobile ? 70 : 150) * u, 21) +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(ring)}" fill="${C.mint}" fill-opacity="0.18" stroke="${C.green1}" stroke-width="${f(5 * u)}" stroke-dasharray="${f(18 * u)} ${f(12 * u)}"/>` +
    house(cx, cy, (mobile ? 40 : 70) * u) +
    faces +
    '</svg>'
  );
}
