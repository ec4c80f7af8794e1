import { presentRow } from '../services/rows.ts';
import { resource } from './respond.ts';

type Row = Parameters<typeof presentRow>[0];

/** JSON of frozen rows (those kept in memory, which never change), written once per row. */
const rowJson = new WeakMap<Row, string>();

/** A row as a JSON:API resource object, in JSON; remembered for a frozen row. */
export function rowResourceJson(r: Row): string {
  const known = rowJson.get(r);
  if (known !== undefined) return known;
  const json = JSON.stringify(resource('rows', presentRow(r)));
  if (Object.isFrozen(r)) rowJson.set(r, json);
  return json;
}
