// The captcha picture (issue 13): a PNG drawn here, without native modules. svg-captcha's SVG gave
// every character away as one filled <path> a script could match against the font; this draws the
// same font's outlines, bent per character (rotation, scale, shear), overlapping their neighbours,
// waved as a whole, crossed by curves in the ink of the text and sprinkled with specks, then
// rasterised with anti-aliasing (a small scanline polygon filler) and encoded with node:zlib.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/** Pixels of the PNG: twice the 120 × 40 the login page shows, for sharp screens. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;

interface PathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x: number;
  y: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
interface Font {
  charToGlyph(ch: string): { getPath(x: number, y: number, size: number): { commands: PathCommand[] } };
}

const require = createRequire(import.meta.url);
/** Comicbook Smash, the font svg-captcha ships (licence "free", fonts/LICENSE.md there). */
export const CAPTCHA_FONT_FILE = require.resolve('svg-captcha/fonts/Comismsh.ttf');

let font: Font | undefined;
function loadFont(): Font {
  font ??= (require('opentype.js') as { loadSync(file: string): Font }).loadSync(CAPTCHA_FONT_FILE);
  return font;
}

const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;
const FONT_SIZE = 100; // px per em: capitals about 50 px tall before they are fitted in
const OUTLINE = 1.8; // px: the width of the line drawn over every outline
const MAX_SEGMENT = 2.5; // px: outlines are cut this fine so the waves bend them smoothly
const RIPPLE = [0.5, 1]; // px: how far the short wave moves a point

type Random = () => number;

/** sfc32, seeded from the system's random source: cheap numbers for shapes and colours. */
export function seededRandom(seed: Buffer = crypto.randomBytes(16)): Random {
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

// ---------------------------------------------------------------------------------------------
// Outlines

/** One character's contours as flat point lists (x, y, x, y, …) around the centre of its box. */
interface Outline {
  contours: Float64Array[];
}
const outlines = new Map<string, Outline>();

function pushLine(out: number[], x0: number, y0: number, x1: number, y1: number) {
  const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / MAX_SEGMENT));
  for (let i = 1; i <= n; i++) out.push(x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n);
}

/** Flattens a glyph path: quadratic and cubic pieces become short lines. */
export function flatten(commands: PathCommand[]): number[][] {
  const contours: number[][] = [];
  let current: number[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  const close = () => {
    if (current.length >= 6) contours.push(current);
    current = [];
  };
  for (const c of commands) {
    if (c.type === 'M') {
      close();
      x = sx = c.x;
      y = sy = c.y;
      current.push(x, y);
    } else if (c.type === 'L') {
      pushLine(current, x, y, c.x, c.y);
      x = c.x;
      y = c.y;
    } else if (c.type === 'Q') {
      const n = Math.max(2, Math.ceil((Math.hypot(c.x1 - x, c.y1 - y) + Math.hypot(c.x - c.x1, c.y - c.y1)) / MAX_SEGMENT));
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        current.push(u * u * x + 2 * u * t * c.x1 + t * t * c.x, u * u * y + 2 * u * t * c.y1 + t * t * c.y);
      }
      x = c.x;
      y = c.y;
    } else if (c.type === 'C') {
      const length = Math.hypot(c.x1 - x, c.y1 - y) + Math.hypot(c.x2 - c.x1, c.y2 - c.y1) + Math.hypot(c.x - c.x2, c.y - c.y2);
      const n = Math.max(2, Math.ceil(length / MAX_SEGMENT));
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        current.push(
          u * u * u * x + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
          u * u * u * y + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
        );
      }
      x = c.x;
      y = c.y;
    } else if (c.type === 'Z') {
      if (x !== sx || y !== sy) pushLine(current, x, y, sx, sy);
      x = sx;
      y = sy;
      close();
    }
  }
  close();
  return contours;
}

function outlineOf(ch: string): Outline {
  let outline = outlines.get(ch);
  if (!outline) {
    const contours = flatten(loadFont().charToGlyph(ch).getPath(0, 0, FONT_SIZE).commands);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const c of contours) {
      for (let i = 0; i < c.length; i += 2) {
        x0 = Math.min(x0, c[i]);
        x1 = Math.max(x1, c[i]);
        y0 = Math.min(y0, c[i + 1]);
        y1 = Math.max(y1, c[i + 1]);
      }
    }
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    outline = {
      contours: contours.map((c) => Float64Array.from(c, (v, i) => (i % 2 ? v - cy : v - cx))),
    };
    outlines.set(ch, outline);
  }
  return outline;
}

