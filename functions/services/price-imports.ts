/**
 * Importing a price list, in two steps (spec section 9): the file read on an analysis thread and
 * staged with its preview, then confirmed and published as a new version with its search index.
 * A service: it stages in the blob store, switches the list head and parses through parse-jobs.ts.
 */
import { randomUUID } from 'node:crypto';
import { formatInteger } from '../../shared/format.ts';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { AppContext } from '../config/context.ts';
import { CSV_KEY, listId, type PriceListHead } from '../../shared/domain/pricing.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { deleteBlob, getBlob, putBlob } from '../storage/blobs.ts';
import { getHead, switchHead } from '../storage/repositories/price-lists.ts';
import type { PriceRow, ReadResult } from '../prezzari/readers/index.ts';
import { indexKey, preloadIndex } from '../prezzari/search-index.ts';
import { parseFile } from './parse-jobs.ts';
import { listDefaults, type ImportTarget } from '../prezzari/items.ts';

/** Spec section 9: the preview shows 30 rows; temporary files live a day. */
export const PREVIEW_ROWS = 30;
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const TEMP_TTL_MS = 24 * 60 * 60 * 1000;
const TEMP_MISSING = 'ID file temporaneo mancante';
const TEMP_EXPIRED = 'File temporaneo scaduto o non trovato: ricarica il file e riprova.';

export type { ImportTarget } from '../prezzari/items.ts';

interface StagedImport extends ImportTarget {
  user_id: number;
  filename: string;
  created_at: string;
  rows: PriceRow[];
  /** The preview's loud alerts (another source, province or typology): the confirmation must say it saw them. */
  source_alerts?: string[];
}

const FILE_FIELDS: string[] = ['codice', 'descrizione', 'unita_di_misura', 'prezzo', 'prezzo_senza_sg'];

/** The confirmation of a file with source alerts that does not say it saw them (409). */
export const alertsUnseen = (alerts: string[]) =>
  `Il file non è stato importato: ${alerts.join(' ')} Per importarlo comunque, confermare di averlo verificato (conferma_avvisi).`;

export const tempKey = (id: string) => `tmp/imports/${id}.json.gz`;

/** The preview columns of the spec: Codice, Tariffa, Descrizione, Unità, Prezzo, Prezzo S.G., Anno, Provincia, Tipologia DEI. */
function previewRow(row: PriceRow, target: ImportTarget) {
  const { anno, provincia, tipologia } = listDefaults(row, target);
  return {
    codice: row.codice,
    tariffa: row.codice,
    descrizione: row.descrizione,
    unita_di_misura: row.unita_di_misura,
    prezzo: row.prezzo,
    prezzo_senza_sg: row.prezzo_senza_sg,
    anno,
    provincia,
    tipologia_dei: tipologia,
  };
}

/** " (12 righe di titolo, capitoli e voci, tenute come titoli delle voci sotto di esse)" when the file had some. */
const titled = (n: number | undefined) =>
  n ? ` (${formatInteger(n)} ${n === 1 ? 'riga di titolo tenuta come titolo delle voci sotto di essa' : 'righe di titolo tenute come titoli delle voci sotto di esse'})` : '';

/** Step one: the parsed rows wait as a temporary blob; the answer is the preview. */
export async function stageImport(ctx: AppContext, principal: Principal, target: ImportTarget, filename: string, read: ReadResult, alerts: string[] = []) {
  if (!read.rows.length) throw new ValidationError('Il file non contiene righe di prezzario con un codice.');
  const id = randomUUID();
  const staged: StagedImport = { ...target, user_id: principal.id, filename, created_at: ctx.now().toISOString(), rows: read.rows, source_alerts: alerts };
  // Compressed in libuv's pool: a large list would hold this thread for hundreds of ms.
  await putBlob(ctx, tempKey(id), await gzipAsync(JSON.stringify(staged)), 'application/gzip');
  const listed = target.source === 'csv' ? 'I dati CSV esistenti saranno sostituiti.' : 'Il prezzario esistente per la stessa chiave e lo stesso anno sarà sovrascritto.';
  return {
    type: 'success',
    message: `File analizzato: ${formatInteger(read.rows.length)} righe pronte per l\u2019importazione${titled(read.titleRows)}. ${listed}`,
    temp_file_id: id,
    total_rows: read.rows.length,
    preview: read.rows.slice(0, PREVIEW_ROWS).map((r) => previewRow(r, target)),
    // Year, province and typology come from the form: only the file's own columns can be missing.
    columns: { recognised: read.recognised, missing: read.missing.filter((f) => FILE_FIELDS.includes(f)) },
    skipped: read.skipped,
    warnings: read.warnings,
    target,
  };
}

