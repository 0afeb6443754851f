/**
 * Publication dates as pages write them (ISO strings, "March 5, 2020", "5 Mar 2020 10:00", RFC 2822, Unix seconds)
 * turned into ISO 8601. Parsed by hand rather than with Date.parse: Date.parse reads a date without a zone in the
 * machine's time zone, so the same page would give different answers on different machines. A date without a zone
 * stays without one (ISO 8601 local time); one with a zone keeps its offset.
 */

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
  dec: 12, december: 12,
};

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?$/i;
const SLASHED = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
/** "March 5, 2020", "Mar. 5 2020", "Tuesday, March 5th, 2020 10:30 AM EST" (the weekday is dropped first). */
const MONTH_DAY_YEAR = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(.*)$/i;
/** "5 March 2020", "05 Mar 2020 14:00:00 +0000" (RFC 2822 after its weekday). */
const DAY_MONTH_YEAR = /^(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]+)\.?,?\s+(\d{4})(.*)$/i;
const TIME = /^\s*(?:at\s+|,\s*|-\s*)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?\s*$/i;
const WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
const UNIX = /^\d{10}(\d{3})?$/;

/** The date in ISO 8601 (date, or date and time), or null when it cannot be read as a real date. */
export function normaliseDate(raw: string): string | null {
  const s = raw.trim().replace(/\s+/g, ' ').replace(WEEKDAY, '');
  if (!s) return null;
  let m = ISO.exec(s);
  if (m) return isoOf(+m[1], +m[2], +m[3], m[4] === undefined ? null : [+m[4], +m[5], m[6] === undefined ? null : +m[6]],
    m[7] ?? '', m[8] ?? null);
  m = SLASHED.exec(s) ?? COMPACT.exec(s);
  if (m) return isoOf(+m[1], +m[2], +m[3], null, '', null);
  if (UNIX.test(s)) {
    const ms = s.length === 10 ? Number(s) * 1000 : Number(s);
    const d = new Date(ms);
    return d.getUTCFullYear() >= 1990 && d.getUTCFullYear() <= 2100 ? d.toISOString().replace('.000Z', 'Z') : null;
  }
  m = MONTH_DAY_YEAR.exec(s);
  if (m) return withTime(+m[3], MONTHS[m[1].toLowerCase()], +m[2], m[4]);
  m = DAY_MONTH_YEAR.exec(s);
  if (m) return withTime(+m[3], MONTHS[m[2].toLowerCase()], +m[1], m[4]);
  return null;
}

function withTime(year: number, month: number | undefined, day: number, rest: string): string | null {
  if (month === undefined) return null;
  if (!rest.trim()) return isoOf(year, month, day, null, '', null);
  const t = TIME.exec(rest);
  if (!t) return isoOf(year, month, day, null, '', null);
  let hour = +t[1];
  const half = t[4]?.toLowerCase().replace(/\./g, '');
  if (half && (hour < 1 || hour > 12)) return null;
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  return isoOf(year, month, day, [hour, +t[2], t[3] === undefined ? null : +t[3]], '', t[5] ?? null);
}

function isoOf(year: number, month: number, day: number, time: [number, number, number | null] | null,
  fraction: string, zone: string | null): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (!time) return date;
  const [h, min, sec] = time;
  if (h > 23 || min > 59 || (sec !== null && sec > 59)) return null;
  return `${date}T${pad(h)}:${pad(min)}${sec === null ? '' : `:${pad(sec)}${fraction}`}${zoneOf(zone)}`;
}

function zoneOf(zone: string | null): string {
  if (!zone) return '';
  if (/^(z|utc|gmt)$/i.test(zone)) return 'Z';
  const digits = zone.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.slice(3)}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
