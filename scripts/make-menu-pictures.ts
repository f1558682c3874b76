/**
 * Generates the demo menus' pictures, server/seed/pictures/*.svg: flat-illustration food "photos"
 * for every goods and class of server/seed/menus/menu-S101.json and menu-S102.json.
 *
 *   npx tsx scripts/make-menu-pictures.ts
 *
 * Every picture is a 480×480 SVG composed from a small library of builders: tabletops, dishes
 * (bowl, plate, oval dish, steamer, claypot, tray, cups, glasses, cans, bottles, bags, boxes)
 * and ingredients (noodles, rice, eggs, greens, meats, dumplings …). Variations (colours, the
 * position of each noodle or grain) come from a PRNG seeded by the file name, so a run always
 * writes the same bytes. No downloads, no raster images, no dependencies beyond Node.
 */
import fs from 'node:fs'
import path from 'node:path'

const OUT_DIR = path.join(__dirname, '..', 'server', 'seed', 'pictures')
/** Every picture must stay below this many bytes (the menu is what a diner downloads). */
const MAX_BYTES = 8 * 1024
const TAU = Math.PI * 2

// ---------- numbers, colours, randomness ----------

type Pt = [number, number]
/** Hue 0–360, saturation and lightness 0–100. */
type Hsl = readonly [number, number, number]

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))
/** Numbers as short as SVG allows: rounded, without a leading zero ('.5'). */
const short = (x: number) => String(x).replace(/^(-?)0\./, '$1.')
const n0 = (x: number) => String(Math.round(x))
const n1 = (x: number) => short(Math.round(x * 10) / 10)
const n2 = (x: number) => short(Math.round(x * 100) / 100)

const hex2 = (v: number) => Math.round(clamp(v, 0, 255)).toString(16).padStart(2, '0')
/** '#rrggbb', or '#rrggbbaa' when translucent. */
const rgb = (r: number, g: number, b: number, a = 1) => `#${hex2(r)}${hex2(g)}${hex2(b)}${a >= 1 ? '' : hex2(a * 255)}`

/** Colour c, `dl` lighter (or darker when negative), `a` opaque, as hex. */
function col(c: Hsl, dl = 0, a = 1, ds = 0): string {
  const h = ((c[0] % 360) + 360) % 360
  const s = clamp(c[1] + ds, 0, 100) / 100
  const l = clamp(c[2] + dl, 0, 100) / 100
  const k = (n: number) => (n + h / 30) % 12
  const f = (n: number) => 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)))
  return rgb(f(0), f(8), f(4), a)
}

const WHITE = (a: number) => rgb(255, 255, 255, a)
const INK = (a: number) => rgb(45, 22, 8, a)

/** mulberry32 seeded by an FNV-1a hash of the picture's name. */
class Rng {
  private state: number
  constructor(seed: string) {
    let h = 2166136261
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619)
    this.state = h >>> 0
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ---------- the SVG document ----------

type Attrs = Record<string, string | number | undefined>
type Stop = [offset: number, colour: string]

/**
 * Attributes as markup. Round caps and joins are the document's defaults (set on the root), so
 * they are left out; dashed strokes get butt caps so that their gaps stay open.
 */
const attrs = (a: Attrs) =>
  Object.entries({ ...a, 'stroke-linecap': a['stroke-dasharray'] !== undefined ? (a['stroke-linecap'] ?? 'butt') : a['stroke-linecap'] })
    .filter(([k, v]) => v !== undefined && !((k === 'stroke-linecap' || k === 'stroke-linejoin') && v === 'round'))
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n1(v) : v}"`)
    .join('')
const el = (tag: string, a: Attrs, inner?: string) =>
  inner === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${inner}</${tag}>`
const circle = (cx: number, cy: number, r: number, a: Attrs = {}) => el('circle', { cx, cy, r, ...a })
const ellipse = (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}) => el('ellipse', { cx, cy, rx, ry, ...a })
const rect = (x: number, y: number, w: number, h: number, a: Attrs = {}) => el('rect', { x, y, width: w, height: h, ...a })
const pathEl = (d: string, a: Attrs = {}) => el('path', { d, ...a })
const group = (a: Attrs, ...kids: string[]) => el('g', a, kids.join(''))
/** A transform: move to (x, y), then rotate by `rot` degrees and scale by `s`. */
const at = (x: number, y: number, rot = 0, s = 1) =>
  `translate(${n0(x)} ${n0(y)})${Math.round(rot) % 360 ? ` rotate(${n0(rot)})` : ''}${s !== 1 ? ` scale(${n2(s)})` : ''}`
const place = (x: number, y: number, rot: number, s: number, ...kids: string[]) => group({ transform: at(x, y, rot, s) }, ...kids)

/** One picture being drawn: its definitions (gradients, filters, clips), its body and its PRNG. */
class Pic {
  private readonly defs: string[] = []
  private readonly body: string[] = []
  private readonly memo = new Map<string, string>()
  private count = 0
  private readonly rng: Rng
  constructor(readonly name: string) {
    this.rng = new Rng(name)
  }
  /** Uniform in [a, b). */
  r(a: number, b: number): number {
    return a + (b - a) * this.rng.next()
  }
  /** Integer in [a, b]. */
  int(a: number, b: number): number {
    return Math.floor(this.r(a, b + 1))
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rng.next() * xs.length)]
  }
  chance(p: number): boolean {
    return this.rng.next() < p
  }
  add(...parts: string[]): void {
    this.body.push(...parts)
  }
  /** Adds a definition under a fresh id, once per key; returns the id. */
  define(key: string, make: (id: string) => string): string {
    const known = this.memo.get(key)
    if (known) return known
    const id = `_${(this.count++).toString(36)}`
    this.defs.push(make(id))
    this.memo.set(key, id)
    return id
  }
  /** Linear gradient in the box of the shape (x1 y1 → x2 y2), as a fill value. */
  lin(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const key = `l${stops.join()}${x1},${y1},${x2},${y2}`
    const pos = (v: number, d: number) => (v === d ? undefined : v)
    return `url(#${this.define(key, (id) =>
      el('linearGradient', { id, x1: pos(x1, 0), y1: pos(y1, 0), x2: pos(x2, 1), y2: pos(y2, 0) }, stopsXml(stops))
    )})`
  }
  /** Radial gradient in the box of the shape, focus (fx, fy). */
  rad(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const key = `r${stops.join()}${cx},${cy},${r},${fx},${fy}`
    const opt = (v: number, d: number) => (v === d ? undefined : n2(v))
    return `url(#${this.define(key, (id) =>
      el('radialGradient', { id, cx: opt(cx, 0.5), cy: opt(cy, 0.5), r: opt(r, 0.5), fx: opt(fx, cx), fy: opt(fy, cy) }, stopsXml(stops))
    )})`
  }
  /** Gaussian blur filter, as a filter value. */
  blur(sd: number): string {
    return `url(#${this.define(`b${sd}`, (id) =>
      el('filter', { id, x: '-30%', y: '-30%', width: '160%', height: '160%' }, el('feGaussianBlur', { stdDeviation: sd }))
    )})`
  }
  /** Clip path from shape markup, as a clip-path value. */
  clip(shape: string): string {
    return `url(#${this.define(`c${shape}`, (id) => el('clipPath', { id }, shape))})`
  }
  /** A tile pattern in user space, as a fill value. */
  pattern(w: number, h: number, inner: string, transform?: string): string {
    return `url(#${this.define(`p${w},${h},${inner},${transform}`, (id) =>
      el('pattern', { id, width: w, height: h, patternUnits: 'userSpaceOnUse', patternTransform: transform }, inner)
    )})`
  }
  /** A reusable element (e.g. a path drawn several times with different strokes); returns its href. */
  symbol(markup: (id: string) => string): string {
    return `#${this.define(`s${this.count}`, markup)}`
  }
  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 480" width="480" height="480" stroke-linecap="round" stroke-linejoin="round">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`
    )
  }
}

const stopsXml = (stops: Stop[]) => stops.map(([o, c]) => el('stop', { offset: n2(o), 'stop-color': c })).join('')
const use = (href: string, a: Attrs = {}) => el('use', { href, ...a })

/**
 * Draws a piece once per variant as a reusable definition and returns a drawer cycling through
 * the variants: six dumplings cost two dumplings' bytes.
 */
function reuse(p: Pic, make: () => string, variants = 2): () => string {
  const hrefs: string[] = []
  let i = 0
  return () => {
    const k = i++ % variants
    hrefs[k] ??= p.symbol((id) => group({ id }, make()))
    return use(hrefs[k])
  }
}

// ---------- geometry ----------

const pt = (p: Pt) => `${n0(p[0])} ${n0(p[1])}`
const polar = (cx: number, cy: number, r: number, deg: number): Pt => [
  cx + r * Math.cos((deg * Math.PI) / 180),
  cy + r * Math.sin((deg * Math.PI) / 180)
]

/**
 * Cubic Bézier segments through the points (Catmull-Rom), in relative coordinates computed
 * from rounded absolute ones so that nothing drifts. `closed` wraps around to the start.
 */
function catmullRom(pts: Pt[], closed: boolean): string {
  const n = pts.length
  const at = (i: number) => (closed ? pts[(i + n) % n] : pts[clamp(i, 0, n - 1)])
  const r = (q: Pt): Pt => [Math.round(q[0]), Math.round(q[1])]
  let cur = r(pts[0])
  let d = `M${pt(cur)}c`
  const segs: string[] = []
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)]
    const c1 = r([p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6])
    const c2 = r([p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6])
    const end = r(p2)
    segs.push([c1, c2, end].map((q) => `${q[0] - cur[0]} ${q[1] - cur[1]}`).join(' '))
    cur = end
  }
  d += segs.join(' ')
  return closed ? d + 'Z' : d
}

/** A smooth closed curve through the points. */
const smoothClosed = (pts: Pt[]) => catmullRom(pts, true)

/** A smooth open curve through the points. */
const smoothOpen = (pts: Pt[]) => catmullRom(pts, false)

/** An irregular rounded blob around (cx, cy): radii rx, ry, rotated by rot degrees. */
function blob(p: Pic, cx: number, cy: number, rx: number, ry: number, irr = 0.15, n = 7, rot = 0): string {
  const pts: Pt[] = []
  const ca = Math.cos((rot * Math.PI) / 180)
  const sa = Math.sin((rot * Math.PI) / 180)
  const start = p.r(0, TAU)
  for (let i = 0; i < n; i++) {
    const ang = start + (i * TAU) / n
    const k = 1 + p.r(-irr, irr)
    const x = Math.cos(ang) * rx * k
    const y = Math.sin(ang) * ry * k
    pts.push([cx + x * ca - y * sa, cy + x * sa + y * ca])
  }
  return smoothClosed(pts)
}

/** A circle as path data, so that many circles fit in one path element. */
const circleD = (cx: number, cy: number, r: number) =>
  `M${n0(cx - r)} ${n0(cy)}a${n1(r)} ${n1(r)} 0 1 0 ${n1(2 * r)} 0a${n1(r)} ${n1(r)} 0 1 0 ${n1(-2 * r)} 0`

/** n points spread evenly on an arc (degrees), each with its angle. */
function arcPoints(cx: number, cy: number, r: number, from: number, to: number, n: number): [number, number, number][] {
  const out: [number, number, number][] = []
  for (let i = 0; i < n; i++) {
    const deg = n === 1 ? (from + to) / 2 : from + ((to - from) * i) / (n - 1)
    const [x, y] = polar(cx, cy, r, deg)
    out.push([x, y, deg])
  }
  return out
}

/** A random point in the disc, at least `inner` from the centre. */
function inDisc(p: Pic, cx: number, cy: number, r: number, inner = 0): Pt {
  const rr = Math.sqrt(p.r((inner / r) ** 2, 1)) * r
  return polar(cx, cy, rr, p.r(0, 360))
}

// ---------- tabletops ----------

type Table = 'wood' | 'walnut' | 'gingham' | 'marble' | 'slate' | 'azulejo' | 'linen' | 'terrazzo'

/** A flat-lay tabletop filling the picture; `hue` tints it. */
function tabletop(p: Pic, kind: Table, hue: number): void {
  const full = (fill: string, a: Attrs = {}) => rect(0, 0, 480, 480, { fill, ...a })
  switch (kind) {
    case 'wood':
    case 'walnut': {
      const base: Hsl = kind === 'wood' ? [hue, 50, 60] : [hue, 38, 34]
      p.add(full(p.lin([[0, col(base, 6)], [1, col(base, -8)]], 0, 0, 1, 1)))
      let seams = ''
      let x = p.r(-40, 20)
      while (x < 480) {
        x += p.r(105, 135)
        seams += `M${n0(x)} 0V480`
      }
      let grain = ''
      for (let i = 0; i < 11; i++) {
        const gx = p.r(0, 480)
        const gy = p.r(-40, 440)
        const w = p.r(4, 10)
        grain += `M${n0(gx)} ${n0(gy)}q${n0(w)} 40 0 80t0 80`
      }
      p.add(
        pathEl(grain, { fill: 'none', stroke: col(base, -18, 0.22), 'stroke-width': 2 }),
        pathEl(seams, { stroke: col(base, -25, 0.45), 'stroke-width': 3 }),
        pathEl(seams, { stroke: col(base, 15, 0.3), 'stroke-width': 1, transform: 'translate(3 0)' })
      )
      break
    }
    case 'gingham': {
      const c: Hsl = [hue, 62, 52]
      const tile = rect(0, 0, 22, 44, { fill: col(c, 0, 0.32) }) + rect(0, 0, 44, 22, { fill: col(c, 0, 0.32) })
      p.add(full('#fbf4e6'), full(p.pattern(44, 44, tile, 'rotate(8)')))
      break
    }
    case 'marble': {
      p.add(full(p.lin([[0, col([hue, 20, 96])], [1, col([hue, 14, 86])]], 0, 0, 1, 1)))
      let veins = ''
      for (let i = 0; i < 4; i++) {
        const pts: Pt[] = []
        let vx = p.r(-60, 480)
        let vy = -20
        while (vy < 500) {
          pts.push([vx, vy])
          vx += p.r(-50, 70)
          vy += p.r(60, 110)
        }
        veins += smoothOpen(pts)
      }
      p.add(pathEl(veins, { fill: 'none', stroke: col([hue, 10, 55], 0, 0.28), 'stroke-width': 2.5, filter: p.blur(1.5) }))
      break
    }
    case 'slate': {
      const c: Hsl = [hue, 12, 22]
      p.add(full(p.lin([[0, col(c, 6)], [1, col(c, -6)]], 0, 0, 1, 1)))
      p.add(specks(p, 240, 240, 340, 40, 1.5, WHITE(0.08)))
      break
    }
    case 'azulejo': {
      const blue: Hsl = [hue, 65, 42]
      const tile =
        rect(0, 0, 80, 80, { fill: '#f7f3ea', stroke: '#d9d2c4', 'stroke-width': 2 }) +
        pathEl('M40 8L72 40L40 72L8 40Z', { fill: 'none', stroke: col(blue), 'stroke-width': 3 }) +
        circle(40, 40, 10, { fill: col(blue) }) +
        pathEl(`${circleD(0, 0, 16)}${circleD(80, 0, 16)}${circleD(0, 80, 16)}${circleD(80, 80, 16)}`, { fill: col(blue, 12) })
      p.add(full(p.pattern(80, 80, tile, 'rotate(4)')), full(WHITE(0.35)))
      break
    }
    case 'linen': {
      const c: Hsl = [hue, 30, 84]
      const weave = pathEl('M0 3H6M3 0V6', { stroke: col(c, -14, 0.5), 'stroke-width': 1 })
      p.add(full(col(c)), full(p.pattern(6, 6, weave)))
      break
    }
    case 'terrazzo': {
      p.add(full(col([hue, 24, 90])))
      const chips: Hsl[] = [[hue + 180, 30, 60], [hue, 45, 62], [hue + 40, 20, 45]]
      for (const chip of chips) {
        let d = ''
        for (let i = 0; i < 16; i++) d += `M${n0(p.r(0, 480))} ${n0(p.r(0, 480))}l${n0(p.r(-7, 7))} ${n0(p.r(-5, 5))}`
        p.add(pathEl(d, { stroke: col(chip, 0, 0.75), 'stroke-width': 9, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }))
      }
      break
    }
  }
}

/** Darkened corners, like a photo. */
function vignette(p: Pic, strength = 0.32): void {
  p.add(rect(0, 0, 480, 480, { fill: p.rad([[0.55, INK(0)], [1, INK(strength)]], 0.5, 0.5, 0.72) }))
}

/** A wall and a tabletop seen from the side, for drinks, buns and bags. */
function counter(p: Pic, wallHue: number, tableHue: number, horizon = 330): void {
  const wall: Hsl = [wallHue, 38, 80]
  p.add(rect(0, 0, 480, horizon, { fill: p.lin([[0, col(wall, 6)], [1, col(wall, -8)]]) }))
  // Cha chaan teng mosaic tiles on the lower wall.
  const tile = rect(1, 1, 18, 18, { rx: 3, fill: col(wall, -4) })
  p.add(rect(0, horizon - 120, 480, 120, { fill: p.pattern(20, 20, tile) }), rect(0, horizon - 124, 480, 6, { fill: col(wall, -16) }))
  const top: Hsl = [tableHue, 48, 52]
  p.add(rect(0, horizon, 480, 480 - horizon, { fill: p.lin([[0, col(top, -6)], [1, col(top, 8)]]) }))
  let grain = ''
  for (let i = 0; i < 7; i++) {
    const y = p.r(horizon + 10, 470)
    grain += `M${n0(p.r(-40, 200))} ${n0(y)}q120 ${n0(p.r(-6, 6))} 240 0t240 0`
  }
  p.add(
    pathEl(grain, { fill: 'none', stroke: col(top, -18, 0.3), 'stroke-width': 2 }),
    rect(0, horizon, 480, 4, { fill: col(top, 18, 0.8) })
  )
}

/** A soft contact shadow. */
const shadow = (p: Pic, cx: number, cy: number, rx: number, ry: number, a = 0.42, sd = 12) =>
  ellipse(cx, cy, rx, ry, { fill: INK(a), filter: p.blur(sd) })

// ---------- vessels seen from above ----------

interface Ware {
  /** Body colour. */
  body: Hsl
  /** Decoration near the rim, if any. */
  rim?: Hsl
  /** A dotted second band (blue-and-white porcelain). */
  dots?: boolean
}

const WARES = {
  white: { body: [40, 30, 96] },
  blueWhite: { body: [210, 25, 96], rim: [215, 70, 40], dots: true },
  redRim: { body: [40, 30, 96], rim: [0, 70, 45] },
  greenRim: { body: [45, 30, 95], rim: [150, 45, 35] },
  celadon: { body: [150, 22, 78] },
  black: { body: [20, 8, 20], rim: [40, 60, 55] },
  cream: { body: [42, 55, 90], rim: [25, 60, 50] },
  terracotta: { body: [18, 50, 48] },
  navy: { body: [215, 40, 28], rim: [40, 40, 80] }
} satisfies Record<string, Ware>


