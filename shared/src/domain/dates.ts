import { PROGRAMME_TIMEZONE } from './constants';

/** One formatter per zone: building an Intl.DateTimeFormat is slow, and every dated request asks for today. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today as yyyy-mm-dd in the programme's timezone, whatever the machine's own zone is. */
export function todayIn(timeZone: string = PROGRAMME_TIMEZONE, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  // en-CA formats as yyyy-mm-dd.
  if (!format)
    dayFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return format.format(now);
}

/** Whole years between a yyyy-mm-dd birth date and a yyyy-mm-dd day. */
export function ageFromDob(dob: string, on: string = todayIn()): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = on.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}

/** The yyyy-mm-dd day `n` days after `day` (before it when `n` is negative), by the calendar, not the clock. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Every day from start to end inclusive, as yyyy-mm-dd (no-app DOT creation expands a range). */
export function expandDateRange(start: string, end: string): string[] {
  const days: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  while (d <= last) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}
