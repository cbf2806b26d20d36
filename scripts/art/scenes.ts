/**
 * The screens' illustrations (written to screens/ui/art/*.svg by scripts/art.ts and used there as
 * plain <img> files): 480 x 400 scenes in the flat brand style of parts.ts, no words in them.
 */
import { C, avatar, avatarPin, brandGradient, cityMap, geofence, house, lines, f } from './parts.ts';

const W = 480,
  H = 400;
const shadow =
  '<filter id="shadow" x="-20%" y="-20%" width="140%" height="170%"><feDropShadow dx="0" dy="5" stdDeviation="7" flood-color="#00564A" flood-opacity="0.2"/></filter>';
const svg = (body: string, defs = ''): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${brandGradient}${shadow}${defs}</defs>${body}</svg>\n`;

/** A notification card: icon disc (drawn by `icon(cx, cy, r)`) and two lines. */
function card(x: number, y: number, w: number, icon: (cx: number, cy: number, r: number) => string): string {
  const h = 64;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="#fff" filter="url(#shadow)"/>` +
    icon(x + 32, y + h / 2, 20) +
    lines(x + 62, y + 20, [w * 0.5, w * 0.34], 9, 9)
  );
}

const backdrop = (fill: string): string => `<circle cx="240" cy="205" r="178" fill="${fill}"/>`;

/** check-location: a phone showing the map with a family member's live pin. */
export function checkLocation(): string {
  const map = `<clipPath id="screen"><rect x="150" y="52" width="180" height="316" rx="22"/></clipPath>`;
  return svg(
    backdrop('#DDF6EF') +
      `<rect x="138" y="40" width="204" height="340" rx="32" fill="${C.ink}" filter="url(#shadow)"/>` +
      `<g clip-path="url(#screen)"><g transform="translate(150 52)">${cityMap(180, 316, 46, 3)}</g></g>` +
      `<rect x="214" y="58" width="52" height="10" rx="5" fill="${C.ink}"/>` +
      `<circle cx="240" cy="232" r="46" fill="${C.orange}" fill-opacity="0.2"/><circle cx="240" cy="232" r="26" fill="${C.orange}" fill-opacity="0.3"/>` +
      avatarPin(0, 240, 232, 26, 'c0') +
      card(286, 92, 178, (x, y, r) => avatar(1, x, y, r, 'c1')),
    map,
  );
}