/** A round bowl seen from above; returns its markup and the radius of the liquid's surface. */
function bowl(p: Pic, cx: number, cy: number, R: number, ware: Ware): { svg: string; inner: number } {
  const b = ware.body
  const dark = b[2] < 40
  let svg =
    shadow(p, cx + 12, cy + 16, R, R * 0.97) +
    circle(cx, cy, R, { fill: p.rad([[0, col(b, dark ? 10 : 4)], [1, col(b, -10)]], 0.4, 0.35, 0.7) })
  if (ware.rim) {
    svg += circle(cx, cy, R - 7, { fill: 'none', stroke: col(ware.rim), 'stroke-width': 4 })
    if ('dots' in ware && ware.dots)
      svg += circle(cx, cy, R - 14, { fill: 'none', stroke: col(ware.rim), 'stroke-width': 5, 'stroke-dasharray': '2 8' })
  }
  svg +=
    circle(cx, cy, R - 19, { fill: p.lin([[0, col(b, -16)], [1, col(b, dark ? 14 : 2)]], 0, 0, 1, 1) }) +
    pathEl(`M${pt(polar(cx, cy, R - 4, 200))}A${R - 4} ${R - 4} 0 0 1 ${pt(polar(cx, cy, R - 4, 255))}`, {
      fill: 'none',
      stroke: WHITE(0.6),
      'stroke-width': 4,
      'stroke-linecap': 'round'
    })
  return { svg, inner: R - 27 }
}

/** Depth over a bowl's contents: the far wall's shadow on the surface. */
const bowlDepth = (p: Pic, cx: number, cy: number, r: number) =>
  circle(cx, cy, r, { fill: p.rad([[0.72, INK(0)], [1, INK(0.3)]], 0.56, 0.58, 0.56) })

/** A plate seen from above (an ellipse when ry is given); returns its markup and the well's radius. */
function plate(p: Pic, cx: number, cy: number, R: number, ware: Ware, ry = R): { svg: string; well: number } {
  const b = ware.body
  const k = ry / R
  let svg =
    shadow(p, cx + 10, cy + 14, R, ry) +
    ellipse(cx, cy, R, ry, { fill: p.rad([[0, col(b, 4)], [1, col(b, -7)]], 0.4, 0.38, 0.7) })
  if (ware.rim) svg += ellipse(cx, cy, R - 8, ry - 8 * k, { fill: 'none', stroke: col(ware.rim), 'stroke-width': 3.5 })
  if ('dots' in ware && ware.dots && ware.rim)
    svg += ellipse(cx, cy, R - 16, ry - 16 * k, { fill: 'none', stroke: col(ware.rim), 'stroke-width': 5, 'stroke-dasharray': '2 9' })
  const well = R * 0.74
  svg += ellipse(cx, cy, well, well * k, {
    fill: p.lin([[0, col(b, -7)], [1, col(b, 3)]], 0, 0, 1, 1),
    stroke: col(b, -12, 0.6),
    'stroke-width': 1.5
  })
  return { svg, well }
}

/** A bamboo steamer seen from above, lined with perforated paper; returns the liner's radius. */
function steamer(p: Pic, cx: number, cy: number, R: number): { svg: string; inner: number } {
  const bamboo: Hsl = [36, 58, 58]
  const holes = circle(9, 9, 2.2, { fill: col([38, 30, 70], 0, 0.6) })
  const inner = R - 24
  const svg =
    shadow(p, cx + 12, cy + 16, R, R) +
    circle(cx, cy, R, { fill: p.rad([[0, col(bamboo, 8)], [1, col(bamboo, -14)]], 0.4, 0.35, 0.7) }) +
    circle(cx, cy, R - 10, { fill: 'none', stroke: col(bamboo, -20), 'stroke-width': 10, 'stroke-dasharray': '16 5' }) +
    circle(cx, cy, R - 3, { fill: 'none', stroke: col(bamboo, -24), 'stroke-width': 2 }) +
    circle(cx, cy, inner, { fill: p.rad([[0, '#f6efdd'], [1, '#e2d4b4']], 0.45, 0.42, 0.6) }) +
    circle(cx, cy, inner, { fill: p.pattern(18, 18, holes) }) +
    bowlDepth(p, cx, cy, inner)
  return { svg, inner }
}

/** A cup of a hot drink seen from above on its saucer. */
function cupTop(p: Pic, cx: number, cy: number, R: number, drink: Hsl, ware: Ware = WARES.white): string {
  const b = ware.body
  return (
    shadow(p, cx + 8, cy + 10, R * 1.5, R * 1.5, 0.35) +
    circle(cx, cy, R * 1.5, { fill: p.rad([[0, col(b, 3)], [1, col(b, -8)]], 0.4, 0.4, 0.6) }) +
    circle(cx, cy, R * 1.5 - 6, { fill: 'none', stroke: col(b, -10, 0.6), 'stroke-width': 2 }) +
    rect(cx + R - 4, cy - 11, R * 0.75, 22, { rx: 11, fill: col(b, -4), stroke: col(b, -14), 'stroke-width': 2 }) +
    shadow(p, cx + 5, cy + 7, R, R, 0.35, 5) +
    circle(cx, cy, R, { fill: col(b, 2), stroke: ware.rim ? col(ware.rim) : col(b, -12), 'stroke-width': 3 }) +
    circle(cx, cy, R - 9, { fill: p.rad([[0, col(drink, 8)], [0.8, col(drink)], [1, col(drink, -10)]], 0.45, 0.45, 0.55) }) +
    ellipse(cx - R * 0.35, cy - R * 0.35, R * 0.22, R * 0.1, { fill: WHITE(0.5), transform: `rotate(-40 ${n0(cx - R * 0.35)} ${n0(cy - R * 0.35)})` })
  )
}

// ---------- ingredients ----------
// Each draws one piece around (0, 0) at about its natural size; `place` moves, turns and scales it.

const NOODLE = {
  egg: { c: [46, 80, 70], w: 6.5, amp: 5, wave: 50, n: 22 },
  thin: { c: [46, 78, 72], w: 4.5, amp: 4, wave: 44, n: 20 },
  rice: { c: [40, 40, 94], w: 9, amp: 8, wave: 46, n: 14 },
  instant: { c: [43, 80, 66], w: 4.5, amp: 5, wave: 14, n: 16 },
  wide: { c: [28, 55, 48], w: 17, amp: 10, wave: 60, n: 10 },
  vermicelli: { c: [48, 90, 62], w: 3, amp: 6, wave: 34, n: 22 },
  soy: { c: [30, 60, 42], w: 4.5, amp: 8, wave: 30, n: 30 }
} satisfies Record<string, { c: Hsl; w: number; amp: number; wave: number; n: number }>

/**
 * Noodles as wavy strands across a disc (clip them to the bowl): each strand is one quadratic
 * wave (Q then T), drawn in two layers with an outline, a body and a highlight.
 */
function noodles(p: Pic, cx: number, cy: number, R: number, kind: keyof typeof NOODLE, count?: number): string {
  const k = NOODLE[kind]
  const total = count ?? k.n
  let out = ''
  for (const layer of [0, 1]) {
    let d = ''
    for (let i = layer; i < total; i += 2) {
      let ang = p.r(0, Math.PI)
      const off = p.r(-R * 0.85, R * 0.85)
      const bend = p.r(-0.006, 0.006)
      const step = k.wave / 2
      const amp = k.amp * p.r(0.6, 1.3)
      // Wave nodes along a gently bending line across the disc.
      const nodes: Pt[] = [[cx - Math.cos(ang) * R * 1.1 - Math.sin(ang) * off, cy - Math.sin(ang) * R * 1.1 + Math.cos(ang) * off]]
      for (let t = step; t < R * 2.2; t += step) {
        ang += bend * step
        const [x, y] = nodes[nodes.length - 1]
        nodes.push([x + Math.cos(ang) * step, y + Math.sin(ang) * step])
      }
      // Keep the stretch over the disc.
      const inside = (q: Pt) => Math.hypot(q[0] - cx, q[1] - cy) < R + k.w
      let first = 1
      while (first < nodes.length && !inside(nodes[first])) first++
      let last = nodes.length - 1
      while (last > first && !inside(nodes[last])) last--
      if (last - first < 2) continue
      // The first segment is a Q bulging to alternate sides; t (relative) reflects the rest.
      const a = nodes[first - 1]
      const b = nodes[first]
      const seg = Math.atan2(b[1] - a[1], b[0] - a[0])
      const side = first % 2 ? 1 : -1
      const ctrl: Pt = [(a[0] + b[0]) / 2 - Math.sin(seg) * amp * 2 * side, (a[1] + b[1]) / 2 + Math.cos(seg) * amp * 2 * side]
      let prev: Pt = [Math.round(b[0]), Math.round(b[1])]
      d += `M${pt(a)}Q${pt(ctrl)} ${pt(prev)}t`
      const rel: string[] = []
      for (let j = first + 1; j <= last; j++) {
        const q: Pt = [Math.round(nodes[j][0]), Math.round(nodes[j][1])]
        rel.push(`${q[0] - prev[0]} ${q[1] - prev[1]}`)
        prev = q
      }
      d += rel.join(' ')
    }
    const href = p.symbol((id) => pathEl(d, { id }))
    out += group(
      { fill: 'none', 'stroke-linecap': 'round' },
      use(href, { stroke: col(k.c, -22), 'stroke-width': k.w + 2.5 }),
      use(href, { stroke: col(k.c), 'stroke-width': k.w }),
      k.w >= 5 ? use(href, { stroke: WHITE(0.4), 'stroke-width': k.w / 4, transform: 'translate(-1 -1)' }) : ''
    )
  }
  return out
}

/** A heap of cooked rice: a shaded mound textured with a tile of grains, tinted by `tint`. */
function rice(p: Pic, cx: number, cy: number, rx: number, ry: number, tint: Hsl = [45, 40, 97]): string {
  // One tile of grains per picture and tint, shared by every heap.
  const grains = p.define(`rice${tint.join()}`, (id) => {
    let d = ''
    for (let i = 0; i < 12; i++) {
      const a = p.r(0, TAU)
      d += `M${n0(p.r(0, 40))} ${n0(p.r(0, 40))}l${n0(Math.cos(a) * 7)} ${n0(Math.sin(a) * 7)}`
    }
    return group(
      { id, 'stroke-linecap': 'round' },
      pathEl(d, { stroke: col(tint, -20), 'stroke-width': 7.5, transform: 'translate(1 1.5)' }),
      pathEl(d, { stroke: col(tint, 2), 'stroke-width': 5.5 })
    )
  })
  const outline = p.symbol((id) => pathEl(blob(p, cx, cy, rx, ry, 0.07, 9), { id }))
  return (
    use(outline, { fill: INK(0.28), transform: 'translate(6 10)', filter: p.blur(6) }) +
    use(outline, { fill: col(tint, -6) }) +
    use(outline, { fill: p.pattern(40, 40, use(`#${grains}`), `rotate(${n0(p.r(0, 90))})`) }) +
    use(outline, { fill: p.rad([[0, WHITE(0.35)], [0.6, WHITE(0)], [1, INK(0.22)]], 0.4, 0.38, 0.65) })
  )
}

/** Half a soft-boiled egg, cut face up. */
const eggHalf = (p: Pic) =>
  ellipse(3, 4, 35, 27, { fill: INK(0.2) }) +
  ellipse(0, 0, 35, 27, { fill: '#fbf7ee', stroke: '#e6dac3', 'stroke-width': 2 }) +
  ellipse(3, 1, 18, 15, { fill: p.rad([[0, '#ee7c10'], [0.65, '#f5a623'], [1, '#f8cf63']]) }) +
  ellipse(-16, -10, 9, 4, { fill: WHITE(0.75), transform: 'rotate(-20)' })

/** A fried egg with a lacy golden edge. */
const friedEgg = (p: Pic) =>
  pathEl(blob(p, 0, 0, 58, 50, 0.18, 9), { fill: '#fffdf6', stroke: col([36, 75, 58]), 'stroke-width': 4 }) +
  circle(6, -2, 21, { fill: p.rad([[0, '#f7a51c'], [0.7, '#f9b833'], [1, '#f3c65a']], 0.4, 0.4) }) +
  ellipse(-2, -10, 7, 4, { fill: WHITE(0.7) })

/** Stewed beef brisket: a glossy brown chunk with a band of tendon. */
const brisket = (p: Pic) =>
  pathEl(blob(p, 0, 0, 30, 21, 0.22, 7), { fill: p.lin([[0, col([22, 50, 48])], [1, col([16, 52, 30])]], 0, 0, 1, 1), stroke: col([16, 50, 24]), 'stroke-width': 1.5 }) +
  pathEl(blob(p, -6, 5, 15, 7, 0.2, 6, 20), { fill: col([35, 45, 78], 0, 0.6) }) +
  ellipse(-8, -9, 10, 4, { fill: WHITE(0.25) })

/** A slice of beef: thin, brown and curled. */
const beefSlice = (p: Pic, c: Hsl = [18, 35, 38]) =>
  pathEl(blob(p, 0, 0, 30, 13, 0.22, 7), { fill: col(c), stroke: col(c, -12), 'stroke-width': 2 }) +
  pathEl(`M-18 -2q18 -8 34 0`, { fill: 'none', stroke: col(c, 14, 0.7), 'stroke-width': 2 })

/** Three stalks of choy sum (one stalk drawn once, turned three ways). */
function greens(p: Pic, leaf: Hsl = [122, 52, 32]): string {
  const stalk = p.symbol((id) =>
    group(
      { id, fill: 'none', 'stroke-linecap': 'round' },
      pathEl('M0 0H58', { stroke: col([100, 45, 52]), 'stroke-width': 12 }),
      pathEl('M0 -2H56', { stroke: col([95, 50, 72]), 'stroke-width': 5 }),
      pathEl(blob(p, 82, 0, 38, 21, 0.12, 6), { fill: p.lin([[0, col(leaf, 8)], [1, col(leaf, -6)]], 0, 0, 1, 1) }),
      pathEl('M50 0Q80 -3 112 0', { stroke: col([90, 45, 65]), 'stroke-width': 2.5 })
    )
  )
  return [-16, 2, 18].map((a) => use(stalk, { transform: `rotate(${a + n0(p.r(-5, 5))})` })).join('')
}

/** Chopped spring onion: small green rings scattered over a disc. */
function scallions(p: Pic, cx: number, cy: number, R: number, n: number): string {
  let d = ''
  for (let i = 0; i < n; i++) d += `M${pt(inDisc(p, cx, cy, R))}h0`
  return pathEl(d, { stroke: col([110, 60, 36]), 'stroke-width': 11, 'stroke-linecap': 'round' }) + pathEl(d, { stroke: col([90, 65, 74]), 'stroke-width': 6, 'stroke-linecap': 'round' })
}

/** Small round pieces (sesame, pepper, beans …): zero-length strokes with round caps, one path. */
function specks(p: Pic, cx: number, cy: number, R: number, n: number, size: number, fill: string, inner = 0): string {
  let d = ''
  for (let i = 0; i < n; i++) d += `M${pt(inDisc(p, cx, cy, R, inner))}h0`
  return pathEl(d, { stroke: fill, 'stroke-width': n1(size * 2), 'stroke-linecap': 'round' })
}

/** Short strips (ginger, pork, bean sprouts …) scattered over a disc. */
function shreds(p: Pic, cx: number, cy: number, R: number, n: number, len: number, c: Hsl, width = 3.5): string {
  let d = ''
  for (let i = 0; i < n; i++) {
    const [x, y] = inDisc(p, cx, cy, R)
    const a = p.r(0, TAU)
    const bend = p.r(-6, 6)
    d += `M${n0(x)} ${n0(y)}q${n0((Math.cos(a) * len) / 2 + bend)} ${n0((Math.sin(a) * len) / 2 - bend)} ${n0(Math.cos(a) * len)} ${n0(Math.sin(a) * len)}`
  }
  const href = p.symbol((id) => pathEl(d, { id }))
  return group({ fill: 'none', 'stroke-linecap': 'round' }, use(href, { stroke: col(c, -15), 'stroke-width': width + 1.5 }), use(href, { stroke: col(c), 'stroke-width': width }))
}

/** A shrimp wonton with a translucent skin. */
const wonton = (p: Pic) =>
  pathEl(blob(p, 10, 6, 34, 22, 0.3, 6), { fill: '#f4ead6', opacity: 0.75 }) +
  pathEl(blob(p, 0, 0, 24, 20, 0.15, 6), { fill: p.rad([[0, '#fbf3e4'], [1, '#e9d7b5']], 0.4, 0.4) }) +
  ellipse(2, 2, 12, 9, { fill: '#f08e6e', opacity: 0.45 }) +
  pathEl('M-14 8q10 6 24 -2M-8 -12q8 4 18 -2', { fill: 'none', stroke: col([35, 30, 70], 0, 0.7), 'stroke-width': 2 }) +
  ellipse(-8, -8, 7, 3.5, { fill: WHITE(0.7) })

/** A fish ball (or beef ball with `c`). */
const ball = (p: Pic, r = 16, c: Hsl = [42, 55, 88]) =>
  circle(2, 3, r, { fill: INK(0.25) }) +
  circle(0, 0, r, { fill: p.rad([[0, col(c, 10)], [1, col(c, -10)]], 0.4, 0.38, 0.6) }) +
  ellipse(-r * 0.35, -r * 0.4, r * 0.3, r * 0.16, { fill: WHITE(0.7) })

/** A prawn, curled, pink and striped. */
const shrimp = () =>
  pathEl('M-6 19L-20 27L-8 31Z', { fill: col([10, 80, 52]) }) +
  pathEl('M-6 18A19 19 0 1 1 18 4', { fill: 'none', stroke: col([14, 80, 62]), 'stroke-width': 15, 'stroke-linecap': 'round' }) +
  pathEl('M-6 18A19 19 0 1 1 18 4', { fill: 'none', stroke: WHITE(0.55), 'stroke-width': 15, 'stroke-dasharray': '2.5 7' }) +
  pathEl('M-2 8A9 9 0 1 1 8 0', { fill: 'none', stroke: col([10, 70, 48]), 'stroke-width': 2 })

/** A slice of char siu: pink inside, lacquered and charred at the edge. */
const charSiu = (p: Pic, w = 110, h = 44) =>
  rect(-w / 2 + 4, -h / 2 + 6, w, h, { rx: 10, fill: INK(0.3) }) +
  rect(-w / 2, -h / 2, w, h, { rx: 10, fill: p.lin([[0, '#f4ae92'], [0.55, '#e0806a'], [1, '#c25a44']], 0, 0, 1, 1), stroke: '#8a2114', 'stroke-width': 6 }) +
  specks(p, 0, 0, w * 0.42, 8, 2.2, '#6e140a80', w * 0.3) +
  rect(-w / 2 + 10, -h / 2 + 6, w * 0.55, 5, { rx: 2.5, fill: WHITE(0.4) })

/** A chopped piece of roast goose: glossy mahogany skin, a rim of fat and meat at the cut edge. */
const roastGoose = (p: Pic, w = 84, h = 60) =>
  rect(-w / 2 + 4, -h / 2 + 7, w, h, { rx: 14, fill: INK(0.35) }) +
  rect(-w / 2, -h / 2 + 8, w, h - 8, { rx: 12, fill: p.lin([[0, '#f5e3c4'], [0.3, '#e3b48e'], [1, '#b9764e']]) }) +
  pathEl(blob(p, 0, -5, w / 2, h / 2 - 5, 0.06, 8), { fill: p.rad([[0, '#c8642a'], [0.6, '#8e3614'], [1, '#5a1d08']], 0.4, 0.3, 0.7) }) +
  specks(p, 0, -6, w * 0.32, 6, 1.5, '#ffc88c80') +
  pathEl(`M${n0(-w * 0.3)} ${n0(-h * 0.28)}q${n0(w * 0.25)} -6 ${n0(w * 0.45)} 0`, { fill: 'none', stroke: WHITE(0.5), 'stroke-width': 4 })

/** A cube of crispy roast pork belly: crackling, fat and meat layers. */
const crispyPork = (p: Pic, w = 62) =>
  rect(-w / 2 + 4, -w / 2 + 7, w, w, { rx: 6, fill: INK(0.3) }) +
  rect(-w / 2, -w / 2, w, w, { rx: 6, fill: p.lin([[0, '#f6cf6a'], [0.3, '#e2a042'], [0.32, '#fbeedd'], [0.48, '#f6e1cc'], [0.5, '#d98c73'], [0.7, '#c77762'], [0.72, '#fbeedd'], [0.8, '#f4dcc6'], [0.82, '#cc7d66'], [1, '#b8654f']]) }) +
  specks(p, 0, -w * 0.36, w * 0.3, 10, 2.4, '#fff3c4')

