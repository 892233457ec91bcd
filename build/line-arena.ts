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
 */
const SLAB_BYTES = 32 << 20;
const LENGTH_SPAN = 2 ** 16;

export type LineRef = number;

export class LineArena {
  private readonly slabs = new Map<number, { bytes: Buffer; refs: number }>();
  private current = -1;
  private used = SLAB_BYTES;

  /** Stores a line; it lives while someone holds it: `hold` it before the next `add`. */
  add(line: string): LineRef {
    const length = Buffer.byteLength(line);
    if (length >= LENGTH_SPAN) throw new Error(`a serialized line of ${length} bytes is longer than the arena allows (${LENGTH_SPAN - 1})`);
    if (this.used + length > SLAB_BYTES) {
      this.drop(this.current);
      this.current++;
      this.slabs.set(this.current, { bytes: Buffer.allocUnsafe(SLAB_BYTES), refs: 0 });
      this.used = 0;
    }
    const slab = this.slabs.get(this.current)!;
    slab.bytes.write(line, this.used, 'utf8');
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

function slabOf(ref: LineRef): number {
  return Math.floor(Math.floor(ref / LENGTH_SPAN) / SLAB_BYTES);
}