/** place-alerts: home inside its geofence, a family member arriving, the arrival notification. */
export function placeAlerts(): string {
  const clip = '<clipPath id="round"><circle cx="240" cy="215" r="170"/></clipPath>';
  return svg(
    `<g clip-path="url(#round)">${cityMap(W, H, 60, 11)}</g>` +
      geofence(240, 232, 92) +
      house(240, 232, 28) +
      `<path d="M388 330 Q 350 300 318 286" fill="none" stroke="${C.green2}" stroke-width="6" stroke-linecap="round" stroke-dasharray="0.5 12"/>` +
      avatarPin(2, 318, 286, 24, 'p2', C.mint) +
      card(96, 36, 288, (x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${C.green1}"/>` + house(x, y, r * 0.8).replace(C.green2, C.green1)),
    clip,
  );
}

/** crash-detection: a car hit on the road, the impact burst and the alert card. */
export function crashDetection(): string {
  const burst =
    Array.from({ length: 16 }, (_, k) => {
      const a = (k * Math.PI) / 8,
        rr = k % 2 ? 22 : 42;
      return `${k ? 'L' : 'M'}${f(330 + rr * Math.cos(a))} ${f(244 + rr * Math.sin(a))}`;
    }).join('') + 'Z';
  return svg(
    backdrop('#FFF0E2') +
      `<path d="M40 330 L440 250" stroke="${C.green2}" stroke-width="70" stroke-linecap="round"/>` +
      `<path d="M70 324 L410 256" stroke="#fff" stroke-width="5" stroke-dasharray="22 18"/>` +
      `<path d="${burst}" fill="${C.alert}"/><circle cx="330" cy="244" r="14" fill="#FFD29E"/>` +
      `<g transform="rotate(-11 230 270)">` +
      `<rect x="150" y="232" width="170" height="50" rx="18" fill="${C.orange}"/>` +
      `<path d="M180 236 l22 -34 h64 l30 34z" fill="${C.orange}"/>` +
      `<path d="M196 232 l14 -22 h24 v22z M242 232 v-22 h22 l18 22z" fill="#E9FBF6"/>` +
      `<rect x="306" y="246" width="16" height="10" rx="4" fill="#FFE6B8"/>` +
      `<circle cx="190" cy="284" r="18" fill="${C.ink}"/><circle cx="190" cy="284" r="7" fill="#B7C4CC"/>` +
      `<circle cx="286" cy="284" r="18" fill="${C.ink}"/><circle cx="286" cy="284" r="7" fill="#B7C4CC"/></g>` +
      card(
        60,
        52,
        300,
        (x, y, r) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${C.alert}"/><path d="M${x} ${y - 10}v11" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="${x}" cy="${y + 9}" r="2.6" fill="#fff"/>`,
      ),
  );
}

/** fall detection: a person who fell, and the watch that noticed and alerts the family. */
export function fallDetection(): string {
  return svg(
    backdrop('#E3F7F1') +
      `<ellipse cx="200" cy="318" rx="150" ry="16" fill="${C.green2}" fill-opacity="0.15"/>` +
      // the person lying on the ground, head left
      `<circle cx="88" cy="282" r="24" fill="#C98E6B"/><path d="M66 276c2-18 14-28 28-26 10 1 16 8 18 16-16-6-30-2-46 10z" fill="#1F1A17"/>` +
      `<rect x="112" y="266" width="120" height="44" rx="22" fill="${C.green1}"/>` +
      `<path d="M226 284 h110" stroke="${C.green2}" stroke-width="22" stroke-linecap="round"/>` +
      `<path d="M226 300 l96 14" stroke="${C.green2}" stroke-width="22" stroke-linecap="round"/>` +
      `<path d="M150 268 l-30 -40" stroke="${C.green1}" stroke-width="18" stroke-linecap="round"/>` +
      `<path d="M100 226 c 6 -8 14 -10 20 -2" stroke="${C.orange}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      // the watch
      `<rect x="316" y="70" width="56" height="150" rx="20" fill="${C.green2}"/>` +
      `<rect x="292" y="96" width="104" height="104" rx="30" fill="${C.ink}" filter="url(#shadow)"/>` +
      `<rect x="302" y="106" width="84" height="84" rx="22" fill="${C.alert}"/>` +
      `<path d="M344 128v24" stroke="#fff" stroke-width="7" stroke-linecap="round"/><circle cx="344" cy="166" r="4.5" fill="#fff"/>` +
      `<path d="M410 120 q14 28 0 56 M426 108 q22 40 0 80" stroke="${C.orange}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  );
}

/** A standing person (bust and body) of person i, feet at y, `s` scale. */
function person(i: number, x: number, y: number, s: number, shirt: string): string {
  return (
    `<rect x="${f(x - 34 * s)}" y="${f(y - 110 * s)}" width="${f(68 * s)}" height="${f(110 * s)}" rx="${f(30 * s)}" fill="${shirt}"/>` +
    avatar(i, x, y - 140 * s, 40 * s, `fam${i}`).replace(/<ellipse[^>]*\/>/, '')
  );
}

/** The family together under one pin. */
export function familyScene(): string {
  return svg(
    backdrop('#DDF6EF') +
      `<path d="M240 20c-26 0-47 20-47 46 0 34 47 76 47 76s47-42 47-76c0-26-21-46-47-46z" fill="url(#brand)"/>` +
      `<path d="M240 84c-14-10-22-18-22-27a10 10 0 0 1 22-4 10 10 0 0 1 22 4c0 9-8 17-22 27z" fill="${C.orange}"/>` +
      person(1, 140, 378, 1, C.green2) +
      person(0, 340, 378, 0.98, C.orange) +
      person(3, 208, 384, 0.66, C.mint) +
      person(2, 276, 384, 0.72, C.green1),
  );
}

/** The Circle: an invite code in the middle and the members who joined around it. */
export function circleScene(): string {
  const spots: Array<[number, number]> = [
    [240, 44],
    [400, 200],
    [240, 356],
    [80, 200],
  ];
  return svg(
    `<circle cx="240" cy="200" r="156" fill="${C.mint}" fill-opacity="0.16" stroke="${C.green1}" stroke-width="4" stroke-dasharray="14 10"/>` +
      spots.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="36" fill="#fff" filter="url(#shadow)"/>` + avatar(i, x, y, 30, `m${i}`)).join('') +
      `<rect x="130" y="150" width="220" height="100" rx="22" fill="url(#brand)" filter="url(#shadow)"/>` +
      [0, 1, 2, 3, 4, 5]
        .map((k) => `<rect x="${148 + k * 32}" y="176" width="24" height="48" rx="7" fill="#fff" fill-opacity="${k < 4 ? 1 : 0.35}"/>`)
        .join('') +
      `<circle cx="352" cy="150" r="20" fill="${C.orange}"/><path d="M342 150l7 7 13-14" stroke="#fff" stroke-width="4.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}