/** A chopped piece of soy sauce chicken: glossy amber skin over white meat. */
const soyChicken = (p: Pic, w = 84, h = 58) =>
  rect(-w / 2 + 4, -h / 2 + 7, w, h, { rx: 16, fill: INK(0.3) }) +
  rect(-w / 2, -h / 2 + 10, w, h - 10, { rx: 14, fill: p.lin([[0, '#fbf3e6'], [1, '#e6cfb0']]) }) +
  pathEl(blob(p, 0, -6, w / 2, h / 2 - 6, 0.06, 8), { fill: p.rad([[0, '#f2c067'], [0.6, '#c07a2c'], [1, '#8a4a16']], 0.4, 0.3, 0.7) }) +
  pathEl(`M${n0(-w * 0.3)} ${n0(-h * 0.28)}q${n0(w * 0.25)} -6 ${n0(w * 0.45)} 0`, { fill: 'none', stroke: WHITE(0.55), 'stroke-width': 4 })

/** The top shell of a mud crab, red-orange and speckled. */
const crabShell = (p: Pic) =>
  pathEl('M-62 8C-66 -30 -30 -46 0 -46C30 -46 66 -30 62 8C58 30 30 40 0 40C-30 40 -58 30 -62 8Z', { fill: INK(0.3), transform: 'translate(4 7)' }) +
  pathEl('M-62 8C-66 -30 -30 -46 0 -46C30 -46 66 -30 62 8C58 30 30 40 0 40C-30 40 -58 30 -62 8Z', { fill: p.rad([[0, '#f8894a'], [0.7, '#d9461f'], [1, '#a32a10']], 0.4, 0.35) }) +
  pathEl('M-62 -2l-10 -6M-60 10l-12 2M62 -2l10 -6M60 10l12 2', { stroke: '#b8341a', 'stroke-width': 6 }) +
  specks(p, 0, -6, 40, 12, 2.5, '#fbd0a0') +
  pathEl('M-30 -20q30 -14 60 0', { fill: 'none', stroke: WHITE(0.45), 'stroke-width': 5 })

/** A crab claw, pincers open. */
const crabClaw = (p: Pic) =>
  pathEl('M-40 -14C-10 -30 30 -24 44 -10L70 -22L58 -2L70 14C40 20 -10 22 -40 10Z', { fill: INK(0.3), transform: 'translate(4 6)' }) +
  pathEl('M-40 -14C-10 -30 30 -24 44 -10L70 -22L58 -2L70 14C40 20 -10 22 -40 10Z', { fill: p.lin([[0, '#ef6a32'], [1, '#a8280e']]) }) +
  pathEl('M66 -20L72 -24M66 12L72 16', { stroke: '#2a140a', 'stroke-width': 5 }) +
  ellipse(-6, -10, 22, 5, { fill: WHITE(0.35) })

/** A slice of Chinese sausage (lap cheong). */
const sausage = (p: Pic) =>
  ellipse(0, 0, 15, 10, { fill: '#a3282a', stroke: '#6e1515', 'stroke-width': 2 }) + specks(p, 0, 0, 9, 5, 1.6, '#f6e0d2')

/** A chunk of braised or fried chicken. */
const chickenPiece = (p: Pic, c: Hsl = [34, 55, 70]) =>
  pathEl(blob(p, 2, 3, 26, 20, 0.2, 7), { fill: INK(0.25) }) +
  pathEl(blob(p, 0, 0, 26, 20, 0.2, 7), { fill: p.lin([[0, col(c, 8)], [1, col(c, -10)]], 0, 0, 1, 1) }) +
  ellipse(-7, -7, 9, 4, { fill: WHITE(0.35) })

/** A potato or carrot cube. */
const cube = (p: Pic, c: Hsl, s = 22) =>
  rect(-s / 2 + 2, -s / 2 + 3, s, s, { rx: 5, fill: INK(0.22) }) +
  rect(-s / 2, -s / 2, s, s, { rx: 5, fill: p.lin([[0, col(c, 8)], [1, col(c, -8)]], 0, 0, 1, 1) })

/** A round slice of lemon (or orange, lime). */
function citrusSlice(p: Pic, r = 30, c: Hsl = [52, 92, 62]): string {
  let d = ''
  for (let i = 0; i < 8; i++) d += `M0 0L${pt(polar(0, 0, r - 6, i * 45 + 10))}`
  return (
    circle(0, 0, r, { fill: col(c, -12), stroke: col(c, 20), 'stroke-width': 3 }) +
    circle(0, 0, r - 5, { fill: p.rad([[0, col(c, 18)], [1, col(c, 0)]]) }) +
    pathEl(d, { stroke: col(c, 28), 'stroke-width': 2 })
  )
}

/** A small sauce dish (soy, chilli, plum, mustard). */
const sauceDish = (p: Pic, r: number, sauce: Hsl) =>
  shadow(p, 4, 6, r, r, 0.35, 5) +
  circle(0, 0, r, { fill: p.rad([[0, '#ffffff'], [1, '#e8e4dc']], 0.4, 0.4) }) +
  circle(0, 0, r - 6, { fill: p.rad([[0, col(sauce, 8)], [1, col(sauce, -10)]], 0.45, 0.45) }) +
  ellipse(-r * 0.3, -r * 0.3, r * 0.25, r * 0.1, { fill: WHITE(0.5), transform: `rotate(-40 ${n0(-r * 0.3)} ${n0(-r * 0.3)})` })

/** A pair of chopsticks lying diagonally. */
const chopsticks = (c: Hsl = [25, 45, 35]) =>
  pathEl('M0 0L250 -6M0 18L248 6', { stroke: INK(0.25), 'stroke-width': 10, 'stroke-linecap': 'round', transform: 'translate(4 6)' }) +
  pathEl('M0 0L250 -6M0 18L248 6', { stroke: col(c), 'stroke-width': 8, 'stroke-linecap': 'round' }) +
  pathEl('M0 0L90 -2M0 18L90 14', { stroke: col(c, -12), 'stroke-width': 8.5, 'stroke-linecap': 'round' })

/** A Chinese soup spoon seen from above. */
const soupSpoon = (p: Pic) =>
  pathEl('M0 0C0 -26 60 -26 64 0C60 26 0 26 0 0ZM60 -6L150 -14L152 -2L62 8Z', { fill: INK(0.22), transform: 'translate(4 6)' }) +
  pathEl('M0 0C0 -26 60 -26 64 0C60 26 0 26 0 0ZM60 -6L150 -14L152 -2L62 8Z', { fill: p.lin([[0, '#ffffff'], [1, '#dcd6cc']]) }) +
  ellipse(30, 0, 22, 13, { fill: '#ece6da' })

/** A herb sprig (coriander or mint) for garnish. */
function herb(p: Pic, c: Hsl = [120, 50, 38]): string {
  let d = ''
  for (const [x, y] of [[0, 0], [14, -8], [14, 9], [26, 0]] as Pt[]) d += blob(p, x, y, 9, 8, 0.25, 6)
  return pathEl('M-18 4Q0 2 26 0', { stroke: col(c, 15), 'stroke-width': 2, fill: 'none' }) + pathEl(d, { fill: col(c), stroke: col(c, -10), 'stroke-width': 1 })
}

/** A red chilli. */
const chilli = (c: Hsl = [2, 78, 48]) =>
  pathEl('M0 0C10 -8 40 -10 60 2C40 0 12 8 0 0Z', { fill: col(c) }) +
  pathEl('M-2 0q-8 -4 -12 -10', { stroke: col([110, 45, 35]), 'stroke-width': 4, fill: 'none', 'stroke-linecap': 'round' }) +
  pathEl('M10 -4Q30 -8 46 -3', { stroke: WHITE(0.45), 'stroke-width': 2, fill: 'none' })

/** A folded paper napkin. */
const napkin = (c: Hsl) =>
  rect(4, 6, 130, 130, { rx: 4, fill: INK(0.2) }) +
  rect(0, 0, 130, 130, { rx: 4, fill: col(c) }) +
  pathEl('M0 18H130M0 112H130', { stroke: col(c, -12), 'stroke-width': 4 }) +
  pathEl('M0 130L130 0', { stroke: col(c, -8, 0.6), 'stroke-width': 1.5 })

// ---------- dim sum, pastries, snacks (pieces) ----------

/** Har gow: a pleated translucent crescent with the prawn showing through. */
const harGow = (p: Pic) =>
  ellipse(3, 8, 34, 22, { fill: INK(0.25) }) +
  pathEl('M-34 10C-34 -26 34 -26 34 10C20 22 -20 22 -34 10Z', { fill: p.rad([[0, '#fbf6ef'], [1, '#eadfcf']], 0.45, 0.35), opacity: 0.96 }) +
  ellipse(0, 2, 20, 10, { fill: '#f39a7b', opacity: 0.45 }) +
  pathEl('M-24 -6q3 -9 8 -3M-13 -12q3 -9 8 -3M-2 -14q3 -9 8 -3M9 -12q3 -9 8 -3M20 -6q3 -9 8 -3', {
    fill: 'none',
    stroke: '#d9cbb6',
    'stroke-width': 2.2,
    'stroke-linecap': 'round'
  }) +
  ellipse(-12, 4, 8, 3.5, { fill: WHITE(0.75) })

/** Siu mai from above: yellow frilled wrapper, pork and prawn, a dot of roe. */
const siuMai = (p: Pic) =>
  circle(3, 5, 31, { fill: INK(0.25) }) +
  circle(0, 0, 31, { fill: '#f3d36b', stroke: '#e3b84a', 'stroke-width': 6, 'stroke-dasharray': '5 4' }) +
  circle(0, 0, 22, { fill: p.rad([[0, '#f0b59a'], [1, '#c67d62']], 0.4, 0.4) }) +
  specks(p, 0, 0, 17, 10, 1.8, '#f6d2c0') +
  circle(0, -2, 7, { fill: '#f5761a' }) +
  specks(p, 0, -2, 6, 6, 1.5, '#ffb066')

/** A steamed bun from above; `split` shows the char siu filling through the cracked top. */
const bao = (p: Pic, split: boolean, r = 40) =>
  circle(3, 5, r, { fill: INK(0.25) }) +
  circle(0, 0, r, { fill: p.rad([[0, '#fffdf8'], [0.8, '#f6ecdc'], [1, '#e5d5bb']], 0.4, 0.38) }) +
  (split
    ? pathEl('M-14 -4L0 3L15 -7M0 3L3 16', { fill: 'none', stroke: '#b23b2b', 'stroke-width': 7, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }) +
      pathEl('M-14 -4L0 3L15 -7M0 3L3 16', { fill: 'none', stroke: '#e06a4e', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })
    : circle(0, 0, 4, { fill: '#e2442f' })) +
  ellipse(-r * 0.38, -r * 0.4, r * 0.28, r * 0.14, { fill: WHITE(0.8), transform: 'rotate(-30)' })

/** A rice noodle roll (cheung fun) with prawns inside. */
const cheungFun = (p: Pic) =>
  rect(-78, -20, 160, 46, { rx: 22, fill: INK(0.22) }) +
  rect(-80, -23, 160, 46, { rx: 22, fill: p.lin([[0, '#fbf8f2'], [0.6, '#f1ebe0'], [1, '#ddd3c2']]), opacity: 0.96 }) +
  ellipse(-40, 2, 16, 9, { fill: '#f39a7b', opacity: 0.35 }) +
  ellipse(5, 0, 16, 9, { fill: '#f39a7b', opacity: 0.35 }) +
  ellipse(48, 2, 16, 9, { fill: '#f39a7b', opacity: 0.35 }) +
  rect(-64, -16, 110, 5, { rx: 2.5, fill: WHITE(0.8) })

/** A Portuguese egg tart from above: flaky crust, custard, torched spots. */
function eggTart(p: Pic, r = 52): string {
  const lobes: Pt[] = []
  for (let i = 0; i < 36; i++) lobes.push(polar(0, 0, i % 2 ? r : r - 4, i * 10))
  let burnt = ''
  for (let i = 0; i < 6; i++) {
    const [x, y] = inDisc(p, 0, 0, r * 0.55)
    burnt += blob(p, x, y, p.r(6, 14), p.r(5, 10), 0.3, 6)
  }
  return (
    circle(4, 6, r, { fill: INK(0.3), filter: p.blur(4) }) +
    pathEl(smoothClosed(lobes), { fill: p.lin([[0, '#f3c978'], [1, '#c98a3a']], 0, 0, 1, 1), stroke: '#b47530', 'stroke-width': 2 }) +
    circle(0, 0, r - 9, { fill: 'none', stroke: '#f8dca0', 'stroke-width': 2, 'stroke-dasharray': '9 6' }) +
    circle(0, 0, r * 0.74, { fill: p.rad([[0, '#fbe07a'], [0.7, '#f6c94f'], [1, '#e0a43a']], 0.45, 0.45) }) +
    pathEl(burnt, { fill: '#7a3d10', opacity: 0.75, filter: p.blur(3) }) +
    ellipse(-r * 0.25, -r * 0.3, r * 0.18, r * 0.07, { fill: WHITE(0.55), transform: 'rotate(-30)' })
  )
}

/** A square of fried turnip cake with golden faces and flecks of sausage. */
const turnipCake = (p: Pic) =>
  rect(-34, -30, 72, 66, { rx: 8, fill: INK(0.28) }) +
  rect(-38, -34, 72, 66, { rx: 8, fill: p.rad([[0, '#f4dfb6'], [0.7, '#e2b36a'], [1, '#b8772f']], 0.45, 0.45, 0.6) }) +
  specks(p, -2, -2, 26, 8, 2.6, '#a8352c') +
  specks(p, -2, -2, 26, 6, 2.4, '#5a4031')

/** A spring roll: a golden blistered cylinder. */
const springRoll = (p: Pic) =>
  rect(-62, -14, 128, 34, { rx: 17, fill: INK(0.25) }) +
  rect(-64, -17, 128, 34, { rx: 17, fill: p.lin([[0, '#f3c66c'], [0.5, '#dc9838'], [1, '#a8621e']]) }) +
  specks(p, 0, 0, 56, 16, 2.2, '#f8dc94') +
  rect(-50, -11, 80, 4, { rx: 2, fill: WHITE(0.35) })

/** A chicken foot braised in black bean sauce: a pad and three jointed toes. */
function chickenFoot(p: Pic): string {
  const toes = 'M0 0L-24 -40L-30 -62M0 0L2 -48L0 -72M0 0L26 -38L36 -60M0 0L0 34'
  return (
    pathEl(toes, { fill: 'none', stroke: INK(0.3), 'stroke-width': 17, transform: 'translate(3 5)' }) +
    pathEl(toes, { fill: 'none', stroke: '#c2602a', 'stroke-width': 16 }) +
    pathEl(toes, { fill: 'none', stroke: '#e39a5c', 'stroke-width': 6, transform: 'translate(-3 -2)', opacity: 0.8 }) +
    circle(0, 0, 19, { fill: p.rad([[0, '#e39a5c'], [1, '#a8441f']], 0.4, 0.4) }) +
    pathEl('M-26 -44h0M2 -50h0M28 -42h0', { stroke: '#f3c08a', 'stroke-width': 7 })
  )
}

/** A spare rib chunk with a bit of bone. */
const sparerib = (p: Pic) =>
  pathEl(blob(p, 2, 3, 20, 16, 0.25, 7), { fill: INK(0.25) }) +
  pathEl(blob(p, 0, 0, 20, 16, 0.25, 7), { fill: p.lin([[0, '#e7b58e'], [1, '#b77a4e']], 0, 0, 1, 1) }) +
  circle(7, 3, 5, { fill: '#f6ecd9', stroke: '#d8c4a4', 'stroke-width': 1.5 })

/** A chicken wing, deep fried or grilled (`grill` adds char marks). */
const wing = (p: Pic, grill: boolean) =>
  pathEl('M-40 -6C-40 -26 -6 -24 6 -14C22 -20 44 -18 44 0C44 18 22 20 6 14C-6 24 -40 26 -40 6Z', { fill: INK(0.28), transform: 'translate(3 5)' }) +
  pathEl('M-40 -6C-40 -26 -6 -24 6 -14C22 -20 44 -18 44 0C44 18 22 20 6 14C-6 24 -40 26 -40 6Z', {
    fill: p.rad([[0, grill ? '#d77a3a' : '#f0b458'], [1, grill ? '#8d3b17' : '#b5662a']], 0.45, 0.4)
  }) +
  (grill ? pathEl('M-26 -14l10 28M-8 -14l10 28M12 -14l10 28', { stroke: '#4a1d0c', 'stroke-width': 4, opacity: 0.6, 'stroke-linecap': 'round' }) : specks(p, 0, 0, 30, 14, 2, '#f9d48a')) +
  ellipse(-16, -10, 14, 4, { fill: WHITE(0.35) })

/** A cube of fried tofu: golden crust. */
const friedTofu = (p: Pic) =>
  rect(-24, -22, 50, 48, { rx: 9, fill: INK(0.28) }) +
  rect(-27, -26, 50, 48, { rx: 9, fill: p.rad([[0, '#f3cd78'], [0.75, '#d99539'], [1, '#a9621f']], 0.45, 0.4) }) +
  specks(p, -2, -2, 18, 8, 1.8, '#f9e2a5')

/** A ball of takoyaki with sauce, mayonnaise and bonito. */
const takoyaki = (p: Pic) =>
  circle(3, 5, 30, { fill: INK(0.3) }) +
  circle(0, 0, 30, { fill: p.rad([[0, '#e7ac5c'], [1, '#a4622a']], 0.4, 0.4) }) +
  pathEl(blob(p, 0, -2, 24, 20, 0.2, 7), { fill: '#5a2a12', opacity: 0.85 }) +
  pathEl('M-18 -8l8 8l8 -8l8 8l8 -8', { fill: 'none', stroke: '#fff8e6', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }) +
  specks(p, 0, 0, 22, 6, 1.8, '#3f7a2a')

/** A chunk of squid on a skewer, scored and glazed. */
const squidPiece = (p: Pic) =>
  pathEl(blob(p, 0, 0, 32, 24, 0.18, 8), { fill: p.lin([[0, '#f2a55b'], [1, '#b9531e']], 0, 0, 1, 1), stroke: '#8c3a12', 'stroke-width': 2 }) +
  pathEl('M-22 -12l44 20M-22 4l40 16M-18 -20l40 18M-10 16l16 -34M6 18l16 -34M-24 10l16 -30', { stroke: '#fbd7a6', 'stroke-width': 2, opacity: 0.7 })

/** A square of Macau pork jerky: glossy red-brown with a darker rim. */
const jerky = (p: Pic, w = 120) =>
  rect(-w / 2 + 5, -w / 2 + 7, w, w, { rx: 6, fill: INK(0.3) }) +
  rect(-w / 2, -w / 2, w, w, { rx: 6, fill: p.lin([[0, '#c4442c'], [0.5, '#a52d1f'], [1, '#7a1d12']], 0, 0, 1, 1) }) +
  shreds(p, 0, 0, w * 0.42, 9, 20, [12, 65, 44], 2) +
  rect(-w / 2 + 10, -w / 2 + 10, w * 0.5, 6, { rx: 3, fill: WHITE(0.3) })

