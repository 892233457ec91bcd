/**
 * A byte-bounded least-recently-used map in the isolate's memory. An isolate serves many requests
 * and lives for minutes to hours; what it keeps here costs no bucket read and no cache lookup the
 * next time. The bound keeps it well inside the isolate's 128 MB.
 */
export class MemoryLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** larger values are not kept: one of them would push out hundreds of small ones */
    private readonly maxEntryBytes = maxBytes / 16,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    if (bytes > this.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
