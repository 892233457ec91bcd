/** A promise that fails with `late()` when `pending` has not settled within `ms`; the timer never outlives it. */
export function withTimeout<T>(pending: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([pending, expired]).finally(() => clearTimeout(timer));
}
