/**
 * Product and banner artwork drawn as SVG, then rasterised by the same pipeline as uploads.
 * No files are fetched from anywhere.
 */
export type DeviceKind = "switch-1" | "switch-3" | "lock-keypad" | "lock-fingerprint" | "sensor-air" | "sensor-kit";

type Palette = { from: string; to: string; accent: string };

const palettes = {
  teal: { from: "#0f766e", to: "#134e4a", accent: "#5eead4" },
  indigo: { from: "#4338ca", to: "#1e1b4b", accent: "#a5b4fc" },
  amber: { from: "#b45309", to: "#451a03", accent: "#fcd34d" },
  slate: { from: "#334155", to: "#0f172a", accent: "#7dd3fc" },
  rose: { from: "#be123c", to: "#4c0519", accent: "#fda4af" },
  emerald: { from: "#047857", to: "#022c22", accent: "#6ee7b7" },
} satisfies Record<string, Palette>;

function background(width: number, height: number, palette: Palette, id: string): string {
  return `<defs>
    <linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
    <radialGradient id="glow-${id}" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>
    <linearGradient id="glass-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2937"/><stop offset="1" stop-color="#030712"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg-${id})"/>
  <circle cx="${width / 2}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.48}" fill="url(#glow-${id})"/>`;
}

function touchPanel(cx: number, cy: number, size: number, gangs: number, palette: Palette, id: string): string {
  const half = size / 2;
  const gap = size / (gangs + 1);
  const buttons = Array.from({ length: gangs }, (_, i) => {
    const x = cx - half + gap * (i + 1);
    return `<circle cx="${x}" cy="${cy + size * 0.05}" r="${size * 0.075}" fill="none" stroke="${palette.accent}" stroke-width="${size * 0.012}" opacity="0.95"/>
      <circle cx="${x}" cy="${cy + size * 0.05}" r="${size * 0.02}" fill="${palette.accent}"/>`;
  }).join("");
  return `<g>
    <rect x="${cx - half + size * 0.02}" y="${cy - half + size * 0.05}" width="${size}" height="${size}" rx="${size * 0.08}" fill="#000" opacity="0.3"/>
    <rect x="${cx - half}" y="${cy - half}" width="${size}" height="${size}" rx="${size * 0.08}" fill="url(#glass-${id})" stroke="#4b5563" stroke-width="${size * 0.008}"/>
    <rect x="${cx - half + size * 0.04}" y="${cy - half + size * 0.04}" width="${size * 0.92}" height="${size * 0.2}" rx="${size * 0.05}" fill="#ffffff" opacity="0.05"/>
    ${buttons}
    <rect x="${cx - size * 0.08}" y="${cy + half - size * 0.12}" width="${size * 0.16}" height="${size * 0.015}" rx="${size * 0.008}" fill="${palette.accent}" opacity="0.6"/>
  </g>`;
}

function lock(cx: number, cy: number, size: number, fingerprint: boolean, palette: Palette, id: string): string {
  const w = size * 0.46;
  const h = size;
  const keys = Array.from({ length: 12 }, (_, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    return `<circle cx="${cx - w * 0.26 + col * w * 0.26}" cy="${cy - h * 0.2 + row * h * 0.11}" r="${w * 0.07}" fill="none" stroke="${palette.accent}" stroke-width="${size * 0.006}" opacity="0.85"/>`;
  }).join("");
  const reader = Array.from({ length: 5 }, (_, i) => {
    const r = w * (0.06 + i * 0.045);
    return `<path d="M ${cx - r} ${cy + h * 0.26} a ${r} ${r * 1.2} 0 0 1 ${r * 2} 0" fill="none" stroke="${palette.accent}" stroke-width="${size * 0.007}" stroke-linecap="round" opacity="${0.95 - i * 0.12}"/>`;
  }).join("");
  return `<g>
    <rect x="${cx - w / 2 + w * 0.05}" y="${cy - h / 2 + h * 0.03}" width="${w}" height="${h}" rx="${w * 0.22}" fill="#000" opacity="0.3"/>
    <rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${w * 0.22}" fill="url(#glass-${id})" stroke="#4b5563" stroke-width="${size * 0.006}"/>
    <rect x="${cx - w * 0.12}" y="${cy - h * 0.4}" width="${w * 0.24}" height="${h * 0.02}" rx="${h * 0.01}" fill="${palette.accent}"/>
    ${fingerprint ? reader : keys}
    ${fingerprint ? `<rect x="${cx - w * 0.3}" y="${cy - h * 0.28}" width="${w * 0.6}" height="${h * 0.3}" rx="${w * 0.1}" fill="#ffffff" opacity="0.05"/>` : ""}
    <rect x="${cx + w / 2}" y="${cy - h * 0.03}" width="${w * 0.55}" height="${h * 0.07}" rx="${h * 0.035}" fill="#9ca3af"/>
  </g>`;
}