/** An almond cookie from above: crumbly, stamped with a ring, an almond on top. */
const almondCookie = (p: Pic, r = 40) =>
  circle(3, 5, r, { fill: INK(0.25) }) +
  circle(0, 0, r, { fill: p.rad([[0, '#e9c78f'], [1, '#b98446']], 0.45, 0.42) }) +
  specks(p, 0, 0, r - 4, 16, 1.6, '#9a6a34') +
  circle(0, 0, r * 0.6, { fill: 'none', stroke: '#f3dcae', 'stroke-width': 3 }) +
  ellipse(0, 0, 11, 6, { fill: '#f4e3c4', stroke: '#c59c62', 'stroke-width': 2 })

/** An egg roll: a golden tube with a spiral. */
const eggRoll = (p: Pic, len = 230) =>
  rect(-len / 2 + 3, -11, len, 26, { rx: 12, fill: INK(0.22) }) +
  rect(-len / 2, -13, len, 26, { rx: 12, fill: p.lin([[0, '#f7d486'], [0.6, '#e7a94a'], [1, '#b8772e']]) }) +
  rect(-len / 2, -13, len, 26, { rx: 12, fill: p.pattern(18, 26, pathEl('M0 26L18 0', { stroke: '#fbe6b4', 'stroke-width': 2.5 })) })

/** A wedge of watermelon from above. */
const melon = (p: Pic) =>
  pathEl('M-50 0A50 50 0 0 0 50 0Z', { fill: '#3c8a3a' }) +
  pathEl('M-44 0A44 44 0 0 0 44 0Z', { fill: '#eef5d0' }) +
  pathEl('M-40 0A40 40 0 0 0 40 0Z', { fill: p.rad([[0, '#ff6b6b'], [1, '#e2363f']], 0.5, 0, 1) }) +
  specks(p, 0, 18, 16, 5, 2.6, '#2a1a14')

/** A halved kiwi. */
const kiwi = (p: Pic, r = 28) => {
  let seeds = ''
  for (let i = 0; i < 14; i++) seeds += circleD(...polar(0, 0, r * 0.45, i * 25.7 + p.r(-5, 5)), 1.8)
  return (
    circle(0, 0, r, { fill: '#7a5a2e' }) +
    circle(0, 0, r - 3, { fill: p.rad([[0, '#f2f6d0'], [0.3, '#a6cc3d'], [1, '#6fa12a']]) }) +
    pathEl(seeds, { fill: '#1f1a12' })
  )
}

/** A bunch of grapes from above. */
function grapes(p: Pic, c: Hsl = [285, 40, 35]): string {
  let out = ''
  for (let i = 0; i < 9; i++) {
    const [x, y] = inDisc(p, 0, 0, 30)
    out += circle(x, y, 13, { fill: p.rad([[0, col(c, 18)], [1, col(c, -6)]], 0.35, 0.35) })
  }
  return out
}

// ---------- things seen from the side (on a counter) ----------

/** A thick cha chaan teng cup of a hot drink on its saucer, steaming. */
function hotCup(p: Pic, cx: number, baseY: number, drink: Hsl, o: { band?: Hsl; float?: 'lemon' | 'crema' | 'foam'; cup?: Hsl } = {}): string {
  const cup = o.cup ?? [40, 25, 97]
  const top = baseY - 172
  const body = `M${cx - 92} ${top}L${cx - 62} ${baseY - 34}Q${cx - 58} ${baseY - 16} ${cx - 40} ${baseY - 16}H${cx + 40}Q${cx + 58} ${baseY - 16} ${cx + 62} ${baseY - 34}L${cx + 92} ${top}Z`
  const bandY = top + 34
  const hw = 92 - (30 * 34) / (baseY - 34 - top)
  let svg =
    shadow(p, cx + 14, baseY - 2, 160, 26, 0.4, 10) +
    ellipse(cx, baseY - 8, 150, 32, { fill: p.rad([[0, col(cup, 2)], [0.7, col(cup, -4)], [1, col(cup, -16)]], 0.5, 0.3, 0.6) }) +
    ellipse(cx, baseY - 12, 96, 18, { fill: 'none', stroke: col(cup, -12, 0.6), 'stroke-width': 2 }) +
    pathEl(`M${cx + 84} ${top + 30}C${cx + 152} ${top + 16} ${cx + 150} ${top + 118} ${cx + 68} ${top + 112}`, {
      fill: 'none',
      stroke: col(cup, -18),
      'stroke-width': 18
    }) +
    pathEl(`M${cx + 84} ${top + 30}C${cx + 146} ${top + 18} ${cx + 144} ${top + 112} ${cx + 68} ${top + 108}`, {
      fill: 'none',
      stroke: col(cup, -2),
      'stroke-width': 12
    }) +
    pathEl(body, { fill: p.lin([[0, col(cup, -16)], [0.28, col(cup, 3)], [0.62, col(cup, -2)], [1, col(cup, -22)]], 0, 0, 1, 0) })
  if (o.band) svg += pathEl(`M${n0(cx - hw)} ${bandY}A${n0(hw)} 20 0 0 0 ${n0(cx + hw)} ${bandY}`, { fill: 'none', stroke: col(o.band), 'stroke-width': 6 })
  svg +=
    ellipse(cx, top, 92, 22, { fill: col(cup, 1), stroke: col(cup, -14), 'stroke-width': 2 }) +
    ellipse(cx, top + 3, 81, 17, { fill: p.rad([[0, col(drink, 10)], [0.75, col(drink)], [1, col(drink, -12)]], 0.45, 0.55) })
  if (o.float === 'lemon') svg += place(cx - 20, top + 2, 0, 1, group({ transform: 'scale(1 0.32)' }, citrusSlice(p, 28))) + place(cx + 28, top + 5, 0, 1, group({ transform: 'scale(1 0.32)' }, citrusSlice(p, 24)))
  if (o.float === 'crema') svg += ellipse(cx, top + 4, 60, 11, { fill: col(drink, 22) }) + pathEl(`M${cx - 14} ${top + 2}c6 -6 12 -2 14 2c2 -4 8 -8 14 -2c-4 6 -10 8 -14 10c-4 -2 -10 -4 -14 -10Z`, { fill: col(drink, 40) })
  if (o.float === 'foam') svg += ellipse(cx, top + 3, 81, 17, { fill: 'none', stroke: col(drink, 18), 'stroke-width': 4 })
  let steam = ''
  for (const dx of [-34, 0, 34]) steam += `M${cx + dx} ${top - 24}c-16 -22 14 -40 0 -62s-14 -40 0 -62`
  svg += pathEl(steam, { fill: 'none', stroke: WHITE(0.7), 'stroke-width': 8, 'stroke-linecap': 'round', filter: p.blur(4) })
  return svg
}

interface GlassFill {
  /** Layers from the bottom up: [height fraction where the layer ends, colour]. */
  layers: [number, Hsl][]
  /** How full the glass is (0–1). */
  level?: number
  ice?: number
  pearls?: boolean
  beans?: boolean
  crumbs?: boolean
  straw?: Hsl
  garnish?: Hsl
  /** A lighter cap (milk froth, cream). */
  foam?: Hsl
  height?: number
  width?: number
}

/** A tall glass of an iced drink (or a dessert in a glass), seen from the side. */
function glass(p: Pic, cx: number, baseY: number, g: GlassFill): string {
  const h = g.height ?? 290
  const w = g.width ?? 80
  const top = baseY - h
  const bw = w * 0.78
  const shape = (inset: number) =>
    `M${n0(cx - w + inset)} ${top}L${n0(cx - bw + inset)} ${baseY - 10 - inset}Q${n0(cx - bw + inset)} ${baseY - inset} ${n0(cx - bw + 12)} ${baseY - inset}` +
    `H${n0(cx + bw - 12)}Q${n0(cx + bw - inset)} ${baseY - inset} ${n0(cx + bw - inset)} ${baseY - 10 - inset}L${n0(cx + w - inset)} ${top}Z`
  const level = g.level ?? 0.86
  const liquidTop = baseY - 8 - (h - 8) * level
  const halfAt = (y: number) => bw + ((w - bw) * (baseY - y)) / h - 6
  const stops: Stop[] = []
  let prev = 0
  for (const [end, c] of g.layers) {
    // Gradient offsets run from the liquid's top (0) to the bottom (1).
    const o1 = 1 - end
    const o2 = 1 - prev
    stops.push([o1, col(c, 4)], [o2, col(c, -6)])
    prev = end
  }
  stops.sort((a, b) => a[0] - b[0])
  let inside = rect(cx - w, liquidTop, 2 * w, baseY - liquidTop, { fill: p.lin(stops) })
  if (g.beans) inside += specks(p, cx, baseY - 48, bw - 10, 40, 5, '#5e1616')
  if (g.crumbs)
    for (const [end] of g.layers.filter((_, i) => i % 2 === 0)) {
      const y = baseY - 8 - (h - 8) * level * end
      inside += specks(p, cx, y + 12, w, 26, 2.2, '#a57a43')
    }
  if (g.pearls) {
    let d = ''
    for (let row = 0; row < 3; row++)
      for (let x = cx - bw + 18; x < cx + bw - 14; x += 21) d += circleD(x + (row % 2) * 10 + p.r(-2, 2), baseY - 22 - row * 18 + p.r(-2, 2), 9.5)
    inside += pathEl(d, { fill: '#3b1c0e', stroke: '#24100a', 'stroke-width': 1.5 }) + pathEl(d, { fill: WHITE(0.12), transform: 'translate(-3 -3)' })
  }
  inside += ellipse(cx, liquidTop, halfAt(liquidTop), 10, { fill: col(g.foam ?? g.layers[g.layers.length - 1][1], 10) })
  if (g.ice)
    for (let i = 0; i < g.ice; i++) {
      const x = cx - w * 0.5 + (i % 2) * w * 0.55 + p.r(-8, 8)
      const y = liquidTop - 14 + Math.floor(i / 2) * 46 + p.r(-6, 6)
      inside += rect(x - 23, y - 23, 46, 46, { rx: 9, fill: WHITE(0.32), stroke: WHITE(0.85), 'stroke-width': 2, transform: `rotate(${n0(p.r(-25, 25))} ${n0(x)} ${n0(y)})` })
    }
  let svg = shadow(p, cx + 10, baseY, w + 16, 14, 0.45, 8)
  if (g.straw)
    svg += pathEl(`M${cx + 8} ${baseY - 40}L${cx + 52} ${top - 80}`, { stroke: col(g.straw), 'stroke-width': 15, 'stroke-linecap': 'round' }) +
      pathEl(`M${cx + 4} ${baseY - 40}L${cx + 47} ${top - 80}`, { stroke: WHITE(0.45), 'stroke-width': 4, 'stroke-linecap': 'round' })
  svg +=
    group({ 'clip-path': p.clip(pathEl(shape(6))) }, inside) +
    pathEl(shape(0), { fill: WHITE(0.14), stroke: WHITE(0.85), 'stroke-width': 3 }) +
    pathEl(`M${cx - w + 16} ${top + 24}L${cx - bw + 14} ${baseY - 34}`, { stroke: WHITE(0.4), 'stroke-width': 9, 'stroke-linecap': 'round' }) +
    ellipse(cx, top, w, 12, { fill: WHITE(0.12), stroke: WHITE(0.9), 'stroke-width': 3 }) +
    specks(p, cx, top + h * 0.55, w * 0.7, 12, 2.4, WHITE(0.55))
  if (g.garnish) svg += place(cx + w - 12, top + 8, 15, 1, citrusSlice(p, 34, g.garnish))
  return svg
}

/** A drinks can; `wave` is the colour of the swoosh across it. */
function can(p: Pic, cx: number, baseY: number, body: Hsl, wave: Hsl, s = 1): string {
  const w = 104 * s
  const h = 196 * s
  const top = baseY - h
  const outline = `M${n0(cx - w / 2)} ${n0(top)}V${n0(baseY)}A${n0(w / 2)} ${n0(10 * s)} 0 0 0 ${n0(cx + w / 2)} ${n0(baseY)}V${n0(top)}Z`
  return (
    shadow(p, cx + 10, baseY + 4, w * 0.6, 12, 0.45, 7) +
    pathEl(outline, { fill: col(body) }) +
    pathEl(`M${n0(cx - w / 2)} ${n0(top + h * 0.5)}C${n0(cx - w / 6)} ${n0(top + h * 0.32)} ${n0(cx + w / 6)} ${n0(top + h * 0.7)} ${n0(cx + w / 2)} ${n0(top + h * 0.46)}V${n0(top + h * 0.58)}C${n0(cx + w / 6)} ${n0(top + h * 0.8)} ${n0(cx - w / 6)} ${n0(top + h * 0.44)} ${n0(cx - w / 2)} ${n0(top + h * 0.62)}Z`, { fill: col(wave) }) +
    specks(p, cx, top + h * 0.24, w * 0.3, 6, 3 * s, WHITE(0.5)) +
    pathEl(outline, { fill: p.lin([[0, INK(0.4)], [0.28, WHITE(0.35)], [0.45, WHITE(0)], [1, INK(0.45)]], 0, 0, 1, 0) }) +
    ellipse(cx, top, w / 2, 10 * s, { fill: p.lin([[0, '#f1f1f1'], [1, '#9c9c9c']]), stroke: '#8a8a8a', 'stroke-width': 2 }) +
    ellipse(cx, top, w / 2 - 8 * s, 6 * s, { fill: 'none', stroke: '#b5b5b5', 'stroke-width': 2 }) +
    rect(cx - 10 * s, top - 4 * s, 22 * s, 7 * s, { rx: 3, fill: '#d4d4d4', stroke: '#8c8c8c', 'stroke-width': 1 })
  )
}

/** A plastic water bottle, or (milk) a glass bottle of soy milk. */
function bottle(p: Pic, cx: number, baseY: number, kind: 'water' | 'milk', label: Hsl): string {
  const water = kind === 'water'
  const h = water ? 300 : 250
  const top = baseY - h
  const hw = water ? 56 : 46
  const neck = water ? 22 : 20
  const outline = `M${cx - neck} ${top + 20}V${top + 50}C${cx - neck} ${top + 86} ${cx - hw} ${top + 90} ${cx - hw} ${top + 130}V${baseY - 10}Q${cx - hw} ${baseY} ${cx - hw + 12} ${baseY}H${cx + hw - 12}Q${cx + hw} ${baseY} ${cx + hw} ${baseY - 10}V${top + 130}C${cx + hw} ${top + 90} ${cx + neck} ${top + 86} ${cx + neck} ${top + 50}V${top + 20}Z`
  const ridges = water ? pathEl(`M${cx - hw} ${baseY - 40}H${cx + hw}M${cx - hw} ${baseY - 60}H${cx + hw}M${cx - hw} ${top + 140}H${cx + hw}`, { stroke: WHITE(0.55), 'stroke-width': 3 }) : ''
  return (
    shadow(p, cx + 10, baseY + 3, hw + 12, 12, 0.45, 7) +
    pathEl(outline, { fill: water ? p.lin([[0, col([200, 70, 80], 0, 0.75)], [0.5, col([195, 70, 92], 0, 0.6)], [1, col([205, 60, 70], 0, 0.85)]], 0, 0, 1, 0) : p.lin([[0, '#d9c7a2'], [0.4, '#f6ead0'], [1, '#c2ab80']], 0, 0, 1, 0) }) +
    ridges +
    rect(cx - hw, top + 160, hw * 2, water ? 70 : 80, { fill: col(label) }) +
    pathEl(`M${cx - hw} ${top + 200}c30 -20 ${hw * 2 - 30} 16 ${hw * 2} -6v14c-30 20 ${-hw * 2 + 30} -12 ${-hw * 2} 8Z`, { fill: WHITE(0.85) }) +
    rect(cx - neck - 3, top, neck * 2 + 6, 26, { rx: 4, fill: water ? '#2e7bd6' : '#d8b24a', stroke: water ? '#1f5aa6' : '#a8842a', 'stroke-width': 2 }) +
    pathEl(`M${cx - hw + 12} ${top + 130}V${baseY - 20}`, { stroke: WHITE(0.6), 'stroke-width': 8, 'stroke-linecap': 'round' })
  )
}

/** A thin plastic carrier bag printed THANK YOU. */
function plasticBag(p: Pic, cx: number, baseY: number): string {
  const d =
    `M${cx - 130} ${baseY}L${cx - 144} ${baseY - 250}C${cx - 144} ${baseY - 290} ${cx - 136} ${baseY - 330} ${cx - 122} ${baseY - 350}L${cx - 108} ${baseY - 378}Q${cx - 90} ${baseY - 392} ${cx - 72} ${baseY - 378}` +
    `L${cx - 60} ${baseY - 320}C${cx - 40} ${baseY - 300} ${cx + 40} ${baseY - 300} ${cx + 60} ${baseY - 320}L${cx + 72} ${baseY - 378}Q${cx + 90} ${baseY - 392} ${cx + 108} ${baseY - 378}` +
    `L${cx + 122} ${baseY - 350}C${cx + 136} ${baseY - 330} ${cx + 144} ${baseY - 290} ${cx + 144} ${baseY - 250}L${cx + 130} ${baseY}Q${cx} ${baseY + 14} ${cx - 130} ${baseY}Z` +
    `M${cx - 104} ${baseY - 330}a14 24 0 1 0 28 0a14 24 0 1 0 -28 0M${cx + 76} ${baseY - 330}a14 24 0 1 0 28 0a14 24 0 1 0 -28 0`
  const text = (y: number, size: number) =>
    el('text', { x: cx, y, 'text-anchor': 'middle', 'font-family': 'Liberation Sans,Arial,sans-serif', 'font-weight': 'bold', 'font-size': size, fill: '#d8262b', 'letter-spacing': 2 }, 'THANK YOU')
  return (
    shadow(p, cx + 12, baseY + 2, 150, 16, 0.4, 9) +
    pathEl(d, { fill: p.lin([[0, '#f3f1ec'], [0.5, '#ffffff'], [1, '#dedad2']], 0, 0, 1, 0), 'fill-rule': 'evenodd', stroke: '#cfcac0', 'stroke-width': 2 }) +
    pathEl(`M${cx - 100} ${baseY - 20}q20 -90 4 -200M${cx + 40} ${baseY - 10}q-16 -110 10 -240M${cx + 100} ${baseY - 30}q10 -60 -6 -150`, { fill: 'none', stroke: INK(0.08), 'stroke-width': 6 }) +
    text(baseY - 190, 34) +
    text(baseY - 140, 26) +
    text(baseY - 98, 20) +
    pathEl(`M${cx - 24} ${baseY - 60}a24 24 0 0 0 48 0`, { fill: 'none', stroke: '#d8262b', 'stroke-width': 5, 'stroke-linecap': 'round' }) +
    pathEl(`${circleD(cx - 12, baseY - 74, 3.5)}${circleD(cx + 12, baseY - 74, 3.5)}`, { fill: '#d8262b' })
  )
}

/** A kraft paper takeaway bag with a lotus sticker. */
function paperBag(p: Pic, cx: number, baseY: number): string {
  const top = baseY - 300
  let zig = `M${cx - 110} ${top + 10}`
  for (let i = 1; i <= 11; i++) zig += `L${cx - 110 + i * 20} ${top + (i % 2 ? 0 : 10)}`
  return (
    shadow(p, cx + 14, baseY + 3, 140, 14, 0.45, 8) +
    pathEl(`M${cx - 110} ${top + 10}V${baseY}H${cx + 110}V${top + 10}Z`, { fill: p.lin([[0, '#c9925a'], [0.5, '#dcaa70'], [1, '#b57d46']], 0, 0, 1, 0) }) +
    pathEl(`${zig}V${top + 30}H${cx - 110}Z`, { fill: '#b88249' }) +
    pathEl(`M${cx - 110} ${baseY - 30}H${cx + 110}`, { stroke: INK(0.15), 'stroke-width': 3 }) +
    pathEl(`M${cx - 40} ${top + 14}q40 -80 80 0`, { fill: 'none', stroke: '#8a5a2c', 'stroke-width': 8, 'stroke-linecap': 'round' }) +
    circle(cx, baseY - 140, 52, { fill: '#fbf3e3', stroke: '#c43a31', 'stroke-width': 5 }) +
    pathEl(`M${cx} ${baseY - 110}c-26 -12 -30 -40 0 -62c30 22 26 50 0 62Zm0 0c-30 0 -46 -20 -40 -40c20 0 36 16 40 40Zm0 0c30 0 46 -20 40 -40c-20 0 -36 16 -40 40Z`, { fill: '#e0575d' })
  )
}

