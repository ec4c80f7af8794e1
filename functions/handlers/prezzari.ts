import { yearProblem } from '../../shared/api/prezzari.ts';
import { formatInteger } from '../../shared/format.ts';
import { SOURCE_LABEL } from '../../shared/domain/pricing.ts';
import { structuredComputoRefusal } from '../../shared/domain/price-file.ts';
import type { AppContext } from '../config/context.ts';
import { lookupPrices, loadPricing } from '../services/pricing.ts';
import { PayloadTooLargeError, ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { list, ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal, type RouteRequest } from '../http/types.ts';
import { checkDeclared, withDeclared } from '../prezzari/declared.ts';
import { confirmImport, csvTarget, publishList, stageImport, type ImportTarget } from '../services/price-imports.ts';
import { parseFile } from '../services/parse-jobs.ts';
import { loadIndex, searchIndex } from '../prezzari/search-index.ts';
import { listHeads } from '../services/price-imports.ts';
import { knownTipologia, listTipologie } from '../services/tipologie.ts';
import { fromNumber, mul, round, toNumber } from '../../shared/domain/money.ts';

/** Spec section 5: price-list files up to 10 MB, .xlsx or .xls (CSV and the official XML too). */
const MAX_PRICE_FILE_BYTES = 10_485_760;
const ACCEPTED = /\.(xlsx|xls|csv|xml)$/i;

/** The uploaded price list, read on an analysis thread (services/parse-jobs.ts), never on the one answering requests. */
async function readUpload(req: Pick<RouteRequest<'POST /api/upload-csv'>, 'files'>, ctx: AppContext) {
  const file = req.files.file;
  // The file travels beside the body (multipart `files`), which no schema of the contract parses.
  if (!file || !file.data.length) throw new ValidationError('Seleziona un file Excel.');
  if (/\.xpwe$/i.test(file.filename)) throw new ValidationError(structuredComputoRefusal('XPWE'));
  if (!ACCEPTED.test(file.filename)) throw new ValidationError('Seleziona un file Excel valido (.xlsx o .xls)');
  if (file.data.length > MAX_PRICE_FILE_BYTES) throw new PayloadTooLargeError('Il file è troppo grande. Dimensione massima: 10MB');
  const { value: read } = await parseFile(ctx, { kind: 'price-file', bytes: file.data, filename: file.filename });
  return { file, read };
}

const uploadDei = defineRoute('POST /api/upload-prezzario-dei', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const { file, read } = await readUpload(req, ctx);
  const key = await knownTipologia(ctx, req.body.tipologia_dei);
  // The year's value after the typology's existence, which only the store knows: an unknown typology is named first.
  const yearRefused = yearProblem(req.body.anno);
  if (yearRefused) throw new ValidationError(yearRefused);
  const target: ImportTarget = { source: 'dei', key, year: Number(req.body.anno) };
  const check = checkDeclared(read.head, read.rows, target, await listTipologie(ctx));
  return ok(withDeclared(await stageImport(ctx, principal, target, file.filename, read, check.alerts), check));
});

const uploadToscana = defineRoute('POST /api/upload-prezzario-toscana', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const { file, read } = await readUpload(req, ctx);
  const target: ImportTarget = { source: 'toscana', key: req.body.provincia, year: req.body.anno };
  const check = checkDeclared(read.head, read.rows, target);
  return ok(withDeclared(await stageImport(ctx, principal, target, file.filename, read, check.alerts), check));
});

const CONFIRM_ROUTE = { dei: 'POST /api/confirm-prezzario-dei', toscana: 'POST /api/confirm-prezzario-toscana' } as const;

const confirm = <S extends keyof typeof CONFIRM_ROUTE>(source: S) =>
  defineRoute(CONFIRM_ROUTE[source], async (req, ctx) => {
    return ok(await confirmImport(ctx, requirePrincipal(req), req.body.temp_file_id, { source, year: req.body.anno }, [true, 'true'].includes(req.body.conferma_avvisi ?? false)));
  });

/** POST /api/upload-csv: CSV data replace the previous ones in one step (same versioned switch). */
const uploadCsv = defineRoute('POST /api/upload-csv', async (req, ctx) => {
  const { read } = await readUpload(req, ctx);
  // Whether the file has rows is known only once it is read (on an analysis thread), after the contract.
  if (!read.rows.length) throw new ValidationError('Il file non contiene righe con un codice.');
  const { head, duplicates } = await publishList(ctx, csvTarget(), read.rows);
  return ok({
    type: 'success',
    message: `Dati CSV importati: ${formatInteger(head.total_rows)} righe.${duplicates ? ` ${formatInteger(duplicates)} righe ripetute ignorate.` : ''}`,
    total_rows: head.total_rows,
    columns: { recognised: read.recognised, missing: read.missing },
    warnings: read.warnings,
  });
});

/** GET /api/prezzari?source=dei|toscana[&key&anno&page&per_page&search]: the loaded lists and the items of one. */
const browse = defineRoute('GET /api/prezzari', async (req, ctx) => {
  const source = req.query.source === 'toscana' ? 'toscana' : req.query.source === 'csv' ? 'csv' : 'dei';
  const heads = (await listHeads(ctx)).filter((h) => h.source === source).sort((a, b) => a.key.localeCompare(b.key) || b.year - a.year);
  const wanted = heads.find((h) => (!req.query.key || h.key === req.query.key) && (!req.query.anno || String(h.year) === req.query.anno));
  const { page, per_page: perPage } = req.query;
  if (!wanted) return list('price_items', [], 0, { lists: heads, list: null, page, per_page: perPage });
  const index = await loadIndex(ctx, wanted.version);
  const found = index ? searchIndex(index, req.query.search ?? '', Number.MAX_SAFE_INTEGER) : { items: [], total: 0 };
  const items = found.items.slice((page - 1) * perPage, page * perPage).map((item, i) => ({ id: `${wanted.list_id}#${(page - 1) * perPage + i}`, ...item }));
  return list('price_items', items, found.total, { lists: heads, list: wanted, source_label: SOURCE_LABEL[source], page, per_page: perPage });
});

/** POST /api/get_unitario {tariffa, provincia, quantita, tipologia_dei}: the price rules for one code. */
const getUnitario = defineRoute('POST /api/get_unitario', async (req, ctx) => {
  const { tariffa, quantita, provincia = null, tipologia_dei: tipologia = null } = req.body;
  const [{ match, reason }] = await lookupPrices(ctx, await loadPricing(ctx), [{ code: tariffa, provincia, tipologia_dei: tipologia }]);
  if (!match) return ok({ success: false, unitario: null, prezzo_totale_db: null, descrizione: null, message: `Nessun prezzo trovato per la tariffa: ${tariffa}`, reason });
  const unitario = match.item.prezzo!;
  return ok({
    success: true,
    unitario,
    prezzo_totale_db: toNumber(round(mul(fromNumber(quantita), fromNumber(unitario)))),
    descrizione: match.item.descrizione,
    unita_di_misura: match.item.unita_di_misura,
    source: { list: match.head.source, label: SOURCE_LABEL[match.head.source], key: match.head.key, year: match.head.year, code: match.code },
  });
});

export const actions = {
  uploadDei,
  confirmDei: confirm('dei'),
  uploadToscana,
  confirmToscana: confirm('toscana'),
  uploadCsv,
  browse,
  getUnitario,
};
export const handler = resourceHandler(actions);
