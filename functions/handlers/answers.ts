/** What several document handlers answer with: an ETag. (Files are answered by http/export-answer.ts.) */
import { etagOf } from '../../shared/domain/row-versions.ts';

/** A resource's version as the answer's ETag (to send back in If-Match). */
export const withEtag = <R extends { headers?: Record<string, string> }>(res: R, version: number | undefined): R => ({ ...res, headers: { ...res.headers, etag: etagOf(version) } });
