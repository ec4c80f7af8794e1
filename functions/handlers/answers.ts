/** What several document handlers answer with: a built file, an ETag. */
import { binary } from '../http/respond.ts';
import { etagOf } from '../../shared/domain/row-versions.ts';
import type { BuiltExport } from '../services/export-jobs.ts';

/** A built export as the answer: its bytes, type and file name. */
export const built = ({ value }: { value: BuiltExport }) => binary(Buffer.from(value.blob.buffer, value.blob.byteOffset, value.blob.byteLength), value.contentType, value.filename);

/** A resource's version as the answer's ETag (to send back in If-Match). */
export const withEtag = <R extends { headers?: Record<string, string> }>(res: R, version: number | undefined): R => ({ ...res, headers: { ...res.headers, etag: etagOf(version) } });
