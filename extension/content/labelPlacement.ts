/**
 * Where highlight mode puts each box's label ("template 0.83"), so that it never hides what the person came to read.
 * The rule, enforced here and checked in real Chromium (test/e2e/highlightView.test.ts): a label is drawn only where
 * it covers no text of the page, no form control and no other label, inside the page; it sits at the first free
 * place among a few around its box — above the box's top edge first, as a tab, then the box's inside corners, then
 * below it. A label that has no free place is not drawn: the box keeps its outline and tint. Pictures are avoided
 * too when a place without them exists. Pure: geometry only, in one coordinate system (the page's).
 */
import { contains, overlaps, type Rect } from '../../src/util/rects.ts';

export interface LabelRequest {
  /** The box the label names. */
  box: Rect;
  width: number;
  height: number;
  /** The area this label must stay inside, when not the page's (a box that stays with the viewport). */
  bounds?: Rect;
}

/** What a label must not cover. */
export interface Obstacles {
  /** Text and form controls: never covered. */
  hard: readonly Rect[];
  /** Pictures and other media: covered only when there is no other place. */
  soft: readonly Rect[];
  /** The area labels must stay inside (the page's scrollable area). */
  bounds: Rect;
}

/**
 * The places tried for a label of size w × h on box b, best first: outside above the top edge (left, then right end),
 * inside the top corners (right, then left: headings and first links start on the left), inside the bottom corners,
 * outside below the bottom edge.
 */
export function candidatePlaces(b: Rect, w: number, h: number): Rect[] {
  const left = b.x;
  const right = b.x + b.w - w;
  const places = [
    { x: left, y: b.y - h }, { x: right, y: b.y - h },
  ];
  // Inside only when the label fits in the box: a label wider or taller than its box would spill over its edges.
  if (w <= b.w && h <= b.h) {
    places.push({ x: right, y: b.y }, { x: left, y: b.y },
      { x: right, y: b.y + b.h - h }, { x: left, y: b.y + b.h - h });
  }
  places.push({ x: left, y: b.y + b.h }, { x: right, y: b.y + b.h });
  return places.map((p) => ({ x: p.x, y: p.y, w, h }));
}

/**
 * A place for each label, in the order asked (the caller puts the labels that matter most first), or null where no
 * place is free. Each placed label becomes an obstacle for the ones after it. `candidates`: each request's
 * candidatePlaces, when the caller has them already (highlight worked them out to know which text to read).
 */
export function placeLabels(requests: readonly LabelRequest[], obstacles: Obstacles,
  candidates = requests.map(({ box, width, height }) => candidatePlaces(box, width, height))): Array<Rect | null> {
  // Only obstacles in a band some label could take are indexed: a page's thousands of text rectangles lie mostly
  // where no label goes, and indexing each costs more than the few places tried.
  const wanted = BandSet.covering(candidates.flat());
  const hard = new RectIndex(obstacles.hard, wanted);
  const soft = new RectIndex(obstacles.soft, wanted);
  return requests.map(({ bounds = obstacles.bounds }, k) => {
    const places = candidates[k].filter((r) => contains(bounds, r) && !hard.hits(r));
    const place = places.find((r) => !soft.hits(r)) ?? places[0] ?? null;
    if (place) hard.add(place);
    return place;
  });
}

/** Height of the horizontal bands rectangles are bucketed by. */
const BAND = 64;

function bandOf(y: number): number {
  return Math.floor(y / BAND);
}

/** Some of the bands, as flags from the lowest to the highest one covered (null: every band). */
export class BandSet {
  private constructor(private readonly first: number, private readonly flags: Uint8Array | null) {}

  /** The bands the rectangles reach into. */
  static covering(rects: readonly Rect[]): BandSet {
    if (rects.length === 0) return new BandSet(0, new Uint8Array(0));
    let first = Infinity;
    let last = -Infinity;
    for (let k = 0; k < rects.length; k++) {
      first = Math.min(first, bandOf(rects[k].y));
      last = Math.max(last, bandOf(rects[k].y + rects[k].h));
    }
    // A bounded span, else every band: places lie on the page's boxes, but a box may say anything (NaN, 10⁹ px).
    if (!(last - first < 1e6)) return new BandSet(0, null);
    const flags = new Uint8Array(last - first + 1);
    for (let k = 0; k < rects.length; k++) {
      for (let band = bandOf(rects[k].y); band <= bandOf(rects[k].y + rects[k].h); band++) flags[band - first] = 1;
    }
    return new BandSet(first, flags);
  }

  /** Whether a rectangle from `top` to `bottom` reaches into one of the bands. */
  reaches(top: number, bottom: number): boolean {
    const flags = this.flags;
    if (!flags) return true;
    const from = Math.max(bandOf(top), this.first);
    const to = Math.min(bandOf(bottom), this.first + flags.length - 1);
    for (let band = from; band <= to; band++) if (flags[band - this.first] === 1) return true;
    return false;
  }
}

/** Rectangles bucketed by horizontal bands, so that a page's thousands of text rectangles are checked in a few. */
export class RectIndex {
  private readonly bands = new Map<number, Rect[]>();

  // Indexed loops, not for…of and some(): this runs on a page's first draw, in code still interpreted, where the
  // iterator protocol and a closure per band cost more than the comparisons.
  /** `only`: the rectangles reaching into none of these bands are left out (nothing asked about lies there). */
  constructor(rects: readonly Rect[] = [], only?: BandSet) {
    for (let k = 0; k < rects.length; k++) {
      const r = rects[k];
      if (!only || only.reaches(r.y, r.y + r.h)) this.add(r);
    }
  }

  add(r: Rect): void {
    if (!(r.w > 0 && r.h > 0)) return;
    for (let band = bandOf(r.y); band <= bandOf(r.y + r.h); band++) {
      let list = this.bands.get(band);
      if (!list) this.bands.set(band, (list = []));
      list.push(r);
    }
  }

  /** Whether any rectangle of the index overlaps `r` (by more than the slack of `overlaps`). */
  hits(r: Rect): boolean {
    for (let band = bandOf(r.y); band <= bandOf(r.y + r.h); band++) {
      const list = this.bands.get(band);
      if (!list) continue;
      for (let k = 0; k < list.length; k++) if (overlaps(list[k], r)) return true;
    }
    return false;
  }
}