// ---------------------------------------------------------------------------------------------
// Rasterising: nonzero winding, SUB sub-scanlines per pixel row, exact horizontal coverage.

const SUB = 5;

class Raster {
  readonly rgba = new Uint8Array(W * H * 4);
  private readonly row = new Float32Array(W + 1);
  // Edges of the shape being filled: yTop, yBottom, x at yTop, dx/dy, winding.
  private edges: number[] = [];

  fillBackground(r: number, g: number, b: number) {
    for (let i = 0; i < this.rgba.length; i += 4) {
      this.rgba[i] = r;
      this.rgba[i + 1] = g;
      this.rgba[i + 2] = b;
      this.rgba[i + 3] = 255;
    }
  }

  /** Adds a closed polygon (x, y, x, y, …). `solid` turns it so every solid piece winds alike. */
  addPolygon(p: ArrayLike<number>, solid = false) {
    const n = p.length >> 1;
    let flip = false;
    if (solid) {
      let area = 0;
      for (let i = 0, j = n - 1; i < n; j = i++) area += p[2 * j] * p[2 * i + 1] - p[2 * i] * p[2 * j + 1];
      flip = area < 0;
    }
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xa = p[2 * j];
      const ya = p[2 * j + 1];
      const xb = p[2 * i];
      const yb = p[2 * i + 1];
      if (ya === yb) continue;
      const down = yb > ya;
      const dxdy = (xb - xa) / (yb - ya);
      const w = (down ? 1 : -1) * (flip ? -1 : 1);
      if (down) this.edges.push(ya, yb, xa, dxdy, w);
      else this.edges.push(yb, ya, xb, dxdy, w);
    }
  }

  /** Fills the polygons added since the last fill in one colour, anti-aliased, and starts afresh. */
  fill(r: number, g: number, b: number) {
    const e = Float64Array.from(this.edges);
    this.edges = [];
    const count = e.length / 5;
    if (!count) return;
    // Edges in order of their top; an active list walks down the sub-scanlines.
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((i, j) => e[5 * i] - e[5 * j]);
    let yMax = -Infinity;
    for (let i = 0; i < count; i++) yMax = Math.max(yMax, e[5 * i + 1]);
    const rowFrom = Math.max(0, Math.floor(e[5 * order[0]]));
    const rowTo = Math.min(H - 1, Math.ceil(yMax));
    const active = new Uint32Array(count);
    let activeCount = 0;
    const xs = new Float64Array(count);
    const ws = new Float64Array(count);
    let next = 0;
    const weight = 1 / SUB;
    const row = this.row;
    for (let py = rowFrom; py <= rowTo; py++) {
      row.fill(0);
      let xLeft = W;
      let xRight = 0;
      for (let s = 0; s < SUB; s++) {
        const y = py + (s + 0.5) / SUB;
        while (next < count && e[5 * order[next]] <= y) active[activeCount++] = order[next++];
        // Crossings of this sub-scanline, kept in order of x (insertion: they are few).
        let n = 0;
        for (let k = activeCount - 1; k >= 0; k--) {
          const i = active[k];
          if (e[5 * i + 1] <= y) {
            active[k] = active[--activeCount];
            continue;
          }
          const x = e[5 * i + 2] + (y - e[5 * i]) * e[5 * i + 3];
          let at = n++;
          while (at > 0 && xs[at - 1] > x) {
            xs[at] = xs[at - 1];
            ws[at] = ws[at - 1];
            at--;
          }
          xs[at] = x;
          ws[at] = e[5 * i + 4];
        }
        // Nonzero rule: a span runs from where the winding leaves zero to where it comes back.
        let winding = 0;
        let from = 0;
        for (let k = 0; k < n; k++) {
          const before = winding;
          winding += ws[k];
          if (before === 0 && winding !== 0) from = xs[k];
          else if (before !== 0 && winding === 0) {
            const xa = Math.max(0, from);
            const xb = Math.min(W, xs[k]);
            if (xb > xa) {
              addSpan(row, xa, xb, weight);
              if (xa < xLeft) xLeft = Math.floor(xa);
              if (xb > xRight) xRight = Math.ceil(xb);
            }
          }
        }
      }
      const base = py * W * 4;
      for (let px = xLeft; px < Math.min(xRight, W); px++) {
        const a = Math.min(1, row[px]);
        if (a <= 0) continue;
        const o = base + px * 4;
        this.rgba[o] += (r - this.rgba[o]) * a;
        this.rgba[o + 1] += (g - this.rgba[o + 1]) * a;
        this.rgba[o + 2] += (b - this.rgba[o + 2]) * a;
      }
    }
  }
}