/** A Macau pork chop bun seen from the side, on a plate. */
function porkChopBun(p: Pic, cx: number, baseY: number): string {
  const chopTop: Pt[] = []
  const chopBottom: Pt[] = []
  for (let x = -150; x <= 140; x += 29) {
    chopTop.push([cx + x, baseY - 84 + p.r(-8, 6)])
    chopBottom.unshift([cx + x, baseY - 46 + p.r(-5, 8)])
  }
  return (
    shadow(p, cx + 12, baseY - 4, 190, 30, 0.4, 10) +
    ellipse(cx, baseY - 10, 190, 38, { fill: p.rad([[0, '#ffffff'], [0.8, '#f0ede6'], [1, '#cfc9bd']], 0.5, 0.35) }) +
    ellipse(cx, baseY - 14, 130, 22, { fill: 'none', stroke: '#d9d3c8', 'stroke-width': 2 }) +
    pathEl(`M${cx - 118} ${baseY - 52}Q${cx - 118} ${baseY - 22} ${cx - 86} ${baseY - 20}H${cx + 86}Q${cx + 118} ${baseY - 22} ${cx + 118} ${baseY - 52}Z`, { fill: p.lin([[0, '#f8e6c2'], [1, '#d9a45c']]) }) +
    pathEl(smoothClosed([...chopTop, ...chopBottom]), { fill: p.lin([[0, '#b0602a'], [0.5, '#8a4419'], [1, '#6a2f10']]) }) +
    pathEl(`M${cx - 140} ${baseY - 76}Q${cx} ${baseY - 92} ${cx + 130} ${baseY - 74}`, { fill: 'none', stroke: '#d48a4a', 'stroke-width': 4, opacity: 0.6 }) +
    pathEl(`M${cx - 124} ${baseY - 78}C${cx - 124} ${baseY - 212} ${cx + 124} ${baseY - 212} ${cx + 124} ${baseY - 78}Q${cx} ${baseY - 64} ${cx - 124} ${baseY - 78}Z`, {
      fill: p.rad([[0, '#e7a447'], [0.6, '#cf8025'], [1, '#f3cf88']], 0.45, 0.2, 0.8)
    }) +
    pathEl(`M${cx - 90} ${baseY - 140}q30 -14 50 4M${cx - 30} ${baseY - 170}q34 -8 56 10M${cx + 40} ${baseY - 150}q30 -6 44 18M${cx - 70} ${baseY - 110}q40 -10 70 2M${cx + 20} ${baseY - 112}q30 -8 56 6`, {
      fill: 'none',
      stroke: '#f9dca0',
      'stroke-width': 4,
      'stroke-linecap': 'round'
    }) +
    ellipse(cx - 40, baseY - 168, 40, 10, { fill: WHITE(0.35), transform: `rotate(-12 ${cx - 40} ${baseY - 168})` })
  )
}

/** Two halves of a ham and egg sandwich, crusts off, seen from the front. */
function sandwich(p: Pic, cx: number, baseY: number): string {
  const half = (x: number, y: number) => {
    const face = `M${x - 120} ${y - 60}L${x + 100} ${y - 60}L${x - 10} ${y - 150}Z`
    return (
      pathEl(face, { fill: p.lin([[0, '#fff9ec'], [1, '#efe0c2']], 0, 0, 1, 1), stroke: '#e3cfa6', 'stroke-width': 3, 'stroke-linejoin': 'round' }) +
      rect(x - 120, y - 60, 220, 16, { fill: '#fbf2de' }) +
      rect(x - 120, y - 44, 220, 14, { fill: '#f6c842' }) +
      rect(x - 120, y - 30, 220, 10, { fill: '#ef9aa0' }) +
      rect(x - 120, y - 20, 220, 20, { fill: '#fbf2de' }) +
      rect(x - 120, y - 60, 220, 60, { fill: 'none', stroke: '#e3cfa6', 'stroke-width': 3 }) +
      specks(p, x - 10, y - 38, 90, 10, 2, '#fbe39b')
    )
  }
  return (
    shadow(p, cx + 12, baseY - 6, 190, 28, 0.4, 10) +
    ellipse(cx, baseY - 12, 190, 38, { fill: p.rad([[0, '#ffffff'], [0.8, '#f0ede6'], [1, '#cfc9bd']], 0.5, 0.35) }) +
    half(cx + 40, baseY - 60) +
    half(cx - 20, baseY - 18)
  )
}

// ---------- scenes ----------

type Prop = 'chopsticks' | 'spoon' | 'sauce' | 'chilli' | 'herb' | 'lemon' | 'napkin'

/** Where and on what a flat-lay dish is photographed. */
interface Setting {
  table: Table
  hue: number
  props?: Prop[]
  /** Colour of the sauce in the sauce dish prop. */
  sauce?: Hsl
  /** Colour of the napkin and the chopsticks. */
  accent?: Hsl
}

/** A flat-lay picture: tabletop, the dish drawn by `draw` around (cx, cy), props, vignette. */
function flatLay(p: Pic, s: Setting, draw: (cx: number, cy: number) => string): void {
  const props = s.props ?? []
  const accent = s.accent ?? [10, 55, 45]
  tabletop(p, s.table, s.hue)
  if (props.includes('napkin')) p.add(place(-20, 340, -12, 1.1, napkin(accent)))
  if (props.includes('sauce')) p.add(place(62, 62, 0, 1, sauceDish(p, 44, s.sauce ?? [20, 70, 28])))
  const cx = props.includes('chopsticks') ? 224 : 240
  p.add(draw(cx, 252))
  if (props.includes('chopsticks')) p.add(place(446, 26, 93, 1.15, chopsticks(s.accent ? s.accent : [25, 45, 35])))
  if (props.includes('spoon')) p.add(place(392, 408, 32, 0.9, soupSpoon(p)))
  if (props.includes('chilli')) p.add(place(46, 440, -28, 1, chilli()))
  if (props.includes('herb')) p.add(place(404, 64, 35, 1.15, herb(p)))
  if (props.includes('lemon')) p.add(place(428, 428, 0, 1, citrusSlice(p, 34)))
  vignette(p)
}

/**
 * A side view on a counter: wall, tabletop, the thing drawn by `draw` standing at y = 412,
 * enlarged by `zoom` about its foot so that it fills a thumbnail.
 */
function onCounter(p: Pic, wallHue: number, tableHue: number, draw: (cx: number, baseY: number) => string, zoom = 1.2): void {
  counter(p, wallHue, tableHue)
  p.add(zoom === 1 ? draw(240, 412) : group({ transform: `translate(240 412) scale(${zoom}) translate(-240 -412)` }, draw(240, 412)))
  vignette(p, 0.28)
}

const liquid = (p: Pic, c: Hsl) => p.rad([[0, col(c, 8)], [0.8, col(c)], [1, col(c, -10)]], 0.42, 0.4, 0.6)

/** Contents of a bowl: drawn in the liquid's disc, clipped to it, shaded by the bowl's depth. */
function inBowl(p: Pic, cx: number, cy: number, R: number, ware: Ware, fill: string, contents: (cx: number, cy: number, r: number) => string): string {
  const b = bowl(p, cx, cy, R, ware)
  return (
    b.svg +
    group({ 'clip-path': p.clip(circle(cx, cy, b.inner)) }, circle(cx, cy, b.inner, { fill }), contents(cx, cy, b.inner), bowlDepth(p, cx, cy, b.inner))
  )
}

/** Broth with a sheen of fat droplets. */
const broth = (p: Pic, cx: number, cy: number, r: number) => specks(p, cx, cy, r, 16, 3.5, '#ffe29659')

/** A noodle soup: broth, noodles, toppings. */
function noodleSoup(p: Pic, s: Setting, ware: Ware, brothColour: Hsl, kind: keyof typeof NOODLE, toppings: (cx: number, cy: number, r: number) => string): void {
  flatLay(p, s, (cx, cy) =>
    inBowl(p, cx, cy, 172, ware, liquid(p, brothColour), (x, y, r) => broth(p, x, y, r) + noodles(p, x, y, r, kind) + toppings(x, y, r))
  )
}

/** A soup, congee or sweet soup in a bowl. */
function bowlOf(p: Pic, s: Setting, ware: Ware, surface: string, contents: (cx: number, cy: number, r: number) => string, R = 168): void {
  flatLay(p, s, (cx, cy) => inBowl(p, cx, cy, R, ware, surface, contents))
}

/** Thick congee: a creamy surface with soft swirls. */
function congee(p: Pic, tint: Hsl = [44, 45, 92]): string {
  return p.rad([[0, col(tint, 5)], [1, col(tint, -8)]], 0.45, 0.42, 0.6)
}
const congeeSwirls = (p: Pic, cx: number, cy: number, r: number) => {
  let d = ''
  for (let i = 0; i < 5; i++) {
    const [x, y] = inDisc(p, cx, cy, r * 0.7)
    d += `M${n0(x)} ${n0(y)}q${n0(p.r(20, 40))} ${n0(p.r(-20, 20))} ${n0(p.r(40, 70))} 0`
  }
  return pathEl(d, { fill: 'none', stroke: WHITE(0.55), 'stroke-width': 6, 'stroke-linecap': 'round', filter: p.blur(2) })
}

/** A plate (round, or oval when ry is given) with its contents drawn in the well. */
function onPlate(p: Pic, s: Setting, ware: Ware, contents: (cx: number, cy: number, r: number) => string, R = 178, ry = R): void {
  flatLay(p, s, (cx, cy) => {
    const pl = plate(p, cx, cy, R, ware, ry)
    return pl.svg + contents(cx, cy, pl.well)
  })
}

/** A bamboo steamer with its contents on the liner. */
function inSteamer(p: Pic, s: Setting, contents: (cx: number, cy: number, r: number) => string): void {
  flatLay(p, s, (cx, cy) => {
    const st = steamer(p, cx, cy, 176)
    return st.svg + group({ 'clip-path': p.clip(circle(cx, cy, st.inner)) }, contents(cx, cy, st.inner))
  })
}

/** A noodle (or rice) mound on a plate: contents clipped to an irregular heap with its shadow. */
function heap(p: Pic, cx: number, cy: number, r: number, fill: (cx: number, cy: number, r: number) => string): string {
  const outline = blob(p, cx, cy, r, r * 0.92, 0.08, 9)
  return pathEl(outline, { fill: INK(0.3), transform: 'translate(6 9)', filter: p.blur(5) }) + group({ 'clip-path': p.clip(pathEl(outline)) }, fill(cx, cy, r))
}

/** A kraft paper boat (snack tray); contents drawn inside its w × h box. */
function paperBoat(p: Pic, cx: number, cy: number, w: number, h: number): string {
  return (
    rect(cx - w / 2 + 10, cy - h / 2 + 14, w, h, { rx: 18, fill: INK(0.35), filter: p.blur(8) }) +
    rect(cx - w / 2, cy - h / 2, w, h, { rx: 18, fill: p.lin([[0, '#e6c08a'], [1, '#c9975a']], 0, 0, 1, 1) }) +
    rect(cx - w / 2 + 14, cy - h / 2 + 14, w - 28, h - 28, { rx: 10, fill: p.lin([[0, '#cfa066'], [1, '#e2bb84']], 0, 0, 1, 1) }) +
    pathEl(`M${cx - w / 2} ${cy - h / 2}l14 14M${cx + w / 2} ${cy - h / 2}l-14 14M${cx - w / 2} ${cy + h / 2}l14 -14M${cx + w / 2} ${cy + h / 2}l-14 -14`, { stroke: '#b88548', 'stroke-width': 2 })
  )
}

/** A sheet of greaseproof paper under street food. */
const parchment = (p: Pic, cx: number, cy: number, w: number, rot: number) =>
  place(cx, cy, rot, 1,
    rect(-w / 2 + 8, -w / 2 + 12, w, w, { fill: INK(0.25), filter: p.blur(8) }),
    rect(-w / 2, -w / 2, w, w, { fill: '#f7f0e0' }),
    pathEl(blob(p, w * 0.2, -w * 0.25, 40, 28, 0.3, 7), { fill: '#d6aa5a40' }),
    pathEl(`M${-w / 2} ${-w / 2 + 20}H${w / 2}M${-w / 2} ${w / 2 - 20}H${w / 2}`, { stroke: '#c43a31', 'stroke-width': 3, opacity: 0.6 }))

/** A serving tray for set meals. */
const tray = (p: Pic, c: Hsl) =>
  rect(44, 62, 400, 360, { rx: 28, fill: INK(0.4), filter: p.blur(10) }) +
  rect(32, 48, 416, 372, { rx: 28, fill: p.lin([[0, col(c, 6)], [1, col(c, -8)]], 0, 0, 1, 1) }) +
  rect(46, 62, 388, 344, { rx: 20, fill: 'none', stroke: col(c, -14), 'stroke-width': 4 })

// ---------- fillings shared by several pictures ----------

const macaroni = (p: Pic, cx: number, cy: number, r: number) => {
  let d = ''
  for (let i = 0; i < 34; i++) {
    const [x, y] = inDisc(p, cx, cy, r * 0.95)
    const a = p.r(0, 360)
    const [x2, y2] = polar(x, y, 22, a)
    const [qx, qy] = polar(x, y, 16, a + 50)
    d += `M${n0(x)} ${n0(y)}Q${n0(qx)} ${n0(qy)} ${n0(x2)} ${n0(y2)}`
  }
  return (
    pathEl(d, { fill: 'none', stroke: '#d9b45e', 'stroke-width': 15, 'stroke-linecap': 'round' }) +
    pathEl(d, { fill: 'none', stroke: '#f6dc95', 'stroke-width': 11, 'stroke-linecap': 'round' }) +
    pathEl(d, { fill: 'none', stroke: WHITE(0.5), 'stroke-width': 2, transform: 'translate(-2 -3)' })
  )
}

const milkTea: Hsl = [30, 50, 55]

/** A golden thick-cut French toast with butter and syrup. */
const frenchToast = (p: Pic, cx: number, cy: number, s = 1) =>
  place(cx, cy, -8, s,
    rect(-70, -76, 150, 150, { rx: 16, fill: INK(0.3), filter: p.blur(6) }),
    rect(-90, -90, 150, 150, { rx: 16, fill: p.rad([[0, '#f7d27e'], [0.7, '#e2a343'], [1, '#9c5b1c']], 0.45, 0.45, 0.6), transform: 'rotate(-14)' }),
    rect(-56, -54, 150, 150, { rx: 16, fill: p.rad([[0, '#f9da8c'], [0.7, '#e7ac4b'], [1, '#a5621f']], 0.45, 0.45, 0.6), transform: 'rotate(6)' }),
    pathEl('M-10 -12C20 -28 50 -4 40 24C30 50 -6 50 -20 28C-30 12 -22 -4 -10 -12Z', { fill: '#c46e148c' }),
    rect(-8, -2, 42, 36, { rx: 6, fill: '#fff3b8', stroke: '#f0d778', 'stroke-width': 2, transform: 'rotate(12)' }),
    rect(-2, 4, 16, 6, { rx: 3, fill: WHITE(0.8), transform: 'rotate(12)' }))

/** A pineapple bun with its crackled sugar crust and a thick slab of butter. */
function pineappleBun(p: Pic, cx: number, cy: number, r = 120): string {
  // A jittered grid of crust plates, each shrunk towards its centre so the cracks show.
  const step = 34
  const n = Math.ceil((2 * r) / step) + 1
  const v: Pt[][] = []
  for (let i = 0; i <= n; i++) {
    v.push([])
    for (let j = 0; j <= n; j++) v[i].push([cx - r - 10 + i * step + p.r(-9, 9), cy - r - 10 + j * step + p.r(-9, 9)])
  }
  let cells = ''
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const quad = [v[i][j], v[i + 1][j], v[i + 1][j + 1], v[i][j + 1]]
      const mx = quad.reduce((a, q) => a + q[0], 0) / 4
      const my = quad.reduce((a, q) => a + q[1], 0) / 4
      if (Math.hypot(mx - cx, my - cy) > r + 10) continue
      cells += 'M' + quad.map((q) => pt([mx + (q[0] - mx) * 0.84, my + (q[1] - my) * 0.84])).join('L') + 'Z'
    }
  return (
    rect(cx - 30, cy + 20, 150, 44, { rx: 6, fill: INK(0.3), filter: p.blur(5), transform: `rotate(-12 ${cx} ${cy})` }) +
    circle(cx + 6, cy + 10, r, { fill: INK(0.35), filter: p.blur(8) }) +
    circle(cx, cy, r, { fill: '#b56a1e' }) +
    group({ 'clip-path': p.clip(circle(cx, cy, r - 4)) }, pathEl(cells, { fill: p.rad([[0, '#fbe09a'], [1, '#e9ad4c']], 0.4, 0.4), stroke: '#f3c56a', 'stroke-width': 3, 'stroke-linejoin': 'round' })) +
    rect(cx - 20, cy + 6, 150, 44, { rx: 6, fill: '#fff1a8', stroke: '#eed36c', 'stroke-width': 3, transform: `rotate(-12 ${cx} ${cy})` }) +
    circle(cx, cy, r, { fill: p.rad([[0.6, INK(0)], [1, INK(0.3)]], 0.42, 0.4) })
  )
}

/** A half portion of African chicken in its spiced peanut sauce, with potatoes. */
function africanChicken(p: Pic, cx: number, cy: number, r: number): string {
  return (
    pathEl(blob(p, cx + 10, cy + 10, r * 0.9, r * 0.75, 0.12, 9), { fill: '#c9591f', opacity: 0.9 }) +
    pathEl(blob(p, cx - 6, cy - 8, r * 0.55, r * 0.4, 0.1, 8, -20), { fill: p.rad([[0, '#f08a3c'], [0.7, '#c4501c'], [1, '#8a3010']], 0.4, 0.35) }) +
    pathEl(blob(p, cx + r * 0.5, cy + r * 0.2, r * 0.3, r * 0.18, 0.1, 7, 30), { fill: p.rad([[0, '#ec8236'], [1, '#9a3a12']], 0.4, 0.35) }) +
    specks(p, cx - 6, cy - 8, r * 0.45, 14, 3, '#6a220a') +
    place(cx - r * 0.55, cy + r * 0.45, 20, 1, cube(p, [42, 80, 62], 30)) +
    place(cx - r * 0.2, cy + r * 0.6, -10, 1, cube(p, [42, 80, 62], 28)) +
    place(cx + r * 0.2, cy + r * 0.62, 30, 1, cube(p, [42, 80, 62], 26)) +
    ellipse(cx - r * 0.2, cy - r * 0.25, r * 0.22, 8, { fill: WHITE(0.4), transform: `rotate(-20 ${n0(cx - r * 0.2)} ${n0(cy - r * 0.25)})` }) +
    place(cx + r * 0.55, cy - r * 0.45, 0, 0.9, herb(p))
  )
}

/** Rice with a topping on one side: the classic cha chaan teng rice plate. */
const ricePlate = (p: Pic, cx: number, cy: number, r: number, topping: (cx: number, cy: number, r: number) => string) =>
  rice(p, cx - r * 0.22, cy + r * 0.12, r * 0.7, r * 0.62) + topping(cx, cy, r)

