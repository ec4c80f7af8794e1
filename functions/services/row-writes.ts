/**
 * Every change of a stored row goes through here (issue 26): the change is a function of the row
 * as it is now, written conditionally on the version it was computed from. When somebody else
 * wrote the row meanwhile the write is refused, the row is read again and the change applied
 * again to what is there now; a row that went (deleted, merged away) is left gone. So no write
 * brings back an older copy of a row, and no change is lost to another one.
 */
import type { AppContext } from '../config/context.ts';
import { nextVersion } from '../../shared/domain/row-versions.ts';
import { ConflictError } from '../errors.ts';
import { changingRows, getRowByKey, replaceRowIfUnchanged, type RowRecord } from '../storage/repositories/rows.ts';

/** Attempts before a row written by others all along is given up (then a 409: try again). */
const ATTEMPTS = 25;
/** Rows written at once by a bulk operation. */
const IN_FLIGHT = 16;

export const ROW_BUSY = 'La riga è stata modificata da troppe richieste nello stesso momento: riprova tra poco.';

/** What a change wants the row to be (built on `current`), or null when it has nothing to change. */
export type RowChange = (current: RowRecord) => RowRecord | null | Promise<RowRecord | null>;

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(100, 2 ** attempt) * Math.random()));

/**
 * Applies `change` to the row where it is stored now (read-modify-write, retried when the row
 * changed under it). The row as written (or as it stands, when nothing changed); undefined when
 * the row is gone. Runs inside the caller's changingRows (the document's rows token).
 */
export async function applyToRow(ctx: AppContext, row: RowRecord, change: RowChange): Promise<RowRecord | undefined> {
  let current: RowRecord | undefined = row;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!current || current.id !== row.id) return undefined;
    const wanted = await change(current);
    if (!wanted) return current;
    const next = nextVersion(current, wanted);
    if (await replaceRowIfUnchanged(ctx, current, next)) return next;
    if (attempt > 1) await pause(attempt);
    current = await getRowByKey(ctx, row.document_id, row.row_index);
  }
  throw new ConflictError(ROW_BUSY);
}

/** One row's change, with the document's rows token renewed after it. */
export function changeRow(ctx: AppContext, row: RowRecord, change: RowChange): Promise<RowRecord | undefined> {
  return changingRows(ctx, [row], () => applyToRow(ctx, row, change));
}

/**
 * The same kind of change over many rows of one document (re-price, new typology), several rows
 * in flight; each row is read again and re-applied on its own when it changed. In the order of
 * `rows`: the row as written or as it stands, undefined for a row that went.
 */
export async function changeRows(ctx: AppContext, documentId: number, rows: RowRecord[], change: RowChange): Promise<Array<RowRecord | undefined>> {
  if (!rows.length) return [];
  const out: Array<RowRecord | undefined> = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      out[i] = await applyToRow(ctx, rows[i], change);
    }
  };
  await changingRows(ctx, [{ document_id: documentId }], () => Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rows.length) }, worker)));
  return out;
}