function addSpan(row: Float32Array, xa: number, xb: number, weight: number) {
  const ia = Math.floor(xa);
  const ib = Math.floor(xb);
  if (ia === ib) {
    row[ia] += (xb - xa) * weight;
    return;
  }
  row[ia] += (ia + 1 - xa) * weight;
  for (let i = ia + 1; i < ib; i++) row[i] += weight;
  if (ib < W) row[ib] += (xb - ib) * weight;
}

/** A polyline stroked `width` wide: a quadrilateral per piece and a round-ish joint at every point. */
function addStroke(raster: Raster, points: number[], width: number, joints = true) {
  const h = width / 2;
  for (let i = 0; i + 3 < points.length; i += 2) {
    const x0 = points[i];
    const y0 = points[i + 1];
    const x1 = points[i + 2];
    const y1 = points[i + 3];
    const length = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = (-(y1 - y0) / length) * h;
    const ny = ((x1 - x0) / length) * h;
    raster.addPolygon([x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny], true);
  }
  if (joints) for (let i = 2; i + 2 < points.length; i += 2) addDot(raster, points[i], points[i + 1], h, 8);
}

function addDot(raster: Raster, x: number, y: number, radius: number, sides: number, turn = 0) {
  const p: number[] = [];
  for (let k = 0; k < sides; k++) {
    const a = turn + (k * 2 * Math.PI) / sides;
    p.push(x + radius * Math.cos(a), y + radius * Math.sin(a));
  }
  raster.addPolygon(p, true);
}

// ---------------------------------------------------------------------------------------------
// The picture

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** Draws `text` (a few capitals and digits of the alphabet) as a PNG. */
export function drawCaptchaPng(text: string, random: Random = seededRandom()): Buffer {
  return encodePng(drawCaptchaPixels(text, random), W, H);
}

