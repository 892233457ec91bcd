/**
 * Serialized lines (price rows, history items) kept as UTF-8 bytes in large slabs outside the
 * JavaScript heap until every partition holding them is written. A sparse collection's
 * partition spans a year, so the build holds about a year of rows at once: as V8 strings (the
 * Turkish names make them two bytes a character) that was ~1.6 KB a row and grew past the
 * heap's limit at national scale; here it is the ~0.8 KB of the row's bytes, and a slab is
 * freed as soon as no open partition refers to it.
 *
 * A line is referred to by one number: its start in the arena's address space × 2^16 + its
 * length (a line is shorter than 64 KiB; a slab never splits a line).
 *
 * A few lines held for long (a collection of a few hundred rows over five years keeps them all
 * in one partition) would each pin a whole slab, and at national scale nearly every slab would
 * stay alive. So when more than MAX_LIVE_SLABS are alive, the holders move their lines out of all
 * but the newest KEEP_SLABS slabs into the current one (`compaction`), and the old slabs go.
 */
const SLAB_BYTES = 32 << 20;
const LENGTH_SPAN = 2 ** 16;
const MAX_LIVE_SLABS = 64;
const KEEP_SLABS = 16;

/** One compaction: lines moved once however many holders share them; `done` when every holder has passed. */
export type Compaction = { move(ref: LineRef): LineRef; done(): void };

export type LineRef = number;

export class LineArena {
  private readonly slabs = new Map<number, { bytes: Buffer; refs: number }>();
  private current = -1;
  private used = SLAB_BYTES;
  /** live slabs above which holders compact (raised after a compaction that could not free enough, so it never runs row after row) */
  private limit: number;
  /** how many compactions ran (writeHistory returns it; its test checks that compaction happened) */
  compactions = 0;

  constructor(private readonly options = { maxLiveSlabs: MAX_LIVE_SLABS, keepSlabs: KEEP_SLABS }) {
    this.limit = options.maxLiveSlabs;
  }

  /** Stores a line; it lives while someone holds it: `hold` it before the next `add`. */
  add(line: string): LineRef {
    const length = checked(Buffer.byteLength(line));
    this.room(length).bytes.write(line, this.used, 'utf8');
    return this.placed(length);
  }

  /** Stores a line given as its UTF-8 bytes (a previous build's partition line); `hold` it as after `add`. */
  addBytes(line: Uint8Array): LineRef {
    this.room(checked(line.length)).bytes.set(line, this.used);
    return this.placed(line.length);
  }

  /** True when the holders should run a `compaction()` over their lines. */
  get crowded(): boolean {
    return this.slabs.size > this.limit;
  }

  /**
   * Every holder passes each of its lines through `move` (keeping what it returns); when all
   * have, the old slabs are free. A moved line is held by the same holders as before.
   */
  compaction(): Compaction {
    this.compactions++;
    const cutoff = this.current - this.options.keepSlabs;
    const moved = new Map<LineRef, LineRef>();
    return {
      move: (ref) => {
        if (slabOf(ref) >= cutoff) return ref;
        let to = moved.get(ref);
        if (to === undefined) {
          const length = ref % LENGTH_SPAN;
          const from = this.slabs.get(slabOf(ref))!;
          const offset = Math.floor(ref / LENGTH_SPAN) - slabOf(ref) * SLAB_BYTES;
          const slab = this.room(length);
          from.bytes.copy(slab.bytes, this.used, offset, offset + length);
          moved.set(ref, (to = this.placed(length)));
        }
        this.hold(to);
        this.release(ref);
        return to;
      },
      done: () => {
        this.limit = Math.max(this.options.maxLiveSlabs, this.slabs.size + this.options.keepSlabs);
      },
    };
  }

  /** The current slab, or a new one when `length` bytes do not fit. */
  private room(length: number): { bytes: Buffer; refs: number } {
    if (this.used + length > SLAB_BYTES) {
      this.drop(this.current);
      this.current++;
      this.slabs.set(this.current, { bytes: Buffer.allocUnsafe(SLAB_BYTES), refs: 0 });
      this.used = 0;
    }
    return this.slabs.get(this.current)!;
  }

  private placed(length: number): LineRef {
    const ref = (this.current * SLAB_BYTES + this.used) * LENGTH_SPAN + length;
    this.used += length;
    return ref;
  }

  /** A partition (or a collection waiting to be written) now holds the line. */
  hold(ref: LineRef): void {
    this.slabs.get(slabOf(ref))!.refs++;
  }

  /** The line is no longer held by the one who held it (see `hold`). */
  release(ref: LineRef): void {
    const n = slabOf(ref);
    const slab = this.slabs.get(n)!;
    if (--slab.refs === 0 && n !== this.current) this.slabs.delete(n);
  }

  /** Lines joined by newlines, each ending one; their holds are released. */
  join(refs: readonly LineRef[]): Buffer {
    let size = 0;
    for (const ref of refs) size += (ref % LENGTH_SPAN) + 1;
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    for (const ref of refs) {
      const length = ref % LENGTH_SPAN;
      const start = Math.floor(ref / LENGTH_SPAN);
      const n = slabOf(ref);
      const slab = this.slabs.get(n)!;
      const offset = start - n * SLAB_BYTES;
      slab.bytes.copy(out, at, offset, offset + length);
      out[at + length] = 0x0a;
      at += length + 1;
      this.release(ref);
    }
    return out;
  }

  /** Bytes of the slabs still alive (for the build log). */
  get liveBytes(): number {
    return this.slabs.size * SLAB_BYTES;
  }

  private drop(n: number): void {
    const slab = this.slabs.get(n);
    if (slab && slab.refs === 0) this.slabs.delete(n);
  }
}

function checked(length: number): number {
  if (length >= LENGTH_SPAN)
    throw new Error(`a serialized line of ${length} bytes is longer than the arena allows (${LENGTH_SPAN - 1})`);
  return length;
}

function slabOf(ref: LineRef): number {
  return Math.floor(Math.floor(ref / LENGTH_SPAN) / SLAB_BYTES);
}
