/** Spec section 9. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_DESCRIPTION_CHARS = 80;
export const CSV_PAGE_SIZE = 50;
export const CSV_DESCRIPTION_CHARS = 100;
export const FIRST_SEARCH_YEAR = 2023;

/** 'Tutti' then 2023 up to the current year. */
export function searchYears(now = new Date()): Array<{ label: string; value: string }> {
  const years = [{ label: 'Tutti', value: '' }];
  for (let y = FIRST_SEARCH_YEAR; y <= now.getFullYear(); y++) years.push({ label: String(y), value: String(y) });
  return years;
}

/** Cut at n characters with an ellipsis. */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  return text.length > n ? `${text.slice(0, n).trimEnd()}…` : text;
}