/** The picture as RGBA pixels, CAPTCHA_WIDTH × CAPTCHA_HEIGHT. */
export function drawCaptchaPixels(text: string, random: Random = seededRandom()): Uint8Array {
  const between = (a: number, b: number) => a + (b - a) * random();
  const raster = new Raster();

  const hue = between(0, 360);
  const background = hsl(between(0, 360), between(0.25, 0.5), between(0.93, 0.97));
  const ink = hsl(hue, between(0.55, 0.8), between(0.18, 0.28));
  raster.fillBackground(...background);

  // Each character bent on its own: rotation, scale, shear around the centre of its box.
  const glyphs = [...text].map((ch) => {
    const angle = between(-0.26, 0.26);
    const scale = between(0.9, 1.1);
    const sx = scale * between(0.78, 1.18);
    const sy = scale * between(0.9, 1.1);
    const shear = between(-0.22, 0.22);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // M = R · Shear · S
    const a = cos * sx;
    const b = (cos * shear - sin) * sy;
    const c = sin * sx;
    const d = (sin * shear + cos) * sy;
    let left = Infinity;
    let right = -Infinity;
    let top = Infinity;
    let bottom = -Infinity;
    const contours = outlineOf(ch).contours.map((src) => {
      const out = new Float64Array(src.length);
      for (let i = 0; i < src.length; i += 2) {
        const x = a * src[i] + b * src[i + 1];
        const y = c * src[i] + d * src[i + 1];
        out[i] = x;
        out[i + 1] = y;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
      return out;
    });
    return { contours, left, right, top, bottom, dx: 0, dy: 0 };
  });

  // Side by side, each eating a little into the one before.
  let cursor = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i];
    if (i > 0) cursor -= between(0.1, 0.18) * (g.right - g.left);
    g.dx = cursor - g.left;
    cursor = g.dx + g.right;
  }
  // Shrunk when too wide or too tall: the waves below move points by up to 8 px more.
  const tallest = Math.max(...glyphs.map((g) => g.bottom - g.top));
  const fit = Math.min(1, (W - 20) / cursor, (H - 22) / tallest);
  const startX = (W - cursor * fit) / 2 + (between(-0.5, 0.5) * Math.max(0, W - 20 - cursor * fit)) / 2;
  for (const g of glyphs) {
    const room = Math.max(0, H - 22 - (g.bottom - g.top) * fit);
    g.dy = H / 2 - ((g.top + g.bottom) / 2) * fit + between(-0.5, 0.5) * room;
  }

  // Waves over the whole picture, characters and curves alike: a long one that bends the line of
  // text, and a ripple about as long as a letter is wide that bends the letters themselves.
  const long = {
    ax: between(2, 4),
    ay: between(3.5, 6.5),
    kx: (2 * Math.PI) / between(90, 160),
    ky: (2 * Math.PI) / between(50, 90),
    px: between(0, 2 * Math.PI),
    py: between(0, 2 * Math.PI),
  };
  const ripple = {
    ax: between(RIPPLE[0], RIPPLE[1]),
    ay: between(RIPPLE[0], RIPPLE[1]),
    kx: (2 * Math.PI) / between(26, 42),
    ky: (2 * Math.PI) / between(26, 42),
    px: between(0, 2 * Math.PI),
    py: between(0, 2 * Math.PI),
  };
  const warp = (p: Float64Array | number[]) => {
    for (let i = 0; i < p.length; i += 2) {
      const x = p[i];
      const y = p[i + 1];
      p[i] = x + long.ax * Math.sin(y * long.ky + long.py) + ripple.ax * Math.sin(y * ripple.ky + ripple.py);
      p[i + 1] = y + long.ay * Math.sin(x * long.kx + long.px) + ripple.ay * Math.sin(x * ripple.kx + ripple.px);
    }
  };

  for (const g of glyphs) {
    for (const c of g.contours) {
      for (let i = 0; i < c.length; i += 2) {
        c[i] = startX + (g.dx + c[i]) * fit;
        c[i + 1] = g.dy + c[i + 1] * fit;
      }
      warp(c);
      raster.addPolygon(c);
    }
    raster.fill(...ink);
    // The font's hairlines are too thin to read once bent: every outline is also drawn as a line.
    for (const c of g.contours) addStroke(raster, [...c, c[0], c[1]], OUTLINE, false);
    raster.fill(...ink);
  }

  // Curves across the text in the same ink, swinging through and above and below the letters: one
  // as thick as a stroke of the letters, two thinner.
  for (const width of [between(2.6, 3.2), between(1.3, 1.7), between(1.3, 1.7)]) {
    const x0 = between(startX - 14, startX + 10);
    const x3 = between(startX + cursor * fit - 10, startX + cursor * fit + 14);
    const y0 = between(H * 0.15, H * 0.85);
    const y3 = between(H * 0.15, H * 0.85);
    const x1 = x0 + (x3 - x0) * between(0.2, 0.45);
    const x2 = x0 + (x3 - x0) * between(0.55, 0.8);
    const y1 = between(-H * 0.2, H * 1.2);
    const y2 = between(-H * 0.2, H * 1.2);
    const points: number[] = [];
    const n = Math.ceil((x3 - x0) / MAX_SEGMENT / 1.5);
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      points.push(
        u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
        u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
      );
    }
    warp(points);
    addStroke(raster, points, width);
  }
  raster.fill(...ink);

  // Specks: ink on the ground, ground on the ink.
  for (let i = 0; i < 110; i++) addDot(raster, between(0, W), between(0, H), between(0.7, 1.7), 6, between(0, 1));
  raster.fill(...ink);
  for (let i = 0; i < 70; i++) addDot(raster, between(0, W), between(0, H), between(0.7, 1.5), 6, between(0, 1));
  raster.fill(...background);

  return raster.rgba;
}

// ---------------------------------------------------------------------------------------------
// PNG: 8-bit RGB, each row filtered the way that deflates best (the usual sum-of-bytes guess).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  let previous = new Uint8Array(stride);
  const line = new Uint8Array(stride);
  const candidate = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      line[3 * x] = rgba[4 * (y * width + x)];
      line[3 * x + 1] = rgba[4 * (y * width + x) + 1];
      line[3 * x + 2] = rgba[4 * (y * width + x) + 2];
    }
    let bestCost = Infinity;
    for (let filter = 0; filter <= 4; filter++) {
      let cost = 0;
      for (let i = 0; i < stride; i++) {
        const left = i >= 3 ? line[i - 3] : 0;
        const up = previous[i];
        const upLeft = i >= 3 ? previous[i - 3] : 0;
        let predicted = 0;
        if (filter === 1) predicted = left;
        else if (filter === 2) predicted = up;
        else if (filter === 3) predicted = (left + up) >> 1;
        else if (filter === 4) {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
        }
        const v = (line[i] - predicted) & 0xff;
        candidate[i] = v;
        cost += v < 128 ? v : 256 - v;
      }
      if (cost < bestCost) {
        bestCost = cost;
        raw[y * (stride + 1)] = filter;
        raw.set(candidate, y * (stride + 1) + 1);
      }
    }
    previous = Uint8Array.from(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
