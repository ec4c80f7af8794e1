/** Italian display formats shared by the web app and the exports. */
const number2 = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions);
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions);
const dateTime = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
});

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** "1.234,50"; empty for missing values (a missing price is not a zero). */
export function formatNumber(value: number | null | undefined): string {
  return isNum(value) ? number2.format(value) : '';
}

const quantity = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 3, useGrouping: 'always' } as Intl.NumberFormatOptions);
const price = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 6, useGrouping: 'always' } as Intl.NumberFormatOptions);

/** A quantity with the decimals it has, up to the 3 a quantity may carry (shared/domain/amounts.ts): "10,125". */
export function formatQuantity(value: number | null | undefined): string {
  return isNum(value) ? quantity.format(value) : '';
}

/** A unit price with the decimals it has, up to the 6 a price may carry: "0,0325 €". */
export function formatPrice(value: number | null | undefined): string {
  return isNum(value) ? price.format(value) : '';
}

const integer = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' } as Intl.NumberFormatOptions);

/** "1.234": counters and counts, with the thousands separator. */
export function formatInteger(value: number | null | undefined): string {
  return isNum(value) ? integer.format(value) : '';
}

/** "1.234,50 €". */
export function formatEuro(value: number | null | undefined): string {
  return isNum(value) ? euro.format(value) : '';
}

/** "+12,50%" / "-3,00%". */
export function formatPercent(value: number | null | undefined): string {
  if (!isNum(value)) return '';
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${number2.format(Math.abs(value))}%`;
}

/** "40,36%": a share (an incidence), no sign; empty when missing. */
export function formatShare(value: number | null | undefined): string {
  return isNum(value) ? `${number2.format(value)}%` : '';
}

/** "22/11/2026 10:35" in Italian time, four-digit years (screens and exports). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  return dateTime.format(d).replace(',', '');
}

/** "30/06/2025" from a calendar day "2025-06-30". */
export function formatDay(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