/** n pieces (three variants) scattered over a disc at random angles. */
function cluster(p: Pic, cx: number, cy: number, r: number, n: number, s: number, draw: () => string): string {
  const piece = reuse(p, draw, 2)
  let out = ''
  for (let i = 0; i < n; i++) {
    const [x, y] = inDisc(p, cx, cy, r)
    out += place(x, y, p.r(0, 360), s, piece())
  }
  return out
}

/** Four pieces (two variants) on a 2 × 2 grid, slightly turned, scaled by s. */
function cluster4(p: Pic, cx: number, cy: number, s: number, draw: () => string, gap = 33): string {
  const piece = reuse(p, draw, 2)
  const d = gap * s
  return [[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([i, j]) => place(cx + i * d + p.r(-4, 4), cy + j * d + p.r(-4, 4), p.r(-25, 25), s, piece())).join('')
}

/** Three pieces (two variants) in a triangle, scaled by s. */
function cluster3(p: Pic, cx: number, cy: number, s: number, draw: () => string): string {
  const piece = reuse(p, draw, 2)
  return arcPoints(cx, cy, 42 * s, -90, 150, 3).map(([x, y]) => place(x, y, p.r(-30, 30), s, piece())).join('')
}

/** A platter of chopped roast meat: rowsOf rows of n pieces, the whole turned by rot degrees. */
const platter = (p: Pic, cx: number, cy: number, rot: number, draw: () => string, n: number, rowsOf: number, dx: number, dy: number) =>
  place(cx, cy, rot, 1, rows(p, 0, (-(rowsOf - 1) * dy) / 2, n, dx, 0, 0, draw, rowsOf, dx * 0.12, dy))

/** Pieces laid in overlapping rows across a plate. */
function rows(p: Pic, cx: number, cy: number, n: number, dx: number, dy: number, rot: number, draw: () => string, rowsOf = 1, rowDx = 0, rowDy = 0): string {
  const piece = reuse(p, draw, 2)
  let out = ''
  for (let row = 0; row < rowsOf; row++)
    for (let i = 0; i < n; i++) out += place(cx + (i - (n - 1) / 2) * dx + row * rowDx, cy + (i - (n - 1) / 2) * dy + row * rowDy, rot, 1, piece())
  return out
}

// ---------- the pictures ----------

const W = WARES
type Draw = (p: Pic) => void

const briskets = (p: Pic) => (cx: number, cy: number, r: number) =>
  cluster(p, cx + r * 0.32, cy - r * 0.05, r * 0.36, 6, 1.75, () => brisket(p)) +
  place(cx - r * 0.85, cy + r * 0.25, -25, 1.25, greens(p)) +
  scallions(p, cx, cy, r * 0.8, 16)

const wontons = (p: Pic, n = 4) => (cx: number, cy: number, r: number) =>
  arcPoints(cx, cy, r * 0.45, -70, 80, n).map(([x, y, a]) => place(x, y, a, 1.2, wonton(p))).join('') +
  place(cx - r * 0.7, cy - r * 0.25, 10, 0.9, greens(p, [110, 50, 36])) +
  shreds(p, cx - r * 0.3, cy + r * 0.2, r * 0.35, 10, 26, [75, 70, 62], 3)

const fishBalls = (p: Pic) => (cx: number, cy: number, r: number) =>
  arcPoints(cx, cy, r * 0.48, -90, 90, 5).map(([x, y]) => place(x, y, 0, 1, ball(p, 19))).join('') +
  place(cx - r * 0.55, cy + r * 0.3, -50, 0.9, greens(p, [100, 55, 45])) +
  scallions(p, cx, cy, r * 0.85, 14)

const satayBeef = (p: Pic) => (cx: number, cy: number, r: number) =>
  cluster(p, cx + r * 0.28, cy - r * 0.2, r * 0.38, 6, 1.7, () => beefSlice(p, [22, 50, 44])) +
  place(cx - r * 0.35, cy + r * 0.4, 25, 1, eggHalf(p)) +
  specks(p, cx, cy, r * 0.8, 24, 2.5, '#be501499') +
  scallions(p, cx, cy, r * 0.8, 12)

const spamEgg = (p: Pic) => (cx: number, cy: number, r: number) =>
  rows(p, cx + r * 0.35, cy - r * 0.1, 3, 12, 30, 60, () => rect(-40, -22, 80, 44, { rx: 6, fill: p.lin([[0, '#f2a199'], [1, '#d9746a']]), stroke: '#c45c52', 'stroke-width': 2 })) +
  place(cx - r * 0.35, cy + r * 0.2, 0, 0.95, friedEgg(p)) +
  scallions(p, cx, cy, r * 0.85, 10)

const centuryEgg = (p: Pic) => (cx: number, cy: number, r: number) =>
  congeeSwirls(p, cx, cy, r) +
  shreds(p, cx, cy, r * 0.7, 14, 24, [20, 40, 80], 4) +
  arcPoints(cx, cy, r * 0.45, 0, 288, 5)
    .map(([x, y, a]) =>
      place(x, y, a, 1,
        pathEl('M-8 0L26 -14A30 30 0 0 1 26 14Z', { fill: p.lin([[0, '#2b3a1e'], [0.5, '#5b4a1e'], [1, '#a8782e']], 0, 0, 1, 0), stroke: '#3a2a10', 'stroke-width': 1.5 }),
        ellipse(4, 0, 8, 5, { fill: '#3d4a2a' })))
    .join('') +
  shreds(p, cx, cy, r * 0.5, 10, 16, [48, 70, 75], 2.5) +
  scallions(p, cx, cy, r * 0.6, 16) +
  specks(p, cx, cy, r * 0.8, 30, 1.2, '#6b5a48')

const crabPieces = (p: Pic) => (cx: number, cy: number, r: number) =>
  congeeSwirls(p, cx, cy, r) +
  specks(p, cx, cy, r * 0.85, 14, 5, '#f6a04a99') +
  place(cx - r * 0.35, cy + r * 0.35, 30, 1, crabClaw(p)) +
  place(cx + r * 0.45, cy + r * 0.3, 140, 0.9, crabClaw(p)) +
  place(cx + r * 0.05, cy - r * 0.22, -8, 1.15, crabShell(p)) +
  shreds(p, cx, cy, r * 0.75, 10, 18, [48, 70, 75], 2.5) +
  scallions(p, cx, cy, r * 0.8, 18)

const sampan = (p: Pic) => (cx: number, cy: number, r: number) =>
  congeeSwirls(p, cx, cy, r) +
  arcPoints(cx, cy, r * 0.55, -40, 240, 6).map(([x, y]) => place(x, y, 0, 1, circle(0, 0, 15, { fill: 'none', stroke: '#f6f1e6', 'stroke-width': 8 }))).join('') +
  arcPoints(cx, cy, r * 0.3, 20, 300, 4)
    .map(([x, y, a]) => place(x, y, a, 1, rect(-20, -12, 40, 24, { rx: 10, fill: p.lin([[0, '#f3c878'], [1, '#c98a36']]) }), pathEl('M-12 0H12', { stroke: '#fbe3a8', 'stroke-width': 4 })))
    .join('') +
  specks(p, cx, cy, r * 0.8, 16, 5, '#e9c48e') +
  shreds(p, cx, cy, r * 0.7, 8, 30, [80, 60, 72], 4) +
  scallions(p, cx, cy, r * 0.8, 14)

/** Every picture, by file name. */
const PICTURES: Record<string, Draw> = {
  // ---- S101: signatures ----
  'a01-beef-brisket-noodles.svg': (p) =>
    noodleSoup(p, { table: 'wood', hue: 28, props: ['chopsticks', 'chilli'] }, W.blueWhite, [36, 62, 62], 'egg', briskets(p)),
  'a02-pork-chop-bun.svg': (p) => onCounter(p, 160, 28, (cx, y) => porkChopBun(p, cx, y)),
  'a03-egg-tart.svg': (p) =>
    onPlate(p, { table: 'azulejo', hue: 215, props: ['napkin'], accent: [210, 40, 85] }, W.white, (cx, cy) =>
      cluster4(p, cx, cy, 1, () => eggTart(p), 60)),
  'a04-african-chicken.svg': (p) => onPlate(p, { table: 'azulejo', hue: 210, props: ['lemon'] }, W.white, (cx, cy, r) => africanChicken(p, cx, cy, r)),
  'a05-minchi-rice.svg': (p) =>
    onPlate(p, { table: 'terrazzo', hue: 30, props: ['sauce'], sauce: [15, 60, 25] }, W.greenRim, (cx, cy, r) =>
      ricePlate(p, cx, cy, r, (x, y, rr) =>
        pathEl(blob(p, x + rr * 0.35, y - rr * 0.2, rr * 0.5, rr * 0.45, 0.15, 8), { fill: '#7a4222' }) +
        specks(p, x + rr * 0.35, y - rr * 0.2, rr * 0.45, 40, 4, '#5a2c12') +
        specks(p, x + rr * 0.35, y - rr * 0.2, rr * 0.4, 14, 7, '#f0c35c') +
        place(x - rr * 0.15, y + rr * 0.1, 0, 0.95, friedEgg(p)))),
  'a06-crab-congee.svg': (p) => bowlOf(p, { table: 'walnut', hue: 25, props: ['spoon'] }, W.black, congee(p, [38, 55, 88]), crabPieces(p)),

  // ---- roast meats ----
  'b01-roast-goose.svg': (p) =>
    onPlate(p, { table: 'slate', hue: 210, props: ['sauce', 'herb'], sauce: [28, 80, 45] }, W.blueWhite, (cx, cy) =>
      platter(p, cx, cy, -20, () => roastGoose(p), 3, 3, 80, 50), 196, 160),
  'b02-char-siu.svg': (p) =>
    onPlate(p, { table: 'wood', hue: 22, props: ['chopsticks'] }, W.white, (cx, cy, r) =>
      place(cx - r * 0.85, cy + r * 0.55, -30, 0.9, greens(p)) + place(cx, cy, -15, 1, rows(p, 0, -58, 6, 34, 0, 80, () => charSiu(p), 2, 12, 112)) + pathEl(`M${cx - 90} ${cy - 10}q40 20 90 -6t90 -4`, { fill: 'none', stroke: '#9628148c', 'stroke-width': 7, 'stroke-linecap': 'round' })),
  'b03-crispy-pork.svg': (p) =>
    onPlate(p, { table: 'marble', hue: 35, props: ['sauce'], sauce: [48, 90, 52] }, W.redRim, (cx, cy) => rows(p, cx - 6, cy - 68, 3, 70, 0, 0, () => crispyPork(p), 3, 6, 68)),
  'b04-soy-chicken.svg': (p) =>
    onPlate(p, { table: 'linen', hue: 40, props: ['sauce', 'chopsticks'], sauce: [75, 45, 55], accent: [0, 0, 20] }, W.celadon, (cx, cy) =>
      platter(p, cx, cy, 18, () => soyChicken(p), 3, 3, 80, 48) + place(cx - 140, cy + 70, -20, 0.7, greens(p)), 196, 160),

  // ---- noodles and congee ----
  'c01-wonton-noodles.svg': (p) => noodleSoup(p, { table: 'gingham', hue: 0, props: ['chopsticks'] }, W.redRim, [42, 58, 70], 'thin', wontons(p)),
  'c02-beef-chow-fun.svg': (p) =>
    onPlate(p, { table: 'walnut', hue: 20, props: ['chopsticks', 'chilli'] }, W.white, (cx, cy, r) =>
      heap(p, cx, cy, r * 1.05, (x, y, rr) => rect(x - rr, y - rr, rr * 2, rr * 2, { fill: '#7a4a22' }) + noodles(p, x, y, rr, 'wide') + shreds(p, x, y, rr * 0.8, 16, 30, [50, 60, 90], 3.5)) +
      arcPoints(cx, cy, r * 0.45, 0, 300, 6).map(([x, y, a]) => place(x, y, a, 1, beefSlice(p, [15, 30, 30]))).join('') +
      shreds(p, cx, cy, r * 0.8, 10, 40, [110, 55, 42], 4)),
  'c03-satay-beef-noodles.svg': (p) => noodleSoup(p, { table: 'terrazzo', hue: 200, props: ['chopsticks'], accent: [45, 70, 55] }, W.white, [26, 70, 52], 'instant', satayBeef(p)),
  'c04-macaroni-ham.svg': (p) =>
    bowlOf(p, { table: 'gingham', hue: 215, props: ['spoon'] }, W.white, liquid(p, [42, 45, 80]), (cx, cy, r) =>
      broth(p, cx, cy, r) + macaroni(p, cx, cy, r) + shreds(p, cx, cy, r * 0.7, 14, 36, [350, 65, 78], 6) + specks(p, cx, cy, r * 0.7, 10, 5, '#7bb24a')),
  'c05-fish-ball-noodles.svg': (p) => noodleSoup(p, { table: 'linen', hue: 30, props: ['chopsticks', 'sauce'], sauce: [5, 80, 40] }, W.greenRim, [44, 40, 76], 'rice', fishBalls(p)),
  'c06-century-egg-congee.svg': (p) => bowlOf(p, { table: 'wood', hue: 35, props: ['spoon', 'herb'] }, W.blueWhite, congee(p), centuryEgg(p)),
  'c07-soy-fried-noodles.svg': (p) =>
    onPlate(p, { table: 'gingham', hue: 140, props: ['chopsticks'] }, W.white, (cx, cy, r) =>
      heap(p, cx, cy, r * 1.05, (x, y, rr) => rect(x - rr, y - rr, rr * 2, rr * 2, { fill: '#6a3c18' }) + noodles(p, x, y, rr, 'soy') + shreds(p, x, y, rr * 0.85, 22, 30, [50, 55, 90], 3.5) + shreds(p, x, y, rr * 0.8, 10, 36, [100, 50, 45], 4)) +
      specks(p, cx, cy, r * 0.7, 20, 1.8, '#f6ead0')),
  'c08-singapore-noodles.svg': (p) =>
    onPlate(p, { table: 'slate', hue: 30, props: ['chopsticks', 'lemon'] }, W.white, (cx, cy, r) =>
      heap(p, cx, cy, r * 1.05, (x, y, rr) => rect(x - rr, y - rr, rr * 2, rr * 2, { fill: '#d9a632' }) + noodles(p, x, y, rr, 'vermicelli') + shreds(p, x, y, rr * 0.8, 8, 30, [5, 75, 50], 5) + shreds(p, x, y, rr * 0.8, 8, 30, [110, 55, 40], 5) + shreds(p, x, y, rr * 0.8, 8, 30, [48, 90, 70], 5)) +
      arcPoints(cx, cy, r * 0.5, -60, 220, 4).map(([x, y, a]) => place(x, y, a, 1, shrimp())).join('')),
  'c09-sampan-congee.svg': (p) => bowlOf(p, { table: 'walnut', hue: 30, props: ['spoon', 'chilli'] }, W.celadon, congee(p, [42, 40, 90]), sampan(p)),

  // ---- rice ----
  'd01-baked-pork-chop-rice.svg': (p) =>
    onPlate(p, { table: 'gingham', hue: 0, props: ['spoon'] }, W.cream, (cx, cy, r) =>
      ellipse(cx, cy, r * 1.1, r * 0.85, { fill: p.rad([[0, '#e8502e'], [1, '#b8321a']], 0.45, 0.45) }) +
      rows(p, cx, cy, 3, 70, 0, 10, () => pathEl(blob(p, 0, 0, 34, 26, 0.15, 7), { fill: '#9a5424' })) +
      Array.from({ length: 7 }, () => { const [x, y] = inDisc(p, cx, cy, r * 0.75); return pathEl(blob(p, x, y, p.r(16, 30), p.r(12, 22), 0.3, 7), { fill: '#fbe38a' }) }).join('') +
      specks(p, cx, cy, r * 0.75, 16, 6, '#96460a99') +
      specks(p, cx, cy, r * 0.75, 8, 5, '#6fae3c'), 180, 140),
  'd02-roast-goose-rice.svg': (p) =>
    onPlate(p, { table: 'marble', hue: 25, props: ['sauce', 'chopsticks'], sauce: [28, 80, 45] }, W.blueWhite, (cx, cy, r) =>
      ricePlate(p, cx, cy, r, (x, y, rr) => platter(p, x + rr * 0.3, y - rr * 0.3, -35, () => roastGoose(p, 72, 52), 3, 2, 68, 44) + place(x - rr * 0.75, y + rr * 0.55, -40, 0.8, greens(p)))),
  'd03-char-siu-egg-rice.svg': (p) =>
    onPlate(p, { table: 'wood', hue: 32, props: ['chopsticks'] }, W.greenRim, (cx, cy, r) =>
      ricePlate(p, cx, cy, r, (x, y, rr) => place(x + rr * 0.38, y - rr * 0.25, -30, 1, rows(p, 0, 0, 5, 32, 0, 78, () => charSiu(p, 96, 38))) + place(x - rr * 0.3, y + rr * 0.3, 0, 0.95, friedEgg(p)))),
  'd04-yangzhou-fried-rice.svg': (p) =>
    onPlate(p, { table: 'terrazzo', hue: 45, props: ['spoon'] }, W.navy, (cx, cy, r) =>
      rice(p, cx, cy, r * 0.9, r * 0.86, [46, 70, 82]) +
      specks(p, cx, cy, r * 0.85, 18, 6, '#f7c948') + specks(p, cx, cy, r * 0.85, 16, 4.5, '#5aa13a') + specks(p, cx, cy, r * 0.85, 14, 4, '#e8792c') + specks(p, cx, cy, r * 0.85, 12, 4.5, '#c2443a') +
      arcPoints(cx, cy, r * 0.5, 10, 300, 4).map(([x, y, a]) => place(x, y, a, 0.8, shrimp())).join('') +
      scallions(p, cx, cy, r * 0.8, 14)),
  'd05-claypot-rice.svg': (p) =>
    flatLay(p, { table: 'walnut', hue: 28, props: ['spoon'] }, (cx, cy) =>
      rect(cx - 196, cy - 18, 392, 36, { rx: 14, fill: '#2a1810' }) +
      inBowl(p, cx, cy, 168, W.black, '#f3ead6', (x, y, r) =>
        rice(p, x, y, r * 1.05, r * 1.05, [42, 45, 92]) +
        pathEl(blob(p, x - 10, y + 10, r * 0.6, r * 0.4, 0.3, 7), { fill: '#783c0a59' }) +
        arcPoints(x, y, r * 0.55, -60, 130, 6).map(([px, py, a]) => place(px, py, a, 1.1, sausage(p))).join('') +
        arcPoints(x, y, r * 0.45, 160, 280, 3).map(([px, py]) => place(px, py, 0, 1, chickenPiece(p, [34, 60, 60]))).join('') +
        place(x - r * 0.1, y + r * 0.1, 60, 0.8, greens(p)) + scallions(p, x, y, r * 0.6, 10))),
  'd06-curry-chicken-rice.svg': (p) =>
    onPlate(p, { table: 'linen', hue: 30, props: ['spoon', 'herb'] }, W.white, (cx, cy, r) =>
      rice(p, cx - r * 0.38, cy - r * 0.1, r * 0.55, r * 0.72) +
      pathEl(blob(p, cx + r * 0.35, cy + r * 0.05, r * 0.62, r * 0.8, 0.1, 9), { fill: p.rad([[0, '#f2b23a'], [1, '#d07f16']], 0.4, 0.4) }) +
      arcPoints(cx + r * 0.35, cy, r * 0.35, -90, 90, 3).map(([x, y]) => place(x, y, 0, 1, chickenPiece(p, [36, 70, 62]))).join('') +
      place(cx + r * 0.6, cy + r * 0.45, 20, 1, cube(p, [44, 85, 72], 28)) + place(cx + r * 0.15, cy + r * 0.45, -10, 1, cube(p, [25, 90, 55], 24))),
  'd07-portuguese-chicken.svg': (p) =>
    onPlate(p, { table: 'azulejo', hue: 205, props: ['spoon'] }, W.terracotta, (cx, cy, r) =>
      ellipse(cx, cy, r * 1.1, r * 0.85, { fill: p.rad([[0, '#f7d25e'], [1, '#dc9a26']], 0.45, 0.45) }) +
      Array.from({ length: 5 }, () => { const [x, y] = inDisc(p, cx, cy, r * 0.7); return place(x, y, 0, 1, chickenPiece(p, [38, 70, 60])) }).join('') +
      Array.from({ length: 5 }, () => { const [x, y] = inDisc(p, cx, cy, r * 0.8); return place(x, y, p.r(0, 90), 1, cube(p, [46, 70, 80], 26)) }).join('') +
      pathEl(Array.from({ length: 6 }, () => circleD(...inDisc(p, cx, cy, r * 0.8), 9)).join(''), { fill: '#2a2a22', stroke: '#555', 'stroke-width': 2 }) +
      specks(p, cx, cy, r * 0.85, 26, 2, '#c2411f') + specks(p, cx, cy, r * 0.8, 10, 4, '#4f8f2f'), 180, 140),

  // ---- dim sum ----
  'e01-har-gow.svg': (p) => inSteamer(p, { table: 'wood', hue: 18, props: ['sauce', 'chopsticks'], sauce: [10, 85, 45] }, (cx, cy) => cluster4(p, cx, cy, 1.85, () => harGow(p))),
  'e02-siu-mai.svg': (p) => inSteamer(p, { table: 'slate', hue: 25, props: ['sauce'], sauce: [48, 90, 50] }, (cx, cy) => cluster4(p, cx, cy, 1.75, () => siuMai(p))),
  'e03-char-siu-bao.svg': (p) => inSteamer(p, { table: 'gingham', hue: 0, props: ['chopsticks'] }, (cx, cy) => cluster3(p, cx, cy, 1.55, () => bao(p, true))),
  'e04-cheung-fun.svg': (p) =>
    onPlate(p, { table: 'marble', hue: 40, props: ['chopsticks'] }, W.white, (cx, cy, r) =>
      pathEl(blob(p, cx, cy + 10, r * 0.95, r * 0.7, 0.1, 9), { fill: '#783c148c' }) +
      rows(p, cx, cy, 3, 0, 56, -8, () => cheungFun(p)) + specks(p, cx, cy, r * 0.7, 16, 1.8, '#f6ead0') + scallions(p, cx, cy, r * 0.6, 8), 186, 150),
  'e05-chicken-feet.svg': (p) =>
    bowlOf(p, { table: 'wood', hue: 30, props: ['chopsticks'] }, W.blueWhite, liquid(p, [20, 40, 26]), (cx, cy, r) =>
      cluster(p, cx, cy, r * 0.42, 5, 1.05, () => chickenFoot(p)) + specks(p, cx, cy, r * 0.85, 18, 4, '#1f140e') +
      pathEl(Array.from({ length: 7 }, () => circleD(...inDisc(p, cx, cy, r * 0.8), 6)).join(''), { fill: 'none', stroke: '#d42a1f', 'stroke-width': 3 }), 150),
  'e06-lo-mai-gai.svg': (p) =>
    inSteamer(p, { table: 'linen', hue: 35, props: ['chopsticks'] }, (cx, cy, r) => {
      const leaf = blob(p, cx, cy, r * 0.9, r * 0.8, 0.08, 10)
      let veins = ''
      for (let a = 0; a < 360; a += 30) veins += `M${cx} ${cy}L${pt(polar(cx, cy, r * 0.85, a))}`
      return pathEl(leaf, { fill: p.rad([[0, '#8c8a3c'], [1, '#5a5a26']]) }) + pathEl(veins, { stroke: '#a8a25a', 'stroke-width': 2.5 }) +
        rice(p, cx, cy, r * 0.5, r * 0.45, [35, 50, 72]) +
        place(cx - 20, cy - 10, 0, 1, chickenPiece(p, [30, 50, 55])) + place(cx + 30, cy + 14, 0, 0.9, chickenPiece(p, [25, 40, 30])) + place(cx + 10, cy - 30, 0, 1, sausage(p)) + place(cx - 30, cy + 30, 0, 1, ellipse(0, 0, 14, 12, { fill: '#f5b94a' }))
    }),
  'e07-spare-ribs.svg': (p) =>
    bowlOf(p, { table: 'terrazzo', hue: 15, props: ['chopsticks'] }, W.celadon, liquid(p, [30, 50, 55]), (cx, cy, r) =>
      cluster(p, cx, cy, r * 0.7, 11, 1.5, () => sparerib(p)) +
      specks(p, cx, cy, r * 0.8, 16, 4, '#1f140e') + specks(p, cx, cy, r * 0.8, 12, 3, '#f6efc0') +
      pathEl(Array.from({ length: 6 }, () => circleD(...inDisc(p, cx, cy, r * 0.8), 6)).join(''), { fill: 'none', stroke: '#d42a1f', 'stroke-width': 3 }), 150),
  'e08-custard-bun.svg': (p) => inSteamer(p, { table: 'walnut', hue: 30, props: ['herb'] }, (cx, cy) => cluster3(p, cx, cy, 1.55, () => bao(p, false))),
  'e09-turnip-cake.svg': (p) =>
    onPlate(p, { table: 'wood', hue: 25, props: ['sauce', 'chopsticks'], sauce: [5, 75, 38] }, W.white, (cx, cy) =>
      place(cx - 50, cy - 50, -8, 1.15, turnipCake(p)) + place(cx + 55, cy - 40, 10, 1.15, turnipCake(p)) + place(cx - 45, cy + 55, 6, 1.15, turnipCake(p)) + place(cx + 58, cy + 62, -12, 1.15, turnipCake(p))),
  'e10-spring-rolls.svg': (p) =>
    onPlate(p, { table: 'slate', hue: 15, props: ['sauce'], sauce: [10, 85, 50] }, W.white, (cx, cy) => rows(p, cx, cy, 4, 12, 46, -25, () => springRoll(p)) + place(cx + 80, cy - 80, 0, 1, herb(p))),

  // ---- soups and herbal teas ----
  'f01-soup-of-the-day.svg': (p) =>
    bowlOf(p, { table: 'wood', hue: 30, props: ['spoon'] }, W.blueWhite, liquid(p, [24, 70, 48]), (cx, cy, r) =>
      broth(p, cx, cy, r) +
      Array.from({ length: 4 }, () => place(...inDisc(p, cx, cy, r * 0.7), p.r(0, 90), 1.2, cube(p, [26, 90, 55]))).join('') +
      Array.from({ length: 3 }, () => place(...inDisc(p, cx, cy, r * 0.7), 0, 1, circle(0, 0, 20, { fill: '#f4c542', stroke: '#d9a22a', 'stroke-width': 6, 'stroke-dasharray': '4 3' }))).join('') +
      Array.from({ length: 3 }, () => place(...inDisc(p, cx, cy, r * 0.7), 0, 1.2, chickenPiece(p, [20, 35, 45]))).join('') +
      specks(p, cx, cy, r * 0.7, 6, 8, '#7a1d1a')),
  'f02-ginseng-chicken-soup.svg': (p) =>
    bowlOf(p, { table: 'marble', hue: 30, props: ['spoon', 'napkin'], accent: [350, 45, 70] }, W.celadon, liquid(p, [42, 62, 62]), (cx, cy, r) =>
      broth(p, cx, cy, r) +
      Array.from({ length: 4 }, () => place(...inDisc(p, cx, cy, r * 0.6), 0, 1.3, chickenPiece(p, [42, 45, 80]))).join('') +
      pathEl(Array.from({ length: 8 }, () => circleD(...inDisc(p, cx, cy, r * 0.8), p.r(8, 12))).join(''), { fill: '#f2e6c8', stroke: '#b99a62', 'stroke-width': 3 }) +
      specks(p, cx, cy, r * 0.8, 16, 4, '#d8281f') + specks(p, cx, cy, r * 0.8, 4, 10, '#6a1a14'), 160),
  'f03-herbal-tea.svg': (p) =>
    bowlOf(p, { table: 'walnut', hue: 20, props: ['herb', 'napkin'], accent: [45, 60, 80] }, W.white, p.rad([[0, '#4a2a16'], [0.5, '#2a160a'], [1, '#140a04']], 0.4, 0.4, 0.6), (cx, cy, r) =>
      ellipse(cx - r * 0.3, cy - r * 0.35, r * 0.4, r * 0.12, { fill: WHITE(0.25), transform: `rotate(-35 ${n0(cx - r * 0.3)} ${n0(cy - r * 0.35)})` }) + circle(cx, cy, r * 0.96, { fill: 'none', stroke: '#78461e80', 'stroke-width': 4 }), 140),
  'f04-five-flower-tea.svg': (p) =>
    bowlOf(p, { table: 'linen', hue: 45, props: ['herb'] }, W.blueWhite, liquid(p, [36, 75, 50]), (cx, cy, r) =>
      arcPoints(cx, cy, r * 0.45, 0, 288, 5).map(([x, y]) => {
        let petals = ''
        for (let a = 0; a < 360; a += 30) petals += `M0 0L${pt(polar(0, 0, 22, a))}`
        return place(x, y, p.r(0, 30), 1, pathEl(petals, { stroke: '#f7d55a', 'stroke-width': 7, 'stroke-linecap': 'round' }), circle(0, 0, 7, { fill: '#e0a21c' }))
      }).join('') + specks(p, cx, cy, r * 0.8, 8, 4, '#f2e3b0'), 150),
  'f05-hot-sour-soup.svg': (p) =>
    bowlOf(p, { table: 'gingham', hue: 30, props: ['spoon', 'chilli'] }, W.white, liquid(p, [16, 62, 34]), (cx, cy, r) =>
      shreds(p, cx, cy, r * 0.8, 16, 34, [45, 85, 65], 4) + shreds(p, cx, cy, r * 0.8, 10, 26, [40, 30, 94], 6) +
      Array.from({ length: 6 }, () => pathEl(blob(p, ...inDisc(p, cx, cy, r * 0.8), 14, 9, 0.4, 6), { fill: '#2a1a14' })).join('') +
      specks(p, cx, cy, r * 0.9, 20, 4, '#ff50148c') + place(cx + r * 0.3, cy - r * 0.3, 20, 1, herb(p))),

  // ---- snacks ----
  'g01-french-toast.svg': (p) => onPlate(p, { table: 'gingham', hue: 215, props: ['napkin'], accent: [45, 70, 75] }, W.white, (cx, cy) => frenchToast(p, cx, cy)),
  'g02-ham-egg-sandwich.svg': (p) => onCounter(p, 45, 25, (cx, y) => sandwich(p, cx, y)),
  'g03-curry-fish-balls.svg': (p) =>
    flatLay(p, { table: 'slate', hue: 30, props: ['chilli'] }, (cx, cy) =>
      paperBoat(p, cx, cy, 360, 250) +
      pathEl(blob(p, cx, cy, 150, 90, 0.12, 9), { fill: '#d68214bf' }) +
      [-60, 0, 60].map((dy) => place(cx, cy + dy, -12, 1, rect(-190, -4, 380, 8, { rx: 4, fill: '#e6c98e', stroke: '#b89458', 'stroke-width': 1.5 }) + [-100, -50, 0, 50, 100].map((x) => place(x, 0, 0, 1, ball(p, 22, [38, 85, 55]))).join(''))).join('')),
  'g04-chicken-wings.svg': (p) =>
    onPlate(p, { table: 'wood', hue: 25, props: ['lemon', 'sauce'], sauce: [5, 80, 45] }, W.white, (cx, cy, r) =>
      cluster(p, cx, cy, r * 0.4, 6, 1.5, () => wing(p, false))),
  'g05-beef-offal.svg': (p) =>
    bowlOf(p, { table: 'walnut', hue: 25, props: ['chopsticks'] }, W.greenRim, liquid(p, [28, 55, 38]), (cx, cy, r) =>
      Array.from({ length: 4 }, () => place(...inDisc(p, cx, cy, r * 0.7), p.r(0, 90), 1, rect(-26, -20, 52, 40, { rx: 8, fill: '#eee3c8' }), pathEl('M-20 -8H20M-20 4H20M-12 -16V16M0 -16V16M12 -16V16', { stroke: '#cbb98e', 'stroke-width': 2 }))).join('') +
      Array.from({ length: 4 }, () => place(...inDisc(p, cx, cy, r * 0.7), p.r(0, 90), 1.3, cube(p, [35, 45, 75]))).join('') +
      Array.from({ length: 4 }, () => place(...inDisc(p, cx, cy, r * 0.7), 0, 1, pathEl(blob(p, 0, 0, 24, 16, 0.3, 7), { fill: '#6e3a22' }))).join('') +
      place(cx + r * 0.45, cy - r * 0.45, 0, 1, circle(0, 0, 16, { fill: '#e8b92c' })) + scallions(p, cx, cy, r * 0.6, 8), 160),
  'g06-pineapple-bun.svg': (p) => onPlate(p, { table: 'linen', hue: 25, props: ['napkin'], accent: [200, 45, 70] }, W.redRim, (cx, cy) => pineappleBun(p, cx, cy)),
  'g07-almond-cookies.svg': (p) =>
    flatLay(p, { table: 'linen', hue: 20, props: ['herb'] }, (cx, cy) =>
      rect(cx - 150, cy - 150, 310, 310, { rx: 14, fill: INK(0.4), filter: p.blur(10) }) +
      rect(cx - 160, cy - 160, 310, 310, { rx: 14, fill: '#b3232b' }) +
      rect(cx - 150, cy - 150, 290, 290, { rx: 10, fill: 'none', stroke: '#e5b54a', 'stroke-width': 4 }) +
      rect(cx - 138, cy - 138, 266, 266, { rx: 8, fill: '#f2e6cf' }) +
      rows(p, cx - 5, cy - 93, 3, 88, 0, 0, () => almondCookie(p), 3, 0, 88)),
  'g08-egg-rolls.svg': (p) =>
    flatLay(p, { table: 'marble', hue: 30 }, (cx, cy) =>
      circle(cx + 12, cy - 6, 140, { fill: INK(0.4), filter: p.blur(10) }) +
      circle(cx, cy - 20, 140, { fill: p.rad([[0, '#d9363b'], [1, '#9a1a1f']]) }) +
      circle(cx, cy - 20, 130, { fill: 'none', stroke: '#e9c15a', 'stroke-width': 8 }) +
      circle(cx, cy - 20, 112, { fill: '#f4e8d2' }) +
      group({ 'clip-path': p.clip(circle(cx, cy - 20, 112)) }, rows(p, cx, cy - 20, 7, 0, 30, 0, () => eggRoll(p, 260))) +
      place(cx + 60, cy + 170, -18, 1, eggRoll(p, 220)) + place(cx + 40, cy + 140, -14, 1, eggRoll(p, 220))),

  // ---- drinks ----
  'h01-milk-tea.svg': (p) => onCounter(p, 155, 25, (cx, y) => hotCup(p, cx - 10, y, milkTea, { band: [150, 50, 38], float: 'foam' })),
  'h02-yuenyeung.svg': (p) => onCounter(p, 35, 22, (cx, y) => glass(p, cx, y, { layers: [[0.55, [26, 50, 45]], [1, [22, 60, 28]]], ice: 4, straw: [0, 70, 45], foam: [28, 45, 60] })),
  'h03-hot-lemon-tea.svg': (p) => onCounter(p, 55, 30, (cx, y) => hotCup(p, cx - 10, y, [25, 85, 36], { float: 'lemon', cup: [48, 60, 88], band: [0, 60, 45] }) + place(cx + 120, y - 16, 0, 0.8, group({ transform: 'scale(1 0.35)' }, citrusSlice(p, 30)))),
  'h04-iced-lemon-tea.svg': (p) => onCounter(p, 190, 28, (cx, y) => glass(p, cx, y, { layers: [[1, [27, 85, 40]]], ice: 4, garnish: [52, 92, 60], straw: [0, 0, 96] })),
  'h05-coffee.svg': (p) => onCounter(p, 205, 20, (cx, y) => hotCup(p, cx - 10, y, [24, 55, 24], { float: 'crema', cup: [200, 30, 38] })),
  'h06-orange-juice.svg': (p) => onCounter(p, 45, 32, (cx, y) => glass(p, cx, y, { layers: [[1, [33, 95, 55]]], ice: 2, garnish: [30, 95, 55], straw: [200, 70, 50] })),
  'h07-red-bean-ice.svg': (p) => onCounter(p, 350, 28, (cx, y) => glass(p, cx, y, { layers: [[0.42, [356, 45, 32]], [1, [35, 45, 86]]], ice: 3, beans: true, straw: [0, 70, 50], foam: [35, 40, 92] })),
  'h08-pearl-milk-tea.svg': (p) => onCounter(p, 30, 30, (cx, y) => glass(p, cx, y, { layers: [[1, [30, 48, 68]]], ice: 2, pearls: true, straw: [20, 20, 20] })),
  'h09-cola.svg': (p) => onCounter(p, 200, 25, (cx, y) => can(p, cx - 66, y - 14, [356, 82, 44], [0, 0, 98], 0.9) + can(p, cx + 56, y, [356, 82, 44], [0, 0, 98])),
  'h10-mineral-water.svg': (p) => onCounter(p, 200, 35, (cx, y) => bottle(p, cx, y, 'water', [205, 70, 45])),
  'h11-soy-milk.svg': (p) => onCounter(p, 100, 30, (cx, y) => bottle(p, cx - 60, y - 10, 'milk', [140, 55, 32]) + bottle(p, cx + 60, y, 'milk', [140, 55, 32])),

  // ---- desserts ----
  'j01-serradura.svg': (p) =>
    onCounter(p, 330, 30, (cx, y) =>
      glass(p, cx, y, { layers: [[0.2, [34, 50, 68]], [0.4, [45, 70, 94]], [0.6, [34, 50, 68]], [0.8, [45, 70, 94]], [1, [34, 50, 68]]], crumbs: true, level: 0.9, height: 230, width: 84 }) + place(cx + 20, y - 240, -30, 1.1, herb(p))),
  'j02-mango-sago.svg': (p) =>
    bowlOf(p, { table: 'azulejo', hue: 200, props: ['spoon'] }, W.white, liquid(p, [38, 95, 62]), (cx, cy, r) =>
      Array.from({ length: 7 }, () => place(...inDisc(p, cx, cy, r * 0.65), p.r(0, 90), 1.2, cube(p, [44, 95, 55]))).join('') +
      specks(p, cx, cy, r * 0.9, 40, 5, '#ffffffb2') + shreds(p, cx, cy, r * 0.7, 12, 12, [5, 80, 78], 4) + place(cx - r * 0.2, cy - r * 0.5, 10, 1, herb(p)), 150),
  'j03-double-skin-milk.svg': (p) =>
    bowlOf(p, { table: 'wood', hue: 30, props: ['spoon'] }, W.blueWhite, liquid(p, [45, 50, 94]), (cx, cy, r) =>
      pathEl(`M${cx - 80} ${cy - 40}q30 -14 60 0t60 0M${cx - 90} ${cy + 10}q30 -14 60 0t70 -4M${cx - 60} ${cy + 60}q30 -14 60 0t60 0`, { fill: 'none', stroke: '#efe6cc', 'stroke-width': 5, 'stroke-linecap': 'round' }) +
      specks(p, cx + 20, cy - 10, r * 0.3, 14, 6, '#6a1616'), 150),
  'j04-sesame-soup.svg': (p) =>
    bowlOf(p, { table: 'linen', hue: 35, props: ['spoon'] }, W.white, p.rad([[0, '#3a3430'], [1, '#141110']], 0.4, 0.4, 0.6), (cx, cy, r) =>
      pathEl(`M${cx} ${cy}c20 -10 30 20 10 30c-30 14 -50 -20 -30 -46c30 -30 80 -10 80 30c0 50 -60 70 -96 40`, { fill: 'none', stroke: '#f6efe2', 'stroke-width': 6, 'stroke-linecap': 'round' }) +
      specks(p, cx, cy, r * 0.7, 12, 2.2, '#e9dcc0') + ellipse(cx - r * 0.35, cy - r * 0.4, r * 0.3, r * 0.08, { fill: WHITE(0.25), transform: `rotate(-35 ${n0(cx - r * 0.35)} ${n0(cy - r * 0.4)})` }), 150),
  'j05-fruit-platter.svg': (p) =>
    onPlate(p, { table: 'terrazzo', hue: 160, props: ['herb'] }, W.white, (cx, cy) =>
      (() => {
        const m = reuse(p, () => melon(p), 1)
        const o = reuse(p, () => citrusSlice(p, 36, [30, 95, 55]), 1)
        const k = reuse(p, () => kiwi(p, 32), 1)
        return place(cx - 50, cy - 30, 200, 1.55, m()) + place(cx + 30, cy - 62, 165, 1.55, m()) + place(cx + 96, cy + 18, 0, 1.1, o()) + place(cx + 60, cy + 86, 0, 1.1, o()) +
          place(cx - 58, cy + 78, 0, 1.1, k()) + place(cx + 2, cy + 52, 0, 1.1, k()) + place(cx - 112, cy + 14, 0, 1.3, grapes(p))
      })(), 186),
  'j06-ginger-milk-curd.svg': (p) =>
    bowlOf(p, { table: 'walnut', hue: 25, props: ['spoon'] }, W.celadon, liquid(p, [42, 65, 88]), (cx, cy, r) =>
      pathEl(blob(p, cx + 20, cy + 10, r * 0.35, r * 0.25, 0.15, 7), { fill: '#c8a05059' }) + shreds(p, cx - 30, cy - 20, r * 0.3, 10, 18, [48, 80, 70], 3), 150),
  'j07-mango-pancake.svg': (p) =>
    onPlate(p, { table: 'slate', hue: 200, props: ['herb'] }, W.white, (cx, cy) =>
      [[-60, -50], [60, -40], [0, 60]].map(([x, y]) =>
        place(cx + x, cy + y, p.r(-15, 15), 1,
          rect(-48, -38, 100, 82, { rx: 30, fill: INK(0.25), filter: p.blur(4) }),
          rect(-52, -42, 100, 82, { rx: 30, fill: p.rad([[0, '#fffaf0'], [1, '#f1e6c8']], 0.4, 0.4) }),
          pathEl(blob(p, -2, 0, 30, 22, 0.15, 7), { fill: '#f6b62c', opacity: 0.45 }),
          ellipse(-20, -22, 16, 6, { fill: WHITE(0.8) }))).join('') +
      place(cx + 90, cy + 80, 20, 1, cube(p, [42, 95, 55], 26)) + place(cx - 90, cy + 70, 40, 1, cube(p, [42, 95, 55], 22))),

  // ---- set meals ----
  'k01-breakfast-set.svg': (p) =>
    flatLay(p, { table: 'gingham', hue: 0 }, () =>
      tray(p, [8, 60, 42]) +
      inBowl(p, 170, 200, 108, W.white, liquid(p, [42, 45, 80]), (x, y, r) => macaroni(p, x, y, r) + shreds(p, x, y, r * 0.6, 8, 30, [350, 65, 78], 5)) +
      cupTop(p, 356, 150, 52, milkTea) +
      plate(p, 330, 320, 86, W.white).svg + place(330, 320, 0, 0.75, friedEgg(p)) + place(175, 345, 10, 1, rect(-55, -38, 110, 76, { rx: 14, fill: p.rad([[0, '#f8df9a'], [1, '#cf9140']], 0.45, 0.45) }), rect(-16, -14, 30, 24, { rx: 4, fill: '#fff3b8' }))),
  'k02-tea-set.svg': (p) =>
    flatLay(p, { table: 'wood', hue: 30 }, () =>
      tray(p, [150, 35, 40]) + plate(p, 175, 235, 125, W.white).svg + frenchToast(p, 175, 235, 0.72) + cupTop(p, 360, 150, 52, milkTea) + place(350, 330, 0, 1.1, eggTart(p, 48))),
  'k03-dinner-set.svg': (p) =>
    flatLay(p, { table: 'linen', hue: 25 }, () =>
      tray(p, [20, 40, 30]) +
      plate(p, 180, 200, 118, W.white, 96).svg + platter(p, 180, 200, -20, () => roastGoose(p, 60, 44), 3, 2, 58, 38) +
      inBowl(p, 350, 160, 78, W.celadon, liquid(p, [24, 70, 48]), (x, y, r) => broth(p, x, y, r) + place(x, y, 0, 0.8, cube(p, [26, 90, 55]))) +
      inBowl(p, 340, 330, 70, W.redRim, '#f3ecdc', (x, y, r) => rice(p, x, y, r * 1.05, r * 1.05)) +
      inBowl(p, 160, 345, 62, W.redRim, '#f3ecdc', (x, y, r) => rice(p, x, y, r * 1.05, r * 1.05))),

  'k04-all-day-set.svg': (p) =>
    flatLay(p, { table: 'slate', hue: 20 }, () =>
      tray(p, [200, 30, 42]) +
      inBowl(p, 185, 215, 112, W.redRim, liquid(p, [38, 60, 60]), (x, y, r) => broth(p, x, y, r) + place(x - 20, y + 10, 0, 0.9, cube(p, [30, 85, 58])) + place(x + 30, y - 25, 30, 0.8, cube(p, [30, 85, 58]))) +
      cupTop(p, 360, 150, 52, milkTea) +
      place(345, 335, 0, 1.1, eggTart(p, 48))),

  'z01-plastic-bag.svg': (p) => onCounter(p, 180, 30, (cx, y) => plasticBag(p, cx, y + 20), 1.05),

  // ---- S101 classes ----
  'class-signatures.svg': (p) => onPlate(p, { table: 'wood', hue: 20 }, W.white, (cx, cy) => cluster4(p, cx, cy, 0.95, () => eggTart(p), 60)),
  'class-roast.svg': (p) => onPlate(p, { table: 'walnut', hue: 20 }, W.blueWhite, (cx, cy) => platter(p, cx - 10, cy - 50, -20, () => roastGoose(p), 3, 1, 80, 50) + place(cx + 10, cy + 50, -20, 1, rows(p, 0, 0, 6, 34, 0, 80, () => charSiu(p)))),
  'class-noodles.svg': (p) => noodleSoup(p, { table: 'slate', hue: 20 }, W.redRim, [38, 60, 60], 'egg', wontons(p, 3)),
  'class-rice.svg': (p) => onPlate(p, { table: 'wood', hue: 35 }, W.white, (cx, cy, r) => ricePlate(p, cx, cy, r, (x, y, rr) => place(x + rr * 0.38, y - rr * 0.25, -30, 1, rows(p, 0, 0, 5, 32, 0, 78, () => charSiu(p, 96, 38))))),
  'class-dim-sum.svg': (p) => inSteamer(p, { table: 'walnut', hue: 30 }, (cx, cy) => { const hg = reuse(p, () => harGow(p), 1); const sm = reuse(p, () => siuMai(p), 1); return place(cx - 62, cy - 58, -10, 1.7, hg()) + place(cx + 64, cy - 56, 0, 1.6, sm()) + place(cx - 62, cy + 62, 0, 1.6, sm()) + place(cx + 64, cy + 64, 15, 1.7, hg()) }),
  'class-soups.svg': (p) => bowlOf(p, { table: 'marble', hue: 30 }, W.blueWhite, liquid(p, [30, 70, 50]), (cx, cy, r) => broth(p, cx, cy, r) + specks(p, cx, cy, r * 0.8, 12, 4, '#d8281f') + Array.from({ length: 4 }, () => place(...inDisc(p, cx, cy, r * 0.6), 0, 1.3, chickenPiece(p, [40, 45, 78]))).join('')),
  'class-snacks.svg': (p) => onPlate(p, { table: 'gingham', hue: 30 }, W.white, (cx, cy) => pineappleBun(p, cx, cy, 110)),
  'class-drinks.svg': (p) => onCounter(p, 150, 28, (cx, y) => hotCup(p, cx - 80, y, milkTea, { band: [150, 50, 38] }) + glass(p, cx + 110, y + 8, { layers: [[1, [27, 85, 40]]], ice: 3, garnish: [52, 92, 60], height: 250, width: 64 })),
  'class-desserts.svg': (p) => bowlOf(p, { table: 'terrazzo', hue: 200 }, W.white, liquid(p, [38, 95, 62]), (cx, cy, r) => Array.from({ length: 6 }, () => place(...inDisc(p, cx, cy, r * 0.6), p.r(0, 90), 1.2, cube(p, [44, 95, 55]))).join('') + specks(p, cx, cy, r * 0.9, 30, 5, '#ffffffb2')),
  'class-sets.svg': (p) => flatLay(p, { table: 'linen', hue: 30 }, () => tray(p, [8, 55, 45]) + plate(p, 180, 240, 120, W.white).svg + place(180, 240, 0, 1.1, friedEgg(p)) + cupTop(p, 350, 170, 56, milkTea) + place(340, 340, 0, 1, eggTart(p, 46))),
  'class-others.svg': (p) => onCounter(p, 40, 28, (cx, y) => paperBag(p, cx, y), 1.15),

  // ---- S102: the night market ----
  's102-n01-grilled-squid.svg': (p) =>
    onPlate(p, { table: 'slate', hue: 220, props: ['chilli'] }, W.black, (cx, cy) =>
      [-50, 50].map((dy) => place(cx, cy + dy, -20, 1, rect(-200, -4, 400, 8, { rx: 4, fill: '#e6c98e' }) + [-90, -20, 50, 120].map((x) => place(x, 0, p.r(-20, 20), 1.1, squidPiece(p))).join(''))).join('') + specks(p, cx, cy, 150, 30, 2, '#f6ead0') + specks(p, cx, cy, 150, 14, 2.5, '#d42a1f')),
  's102-n02-curry-fish-balls.svg': (p) =>
    flatLay(p, { table: 'walnut', hue: 220 }, (cx, cy) =>
      paperBoat(p, cx, cy, 330, 240) + pathEl(blob(p, cx, cy, 140, 85, 0.12, 9), { fill: '#d67814cc' }) +
      [-40, 40].map((dy) => place(cx, cy + dy, 15, 1, rect(-190, -4, 380, 8, { rx: 4, fill: '#e6c98e' }) + [-90, -30, 30, 90].map((x) => place(x, 0, 0, 1, ball(p, 24, [36, 88, 52]))).join(''))).join('')),
  's102-n03-beef-offal.svg': (p) =>
    flatLay(p, { table: 'terrazzo', hue: 10 }, (cx, cy) =>
      inBowl(p, cx, cy, 165, { body: [35, 45, 70], rim: [0, 65, 45] }, liquid(p, [25, 60, 36]), (x, y, r) =>
        Array.from({ length: 5 }, () => place(...inDisc(p, x, y, r * 0.7), p.r(0, 90), 1, rect(-26, -20, 52, 40, { rx: 8, fill: '#eee3c8' }), pathEl('M-20 -8H20M-20 4H20M-12 -16V16M0 -16V16M12 -16V16', { stroke: '#cbb98e', 'stroke-width': 2 }))).join('') +
        Array.from({ length: 5 }, () => place(...inDisc(p, x, y, r * 0.7), p.r(0, 90), 1.3, cube(p, [35, 45, 75]))).join('') +
        place(x + r * 0.4, y + r * 0.4, 0, 1, circle(0, 0, 16, { fill: '#e8b92c' })) + place(x - r * 0.3, y - r * 0.5, 30, 1, rect(-80, -4, 160, 8, { rx: 4, fill: '#e6c98e' })))),
  's102-n04-grilled-wings.svg': (p) =>
    onPlate(p, { table: 'wood', hue: 15, props: ['lemon'] }, W.black, (cx, cy, r) => arcPoints(cx, cy, r * 0.45, -90, 150, 3).map(([x, y, a]) => place(x, y, a + 90, 1.3, wing(p, true))).join('') + specks(p, cx, cy, r, 20, 2, '#f6ead0')),
  's102-n05-stinky-tofu.svg': (p) =>
    flatLay(p, { table: 'slate', hue: 40, props: ['chilli'] }, (cx, cy) =>
      paperBoat(p, cx, cy, 320, 300) +
      [[-60, -60], [40, -70], [-70, 30], [30, 20], [-10, 100], [90, 80]].map(([x, y]) => place(cx + x, cy + y, p.r(-20, 20), 1.2, friedTofu(p))).join('') +
      shreds(p, cx + 20, cy - 10, 110, 20, 30, [70, 45, 80], 4) + specks(p, cx, cy, 120, 14, 5, '#d42a1f')),
  's102-n06-egg-waffle.svg': (p) =>
    flatLay(p, { table: 'azulejo', hue: 220 }, (cx, cy) => {
      let bubbles = ''
      for (let i = -3; i <= 3; i++) for (let j = -2; j <= 2; j++) bubbles += circleD(cx + i * 40 + (j % 2) * 8, cy + j * 40, 18)
      return parchment(p, cx, cy, 360, 8) +
        rect(cx - 160, cy - 110, 320, 220, { rx: 40, fill: INK(0.35), filter: p.blur(8), transform: `rotate(-6 ${cx} ${cy})` }) +
        group({ transform: `rotate(-8 ${cx} ${cy})` }, rect(cx - 160, cy - 112, 320, 220, { rx: 40, fill: '#d99a3e' }), pathEl(bubbles, { fill: p.rad([[0, '#fde3a0'], [0.7, '#f0b554'], [1, '#c97f26']], 0.4, 0.4) }))
    }),
  's102-n07-takoyaki.svg': (p) =>
    flatLay(p, { table: 'wood', hue: 25 }, (cx, cy) =>
      paperBoat(p, cx, cy, 340, 250) + [[-90, -50], [0, -50], [90, -50], [-90, 50], [0, 50], [90, 50]].map(([x, y]) => place(cx + x, cy + y, 0, 1.35, takoyaki(p))).join('') +
      shreds(p, cx, cy, 120, 16, 16, [350, 55, 80], 3) + place(cx + 150, cy - 130, 30, 1, rect(-4, -60, 8, 120, { rx: 4, fill: '#e6c98e' }))),
  's102-m01-wonton-noodles.svg': (p) => noodleSoup(p, { table: 'walnut', hue: 220, props: ['spoon', 'chopsticks'] }, W.navy, [40, 58, 66], 'thin', wontons(p, 3)),
  's102-m02-spam-egg-noodles.svg': (p) => noodleSoup(p, { table: 'gingham', hue: 30, props: ['chopsticks'] }, W.white, [40, 55, 66], 'instant', spamEgg(p)),
  's102-m03-pork-chop-bun.svg': (p) => onCounter(p, 220, 20, (cx, y) => porkChopBun(p, cx, y)),
  's102-m04-night-set.svg': (p) =>
    flatLay(p, { table: 'slate', hue: 220 }, () =>
      tray(p, [200, 45, 40]) +
      inBowl(p, 175, 190, 110, W.white, liquid(p, [40, 55, 66]), (x, y, r) => noodles(p, x, y, r, 'instant', 14) + place(x + 20, y, 0, 0.7, friedEgg(p))) +
      cupTop(p, 355, 160, 50, [30, 48, 68]) +
      paperBoat(p, 300, 330, 220, 110) + place(300, 330, -8, 0.7, rect(-150, -4, 300, 8, { rx: 4, fill: '#e6c98e' }) + [-75, -25, 25, 75].map((x) => place(x, 0, 0, 1, ball(p, 22, [36, 88, 52]))).join(''))),
  's102-d01-bubble-tea.svg': (p) => onCounter(p, 280, 25, (cx, y) => glass(p, cx, y, { layers: [[0.3, [22, 65, 26]], [0.45, [26, 55, 45]], [1, [35, 45, 84]]], pearls: true, straw: [330, 60, 60], foam: [35, 40, 90] })),
  's102-d02-beer.svg': (p) => onCounter(p, 140, 25, (cx, y) => can(p, cx - 66, y - 14, [145, 60, 28], [45, 80, 60], 0.9) + can(p, cx + 56, y, [145, 60, 28], [45, 80, 60])),
  's102-d03-sugarcane-juice.svg': (p) => onCounter(p, 100, 30, (cx, y) => glass(p, cx, y, { layers: [[1, [70, 55, 70]]], ice: 3, straw: [120, 50, 40], foam: [60, 50, 86] })),
  's102-d04-water.svg': (p) => onCounter(p, 210, 25, (cx, y) => bottle(p, cx, y, 'water', [190, 70, 40])),
  's102-p01-pork-jerky.svg': (p) =>
    flatLay(p, { table: 'wood', hue: 20 }, (cx, cy) =>
      parchment(p, cx, cy, 380, -6) + place(cx - 60, cy - 50, -10, 1, jerky(p)) + place(cx + 60, cy - 40, 12, 1, jerky(p)) + place(cx - 10, cy + 60, 4, 1.1, jerky(p))),
  's102-class-snacks.svg': (p) =>
    flatLay(p, { table: 'slate', hue: 220 }, (cx, cy) =>
      paperBoat(p, cx, cy, 330, 250) +
      (() => { const sq = reuse(p, () => squidPiece(p), 2); return [-45, 45].map((dy) => place(cx, cy + dy, 10, 1, rect(-190, -4, 380, 8, { rx: 4, fill: '#e6c98e' }) + [-100, -30, 40, 110].map((x) => place(x, 0, p.r(-20, 20), 1.1, sq())).join(''))).join('') })() +
      specks(p, cx, cy, 140, 24, 2, '#f6ead0')),
  's102-class-mains.svg': (p) => noodleSoup(p, { table: 'walnut', hue: 220 }, W.navy, [40, 55, 64], 'instant', spamEgg(p)),
  's102-class-drinks.svg': (p) => onCounter(p, 280, 22, (cx, y) => glass(p, cx - 70, y, { layers: [[1, [28, 40, 72]]], ice: 2, pearls: true, straw: [330, 60, 60], width: 66, height: 260 }) + can(p, cx + 90, y, [145, 60, 28], [45, 80, 60], 0.9)),
  's102-class-souvenirs.svg': (p) => flatLay(p, { table: 'linen', hue: 20 }, (cx, cy) => parchment(p, cx, cy, 340, 4) + place(cx - 40, cy - 20, -8, 1, jerky(p)) + place(cx + 50, cy + 40, 10, 1, jerky(p)))
}

// ---------- main ----------

function main(): void {
  fs.mkdirSync(OUT_DIR, { recursive: true })
  const wanted = new Set(Object.keys(PICTURES))
  for (const old of fs.readdirSync(OUT_DIR)) if (old.endsWith('.svg') && !wanted.has(old)) fs.rmSync(path.join(OUT_DIR, old))
  let total = 0
  const tooBig: string[] = []
  for (const [file, draw] of Object.entries(PICTURES)) {
    const p = new Pic(file)
    draw(p)
    const svg = p.toString()
    const bytes = Buffer.byteLength(svg)
    total += bytes
    if (bytes >= MAX_BYTES) tooBig.push(`${file} (${bytes} B)`)
    fs.writeFileSync(path.join(OUT_DIR, file), svg)
  }
  const count = wanted.size
  console.log(`${count} pictures in ${path.relative(process.cwd(), OUT_DIR)}, ${Math.round(total / 1024)} KB, ${Math.round(total / count)} B on average`)
  if (tooBig.length) {
    console.error(`Over ${MAX_BYTES} B: ${tooBig.join(', ')}`)
    process.exitCode = 1
  }
}

main()
