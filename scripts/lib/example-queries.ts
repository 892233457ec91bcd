/**
 * The DuckDB queries of docs/query-in-place.md, read from the page itself: each ```sql block that
 * starts with `-- query: <name>`. The tests run them against a local snapshot, the nightly over HTTP
 * (scripts/query-snapshot.ts), so the page's examples are the ones that are checked.
 */
export type ExampleQuery = { name: string; sql: string };

export function exampleQueries(markdown: string): ExampleQuery[] {
  const queries: ExampleQuery[] = [];
  for (const block of markdown.matchAll(/```sql\n([\s\S]*?)```/g)) {
    const name = /^-- query: ([a-z-]+)\n/.exec(block[1]!)?.[1];
    if (name) queries.push({ name, sql: block[1]!.trim().replace(/;$/, '') });
  }
  return queries;
}