async function loadStaged(ctx: AppContext, principal: Principal, tempId: unknown): Promise<StagedImport> {
  if (typeof tempId !== 'string' || !tempId.trim()) throw new ValidationError(TEMP_MISSING);
  if (!/^[0-9a-f-]{36}$/i.test(tempId)) throw new NotFoundError(TEMP_EXPIRED);
  const raw = await getBlob(ctx, tempKey(tempId));
  if (!raw) throw new NotFoundError(TEMP_EXPIRED);
  const staged = JSON.parse((await gunzipAsync(raw)).toString('utf8')) as StagedImport;
  const expired = ctx.now().getTime() - new Date(staged.created_at).getTime() > TEMP_TTL_MS;
  if (staged.user_id !== principal.id || expired) throw new NotFoundError(TEMP_EXPIRED);
  return staged;
}

/**
 * Writes a list as a new version (one immutable blob with its search index) beside the current
 * one, then makes it current with one conditional pointer write and removes the old version. Readers see either
 * the old list or the new one, never a mix; a failure before the switch leaves the old intact.
 */
export async function publishList(ctx: AppContext, target: ImportTarget, rows: PriceRow[]): Promise<{ head: PriceListHead; duplicates: number }> {
  const id = listId(target.source, target.key, target.year);
  const previous = await getHead(ctx, id);
  const version = `${id}#${ctx.now().getTime().toString(36)}-${randomUUID().slice(0, 8)}`;
  // Items and their search index are built on an analysis thread (seconds for a large list), stored from here.
  const { value: built } = await parseFile(ctx, { kind: 'price-index', version, target, rows });
  const head: PriceListHead = { list_id: id, source: target.source, key: target.key, year: target.year, version, total_rows: built.total_rows, updated_at: ctx.now().toISOString() };
  try {
    await putBlob(ctx, indexKey(version), built.blob, 'application/gzip');
    await switchHead(ctx, head, previous?.version ?? null);
  } catch (err) {
    await deleteBlob(ctx, indexKey(version)).catch(() => undefined);
    throw err;
  }
  if (previous) {
    // The old version is unreachable now; removing it can fail without harm (only space is lost).
    await deleteBlob(ctx, indexKey(previous.version)).catch(() => undefined);
  }
  preloadIndex(ctx, version);
  return { head, duplicates: built.duplicates };
}

/** Step two: the staged rows become the list; a file the preview raised alerts on only when the confirmation says it saw them. */
export async function confirmImport(ctx: AppContext, principal: Principal, tempId: unknown, expected: Partial<ImportTarget>, alertsSeen = false) {
  const staged = await loadStaged(ctx, principal, tempId);
  if (expected.source && expected.source !== staged.source) throw new ValidationError('Il file temporaneo appartiene a un altro tipo di prezzario.');
  if (staged.source_alerts?.length && !alertsSeen) throw new ConflictError(alertsUnseen(staged.source_alerts));
  const target: ImportTarget = { source: staged.source, key: staged.key, year: expected.year ?? staged.year };
  const { head, duplicates } = await publishList(ctx, target, staged.rows);
  await deleteBlob(ctx, tempKey(tempId as string)).catch(() => undefined);
  return {
    type: 'success',
    message: `Importazione completata: ${head.total_rows} voci caricate${duplicates ? ` (${duplicates} codici ripetuti ignorati)` : ''}.`,
    total_rows: head.total_rows,
    list: head,
  };
}

export const csvTarget = (): ImportTarget => ({ source: 'csv', key: CSV_KEY, year: 0 });

/** The loaded price lists (one head per source, key and year), for the admin's browser. */
export { listHeads } from '../storage/repositories/price-lists.ts';
