import type { SearchHitOut } from '@shared/api/prezzari.ts';

/** One hit of GET /api/search/price-list: the item and the list it comes from. */
export type PriceSearchResult = SearchHitOut;

/** One row of GET /api/csv-data (same record as a search hit). */
export type CsvRow = SearchHitOut;