function sensor(cx: number, cy: number, size: number, kit: boolean, palette: Palette, id: string): string {
  const r = size * 0.3;
  const waves = [1.25, 1.5, 1.75]
    .map(
      (k, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${r * k}" fill="none" stroke="${palette.accent}" stroke-width="${size * 0.006}" opacity="${0.5 - i * 0.14}"/>`,
    )
    .join("");
  const puck = `<g>
    <circle cx="${cx + r * 0.05}" cy="${cy + r * 0.12}" r="${r}" fill="#000" opacity="0.3"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#f8fafc"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.82}" fill="#e2e8f0"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.3}" fill="url(#glass-${id})"/>
    <circle cx="${cx + r * 0.08}" cy="${cy - r * 0.08}" r="${r * 0.08}" fill="${palette.accent}" opacity="0.8"/>
  </g>`;
  const contact = kit
    ? `<g>
      <rect x="${cx + r * 1.1}" y="${cy + r * 0.6}" width="${r * 0.9}" height="${r * 0.35}" rx="${r * 0.08}" fill="#f8fafc"/>
      <rect x="${cx + r * 2.1}" y="${cy + r * 0.62}" width="${r * 0.35}" height="${r * 0.31}" rx="${r * 0.06}" fill="#f8fafc"/>
      <circle cx="${cx + r * 1.25}" cy="${cy + r * 0.77}" r="${r * 0.05}" fill="${palette.accent}"/>
    </g>`
    : "";
  return waves + puck + contact;
}

function device(kind: DeviceKind, cx: number, cy: number, size: number, palette: Palette, id: string): string {
  switch (kind) {
    case "switch-1":
      return touchPanel(cx, cy, size * 0.62, 1, palette, id);
    case "switch-3":
      return touchPanel(cx, cy, size * 0.62, 3, palette, id);
    case "lock-keypad":
      return lock(cx, cy, size * 0.7, false, palette, id);
    case "lock-fingerprint":
      return lock(cx, cy, size * 0.7, true, palette, id);
    case "sensor-air":
      return sensor(cx, cy, size * 0.7, false, palette, id);
    case "sensor-kit":
      return sensor(cx - size * 0.12, cy, size * 0.62, true, palette, id);
  }
}

/** A square product shot; `angle` shifts the light so a product's gallery has distinct views. */
export function productArtwork(kind: DeviceKind, paletteName: keyof typeof palettes, angle = 0): string {
  const palette: Palette = palettes[paletteName];
  const size = 1200;
  const id = `${kind}-${angle}`;
  const floor = `<ellipse cx="${size / 2}" cy="${size * 0.86}" rx="${size * 0.3}" ry="${size * 0.04}" fill="#000" opacity="0.25"/>`;
  const tilt = angle === 0 ? "" : ` transform="rotate(${angle * 6} ${size / 2} ${size / 2})"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    ${background(size, size, palette, id)}${floor}<g${tilt}>${device(kind, size / 2, size * 0.47, size, palette, id)}</g></svg>`;
}

/** A wide hero banner: device on the right, room for the headline (set in HTML) on the left. */
export function bannerArtwork(kind: DeviceKind, paletteName: keyof typeof palettes): string {
  const palette: Palette = palettes[paletteName];
  const width = 1600;
  const height = 667;
  const id = `banner-${kind}`;
  const lines = Array.from(
    { length: 9 },
    (_, i) =>
      `<line x1="${i * 300}" y1="0" x2="${i * 300 - 400}" y2="${height}" stroke="#fff" stroke-opacity="0.04" stroke-width="2"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${background(width, height, palette, id)}${lines}
    <circle cx="${width * 0.72}" cy="${height * 0.5}" r="${height * 0.42}" fill="#fff" opacity="0.05"/>
    ${device(kind, width * 0.72, height * 0.5, height * 0.95, palette, id)}</svg>`;
}

export type PaletteName = keyof typeof palettes;
