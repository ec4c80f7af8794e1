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
import {
  changingRows,
  getRowByKey,
  OperationSupersededError,
  replaceRowIfUnchanged,
  replaceRowsIfUnchanged,
  type OperationGuard,
  type RowRecord,
} from '../storage/repositories/rows.ts';

/** Attempts before a row written by others all along is given up (then a 409: try again). */
const ATTEMPTS = 25;
/** Rows whose change is worked out before they are written together (a few transactions' worth). */
const BULK_SLICE = 400;
/** Rows read again and re-applied one by one at once, after a bulk write refused them. */
const IN_FLIGHT = 16;

export const ROW_BUSY = 'La riga è stata modificata da troppe richieste nello stesso momento: riprova tra poco.';

/** What a change wants the row to be (built on `current`), or null when it has nothing to change. */
export type RowChange = (current: RowRecord) => RowRecord | null | Promise<RowRecord | null>;

/** Told of every row a change wrote: the row it was applied to, and the row written (the undo journal). */
export type RowWritten = (before: RowRecord, after: RowRecord) => void;

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(100, 2 ** attempt) * Math.random()));

/**
 * Applies `change` to the row where it is stored now (read-modify-write, retried when the row
 * changed under it). The row as written (or as it stands, when nothing changed); undefined when
 * the row is gone. Runs inside the caller's changingRows (the document's rows token).
 */
export async function applyToRow(
  ctx: AppContext,
  row: RowRecord,
  change: RowChange,
  known: 'current' | 'stale' = 'current',
  guard?: OperationGuard,
  written?: RowWritten,
): Promise<RowRecord | undefined> {
  let current: RowRecord | undefined = known === 'current' ? row : await getRowByKey(ctx, row.document_id, row.row_index);
  const replace = async (from: RowRecord, to: RowRecord) =>
    guard ? (await replaceRowsIfUnchanged(ctx, [{ current: from, next: to }], guard))[0] === 'written' : replaceRowIfUnchanged(ctx, from, to);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!current || current.id !== row.id) return undefined;
    const wanted = await change(current);
    if (!wanted) return current;
    const next = nextVersion(current, wanted);
    if (await replace(current, next)) {
      written?.(current, next);
      return next;
    }
    if (attempt > 1) await pause(attempt);
    current = await getRowByKey(ctx, row.document_id, row.row_index);
  }
  throw new ConflictError(ROW_BUSY);
}

/** One row's change, with the document's rows token renewed after it. */
export function changeRow(ctx: AppContext, row: RowRecord, change: RowChange, written?: RowWritten): Promise<RowRecord | undefined> {
  return changingRows(ctx, [row], () => applyToRow(ctx, row, change, 'current', undefined, written));
}

/**
 * The same kind of change over many rows of one document (re-price, new typology). The changes
 * are written together, each row conditional on the version it was worked out from (transactions
 * of up to 100 rows: replaceRowsIfUnchanged); the rows refused because they changed meanwhile are
 * read again and re-applied one by one (applyToRow), the rest of their transaction is sent again.
 * In the order of `rows`: the row as written or as it stands, undefined for a row that went.
 */
export async function changeRows(
  ctx: AppContext,
  documentId: number,
  rows: RowRecord[],
  change: RowChange,
  operationId?: string,
  written?: RowWritten,
): Promise<Array<RowRecord | undefined>> {
  const guard = operationId ? { documentId, operationId } : undefined;
  if (!rows.length) return [];
  const out: Array<RowRecord | undefined> = new Array(rows.length);
  const writeSlice = async (from: number) => {
    const indexes = rows.slice(from, from + BULK_SLICE).map((_, k) => from + k);
    const next = new Map<number, RowRecord>();
    for (const i of indexes) {
      const wanted = await change(rows[i]);
      if (wanted) next.set(i, nextVersion(rows[i], wanted));
      else out[i] = rows[i];
    }
    let pending = [...next.keys()];
    const stale: number[] = [];
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= ATTEMPTS) {
        stale.push(...pending);
        break;
      }
      if (attempt > 1) await pause(attempt);
      const verdicts = await replaceRowsIfUnchanged(
        ctx,
        pending.map((i) => ({ current: rows[i], next: next.get(i)! })),
        guard,
      );
      const again: number[] = [];
      verdicts.forEach((verdict, k) => {
        const i = pending[k];
        if (verdict === 'written') {
          out[i] = next.get(i);
          written?.(rows[i], next.get(i)!);
        }
        else if (verdict === 'changed') stale.push(i);
        else again.push(i);
      });
      pending = again;
    }
    let s = 0;
    const worker = async () => {
      while (s < stale.length) {
        const i = stale[s++];
        out[i] = await applyToRow(ctx, rows[i], change, 'stale', guard, written);
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, stale.length) }, worker));
  };
  await changingRows(ctx, [{ document_id: documentId }], async () => {
    try {
      for (let from = 0; from < rows.length; from += BULK_SLICE) await writeSlice(from);
    } catch (err) {
      // A later operation on the document took over: it moves and prices every row itself.
      if (!(err instanceof OperationSupersededError)) throw err;
      rows.forEach((r, i) => (out[i] ??= r));
    }
  });
  return out;
}
