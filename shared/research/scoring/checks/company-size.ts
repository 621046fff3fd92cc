import { ok, type StepOutcome } from './outcome.js';

/** Headcount bands (the usual 1-10 … 10001+ scale). */
const BANDS: [number, string][] = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1000'],
  [5000, '1001-5000'],
  [10000, '5001-10000'],
  [Infinity, '10001+'],
];
export const bandOf = (n: number) => BANDS.find(([max]) => n <= max)![1];

const NUM = String.raw`(?<![\d.,])(\d{1,3}(?:[ ,.\u00a0]\d{3})+|\d{1,6})`;
const WHO = String.raw`(?:full[- ]time\s+)?(?:employees|people|staff|specialists|engineers|professionals|experts|сотрудник\w*|работник\w*|специалист\w*|человек)`;
/** Most specific first: a range, a lower bound, "team of N", then "N employees". */
const PATTERNS: [RegExp, (m: RegExpExecArray) => [number, number | null]][] = [
  [new RegExp(String.raw`${NUM}\s*(?:-|–|—|to|до)\s*${NUM}\s+${WHO}`, 'iu'), (m) => [n(m[1]), n(m[2])]],
  [new RegExp(String.raw`(?:over|more than|above|more then|более|свыше|больше)\s+${NUM}\s+${WHO}`, 'iu'), (m) => [n(m[1]) + 1, null]],
  [new RegExp(String.raw`${NUM}\s*\+\s*${WHO}`, 'iu'), (m) => [n(m[1]), null]],
  [new RegExp(String.raw`(?:team|staff|команда|коллектив)\s+(?:of|из)\s+${NUM}`, 'iu'), (m) => [n(m[1]), n(m[1])]],
  [new RegExp(String.raw`${NUM}\s+${WHO}`, 'iu'), (m) => [n(m[1]), n(m[1])]],
];
function n(s: string) {
  return Number(s.replace(/[ ,.\u00a0]/g, ''));
}

/**
 * COMPANY_SIZE: the headcount a site states about itself ("50 employees", "team of 12", "10-50
 * people", "over 200 staff", "более 100 сотрудников"), from the crawled text. Result fields:
 * `found`, `employeesMin`, `employeesMax` (null for an open "over N"), `employees` (the stated number,
 * a range's midpoint, or the lower bound), `band` (1-10 … 10001+) and `evidence` (the phrase read).
 * Writes only stepResults, never the card's `size`.
 */
export function companySize(content: string): StepOutcome {
  for (const [re, read] of PATTERNS) {
    const m = re.exec(content);
    if (!m) continue;
    const [min, max] = read(m);
    if (!(min > 0) || min > 5_000_000 || (max !== null && max < min)) continue;
    const employees = max === null ? min : Math.round((min + max) / 2);
    return ok({ found: true, employeesMin: min, employeesMax: max, employees, band: bandOf(employees), evidence: m[0].slice(0, 120) });
  }
  return ok({ found: false, employeesMin: null, employeesMax: null, employees: null, band: null, evidence: null });
}
