import { resourceHandler } from '../http/resource.ts';
import { list } from '../http/respond.ts';
import { defineRoute } from '../http/types.ts';
import { searchCsvData } from '../prezzari/csv-data.ts';

/** GET /api/csv-data ?search, page, per_page (default 50) with meta total-count. */
const list_ = defineRoute('GET /api/csv-data', async (req, ctx) => {
  const { page, per_page: perPage } = req.query;
  const found = await searchCsvData(ctx, (req.query.search ?? '').slice(0, 200), page, perPage);
  return list('csv_data', found.items, found.total, { page, per_page: perPage });
});

export const actions = { list: list_ };
export const handler = resourceHandler(actions);
