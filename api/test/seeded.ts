/**
 * A small seeded generator (mulberry32) for the randomised tests, so a failing sequence can be run
 * again: each test reads its seed from an environment variable and prints it in its name.
 */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}

/** The seed of a run: `variable` when set (to repeat a failure), else a new one. */
export const seedOf = (variable: string) => Number(process.env[variable] ?? Date.now() % 1_000_000);
