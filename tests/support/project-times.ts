/**
 * A reporter that ends the run with its time, per project (unit and system together, then the
 * others one after the other: vitest.config.ts), and the files that took longest: the figures docs/testing.md records come
 * from this line, never from a timed test.
 */
import type { Reporter, TestModule } from 'vitest/node';

type Window = { first: number; last: number; files: number };

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

export default class ProjectTimes implements Reporter {
  private runStart = 0;
  private readonly windows = new Map<string, Window>();
  private readonly started = new Map<string, number>();
  private readonly files: { name: string; ms: number }[] = [];

  onTestRunStart(): void {
    this.runStart = performance.now();
  }

  onTestModuleQueued(module: TestModule): void {
    const now = performance.now();
    this.started.set(module.moduleId, now);
    const name = module.project.name;
    const window = this.windows.get(name) ?? { first: now, last: now, files: 0 };
    window.files++;
    this.windows.set(name, window);
  }

  onTestModuleEnd(module: TestModule): void {
    const now = performance.now();
    this.windows.get(module.project.name)!.last = now;
    this.files.push({ name: module.relativeModuleId, ms: now - (this.started.get(module.moduleId) ?? now) });
  }

  onTestRunEnd(): void {
    if (!this.windows.size) return;
    const end = performance.now();
    const firstFile = Math.min(...[...this.windows.values()].map((w) => w.first));
    const projects = [...this.windows]
      .sort(([, a], [, b]) => a.first - b.first)
      .map(([name, w]) => `${name} ${seconds(w.last - w.first)} (${w.files} files)`);
    const slowest = this.files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((f) => `${f.name} ${seconds(f.ms)}`);
    console.log(
      `\ntime by project: setup ${seconds(firstFile - this.runStart)} · ${projects.join(' · ')} · whole run ${seconds(end - this.runStart)}`,
    );
    console.log(`slowest files: ${slowest.join(' · ')}`);
  }
}
