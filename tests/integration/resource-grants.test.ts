/**
 * The grants of functions/resource-grants.ts cover what the code really does: every route of
 * every resource is exercised against the local runtime while each DynamoDB and S3 command the
 * handlers send is recorded (table or key, read or write) and charged to the resource being
 * served; then the worker and the dead-letter handler run the same way. A missing grant here
 * would be an AccessDenied in the cloud.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, ROUTES, routeKey } from '../../functions/routes.ts';
import { BLOB_PREFIXES, DEAD_LETTER_GRANTS, RESOURCE_GRANTS, WORKER_GRANTS, type Grants, type TableAccess } from '../../functions/resource-grants.ts';
import { TABLES, type TableKey } from '../../functions/storage/tables.ts';
import { createDocument } from '../../functions/services/documents.ts';
import { processDocument } from '../../functions/worker/analysis.ts';
import { handleDeadLetters } from '../../functions/worker/dead-letter.ts';
import { cloudOcr } from '../../functions/worker/cloud-ocr.ts';
import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient } from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { corpusFile } from '../support/corpus.ts';
import { priceListXlsx, tuscanItemsOf, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, REPO_ROOT, apiClient, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import fs from 'node:fs';
import path from 'node:path';

type Need = TableAccess | 'describe' | 'list';
interface Use {
  what: string;
  need: Need;
  command: string;
}

let rt: TestRuntime;
let current: string | undefined;
const uses = new Map<string, Use[]>();
const served = new Set<string>();

const note = (what: string, need: Need, command: string) => {
  if (!current) return;
  uses.set(current, [...(uses.get(current) ?? []), { what, need, command }]);
};

const READS = new Set(['GetItem', 'Query', 'BatchGetItem', 'Scan', 'Get', 'BatchGet']);

/** Records the table(s) a DynamoDB command reaches and whether it reads or writes. */
function noteDynamo(command: string, input: any) {
  const op = command.replace(/Command$/, '');
  if (op === 'DescribeTable') return note(input.TableName, 'describe', op);
  if (op === 'BatchWriteItem' || op === 'BatchWrite') return Object.keys(input.RequestItems).forEach((t) => note(t, 'readwrite', op));
  if (op === 'BatchGetItem' || op === 'BatchGet') return Object.keys(input.RequestItems).forEach((t) => note(t, 'read', op));
  if (op === 'TransactWriteItems' || op === 'TransactWrite') {
    for (const item of input.TransactItems) {
      const [kind, body] = Object.entries(item)[0] as [string, any];
      note(body.TableName, kind === 'ConditionCheck' ? 'read' : 'readwrite', `${op}.${kind}`);
    }
    return;
  }
  note(input.TableName, READS.has(op) ? 'read' : 'readwrite', op);
}

/** Records the object key(s) an S3 command reaches. */
function noteS3(command: string, input: any) {
  const op = command.replace(/Command$/, '');
  if (op === 'GetObject' || op === 'HeadObject') return note(input.Key, 'read', op);
  if (op === 'PutObject') return note(input.Key, 'readwrite', op);
  if (op === 'DeleteObjects') return input.Delete.Objects.forEach((o: { Key: string }) => note(o.Key, 'readwrite', op));
  if (op === 'CopyObject') {
    note(decodeURIComponent(String(input.CopySource).split('/').slice(1).join('/')), 'read', op);
    return note(input.Key, 'readwrite', op);
  }
  if (op === 'ListObjectsV2') return note(input.Prefix, 'list', op);
  note(`?${op}`, 'readwrite', op);
}

const RANK = { read: 1, readwrite: 2 } as const;

/** What a recorded use needs that the grants do not give, as readable lines. */
function uncovered(grants: Grants, list: Use[]): string[] {
  const byName = new Map((Object.keys(TABLES) as TableKey[]).map((k) => [rt.ctx.table(k), k]));
  const missing = new Set<string>();
  for (const use of list) {
    const table = byName.get(use.what);
    if (table) {
      if (use.need === 'describe') {
        if (!grants.describeTables) missing.add(`DescribeTable ${table}`);
      } else if (!grants.tables[table] || RANK[grants.tables[table]!] < RANK[use.need as TableAccess]) {
        missing.add(`${use.need} ${table} (${use.command})`);
      }
      continue;
    }
    const prefix = (Object.keys(BLOB_PREFIXES) as Array<keyof typeof BLOB_PREFIXES>).find((p) => use.what?.startsWith(BLOB_PREFIXES[p]));
    const granted = prefix && grants.blobs?.[prefix];
    if (!granted || (use.need !== 'list' && RANK[granted] < RANK[use.need as TableAccess])) missing.add(`${use.need} blob ${use.what} (${use.command})`);
  }
  return [...missing];
}

beforeAll(async () => {
  rt = await startTestRuntime();
  rt.ctx.db.middlewareStack.add((next, context) => async (args) => (noteDynamo(context.commandName ?? '', args.input), next(args)), {
    step: 'initialize',
    name: 'grantAudit',
  });
  rt.ctx.s3.middlewareStack.add((next, context) => async (args) => (noteS3(context.commandName ?? '', args.input), next(args)), {
    step: 'initialize',
    name: 'grantAudit',
  });
});
afterAll(async () => rt?.close());

/** One API call, charged to the resource its route belongs to; it must succeed (or answer `status`). */
async function as(method: string, path: string, options: Parameters<ReturnType<typeof apiClient>>[2] & { status?: number } = {}) {
  const match = matchRoute(method, path.split('?')[0]);
  if (match.kind !== 'found') throw new Error(`no route for ${method} ${path}`);
  current = match.route.resource;
  served.add(routeKey(match.route));
  try {
    const res = await apiClient(rt.url)(method, path, options);
    if (options.status ? res.status !== options.status : res.status >= 300 && res.status !== 302) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  } finally {
    current = undefined;
  }
}

async function form(path: string, token: string, file: Buffer, filename: string, fields: Record<string, string>) {
  const match = matchRoute('POST', path);
  if (match.kind !== 'found') throw new Error(`no route for POST ${path}`);
  current = match.route.resource;
  served.add(routeKey(match.route));
  try {
    const res = await uploadForm(rt.url, path, token, file, filename, fields);
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    return res;
  } finally {
    current = undefined;
  }
}

async function waitForAnalysis(token: string, id: number) {
  for (let i = 0; i < 600; i++) {
    const doc = (await as('GET', `/api/documents/${id}`, { token })).json.data.attributes;
    if (doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('analysis did not end');
}

describe('resource grants cover what the handlers do', () => {
  it('every route, served against the local runtime, touches only what its Lambda is granted', async () => {
    // Act: auth
    await as('POST', '/api/auth/login', { body: { username: 'admin', password: 'sbagliata' }, status: 401 });
    const admin = (await as('POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })).json.data.token as string;
    await as('GET', '/api/auth/user', { token: admin });

    // admin-users, api-keys
    const user = (await as('POST', '/api/admin/users', { token: admin, body: { username: 'mario', password: 'password-di-prova' } })).json.data.attributes ?? {};
    const userId = user.id ?? (await as('GET', '/api/admin/users', { token: admin })).json.data.find((u: any) => u.attributes.username === 'mario').id;
    await as('GET', '/api/admin/users', { token: admin });
    await as('PUT', `/api/admin/users/${userId}`, { token: admin, body: { username: 'mario.rossi' } });
    await as('POST', '/api/register', { token: admin, body: { username: 'ospite', password: 'password-di-prova' } });
    const mario = (await as('POST', '/api/auth/login', { body: { username: 'mario.rossi', password: 'password-di-prova' } })).json.data.token as string;
    const key = (await as('POST', '/api/admin/api-keys', { token: admin, body: { user_id: Number(userId), description: 'script' } })).json.data;
    await as('GET', '/api/admin/api-keys', { token: admin });
    await as('GET', '/api/auth/user', { token: key.key });
    await as('GET', '/api/admin/dashboard', { token: admin });

    // tipologie, patterns
    const tip = (await as('POST', '/api/tipologie-dei', { token: admin, body: { value: 'verifica_permessi', description: 'Verifica dei permessi' } })).json.data;
    await as('GET', '/api/tipologie-dei', { token: mario });
    await as('PUT', `/api/tipologie-dei/${tip.id}`, { token: admin, body: { value: 'verifica_permessi_bis', description: 'Verifica dei permessi, bis' } });
    await as('PATCH', `/api/admin/tipologie-dei/${tip.id}/status`, { token: admin, body: { attivo: true } });
    await as('PATCH', '/api/admin/tipologie-dei/bulk-status', { token: admin, body: { tipologie_ids: [tip.id], attivo: true } });
    const pattern = (await as('POST', '/api/patterns', { token: admin, body: { pattern: '^DEI-', replacement: '' } })).json.data;
    await as('GET', '/api/patterns', { token: admin });
    await as('PUT', `/api/patterns/${pattern.id}`, { token: admin, body: { pattern: '^DEI-', replacement: '', notes: 'prefisso' } });

    // prezzari, search, csv-data
    const up = await form('/api/upload-prezzario-toscana', admin, await priceListXlsx(tuscanItemsOf('primus_medium.pdf')), 'lu.xlsx', { provincia: 'LUCCA', anno: '2025' });
    await as('POST', '/api/confirm-prezzario-toscana', { token: admin, body: { temp_file_id: up.json.data.temp_file_id } });
    const dei = await form('/api/upload-prezzario-dei', admin, await priceListXlsx([{ codice: 'A25093', descrizione: 'Scavo', um: 'mc', prezzo: 12 }]), 'dei.xlsx', { tipologia_dei: 'nuove_costruzioni', anno: '2025' });
    await as('POST', '/api/confirm-prezzario-dei', { token: admin, body: { temp_file_id: dei.json.data.temp_file_id } });
    const csv = ['Codice;Descrizione;UM;Prezzo;Anno;Provincia', 'CSV.1;Pietra serena;mq;10,25;2024;FIRENZE', 'CSV.2;Pietra forte;mq;11,25;2024;FIRENZE'];
    await form('/api/upload-csv', admin, Buffer.from(csv.join('\r\n'), 'latin1'), 'dati.csv', {});
    await as('GET', '/api/prezzari', { token: admin });
    await as('POST', '/api/get_unitario', { token: mario, body: { tariffa: 'TOS25_01.A03', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } });
    await as('GET', '/api/search/price-list?q=scavo', { token: mario });
    await as('GET', '/api/search?q=CSV.1&type=all', { token: mario });
    await as('GET', '/api/csv-data?search=pietra', { token: mario });

    // documents: multipart and presigned uploads, reads, edits, export, duplicate, download
    const uploaded = await form('/api/upload', mario, corpusFile('primus_medium.pdf'), 'medio.pdf', { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
    const docId = uploaded.json.data.data.document_id as number;
    const small = corpusFile('primus_small.pdf');
    const presign = (await as('POST', '/api/upload/presign', { token: mario, body: { filename: 'p.pdf', size: small.length, content_type: 'application/pdf' } })).json.data;
    await fetch(new URL(presign.upload_url, rt.url), { method: 'PUT', body: new Uint8Array(small), headers: { 'content-type': 'application/pdf' } });
    const completed = await as('POST', '/api/upload/complete', { token: mario, body: { upload_id: presign.upload_id, filename: 'p.pdf', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } });
    await waitForAnalysis(mario, docId);
    await waitForAnalysis(mario, completed.json.data.data.document_id);
    await as('GET', '/api/documents', { token: mario });
    const rows = (await as('GET', `/api/documents/${docId}/rows`, { token: mario })).json.data.map((d: any) => d.attributes);
    await as('GET', `/api/documents/${docId}/row-count`, { token: mario });
    await as('POST', `/api/documents/${docId}/update-total`, { token: mario, body: { refresh: true } });
    await as('GET', `/api/documents/${docId}/export`, { token: mario });
    await as('GET', `/document/${docId}/download`, { token: mario });
    await as('POST', `/api/documents/${docId}/duplicate-rows`, { token: mario, body: { row_ids: [rows[0].id, rows[1].id], new_title: 'Variante' } });
    await as('PUT', `/api/documents/${docId}/status`, { token: mario, body: { status: 'completed' } });
    await as('PUT', `/api/documents/${docId}/settings`, { token: mario, body: { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' } });

    // comparison with the presigned upload, and the formal verification
    const otherId = completed.json.data.data.document_id as number;
    const otherRows = (await as('GET', `/api/documents/${otherId}/rows`, { token: mario })).json.data.map((d: any) => d.attributes);
    await as('GET', `/api/documents/${docId}/comparison?with=${otherId}`, { token: mario });
    await as('PUT', `/api/documents/${docId}/comparison/pairs`, { token: mario, body: { azione: 'separa', righe: [rows[7].id, otherRows[0].id] } });
    await as('GET', `/api/documents/${docId}/comparison/export?with=${otherId}`, { token: mario });
    await as('GET', `/api/documents/${docId}/verification`, { token: mario });
    await as('PUT', `/api/documents/${docId}/verification`, { token: mario, body: { soglia: 15 } });
    await as('PUT', `/api/documents/${docId}/intestazione`, { token: mario, body: { oggetto: 'Scuola primaria', committente: 'Comune di Lucca' } });
    await as('GET', `/api/documents/${docId}/verification/export`, { token: mario });

    // rows
    await as('GET', `/api/rows/${rows[0].id}`, { token: mario });
    await as('PUT', `/api/rows/${rows[0].id}`, { token: mario, body: { quantita: '2,00', refresh_price: true } });
    await as('POST', '/api/rows/update-tipologia-dei', { token: mario, body: { row_ids: [rows[2].id], tipologia_dei: 'impianti_elettrici' } });
    await as('POST', '/api/rows/merge', { token: mario, body: { first_row_id: rows[3].id, second_row_id: rows[4].id, articolo: 'seconda' } });
    await as('DELETE', `/api/rows/${rows[5].id}`, { token: mario });
    await as('GET', `/api/documents/${docId}/operations`, { token: mario });
    await as('POST', `/api/documents/${docId}/undo`, { token: mario, body: {} });
    const suggestions = (await as('GET', `/api/rows/${rows[6].id}/suggestions`, { token: mario })).json.data;
    await as('POST', `/api/rows/${rows[6].id}/suggestions`, { token: mario, body: { id: suggestions?.[0]?.id ?? '1' } });
    await as('POST', '/api/rows/delete', { token: mario, body: { row_ids: rows.slice(-2).map((r: { id: number }) => r.id) } });
    await form('/api/upload/preview', mario, fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures/computi/computo-colonne-incerte.xlsx')), 'computo.xlsx', {});

    // debug, then the deletes
    await as('GET', '/test/db', { token: admin });
    await as('GET', '/test/db/schema', { token: admin });
    // docs: public, but a caller with a token is still identified
    await as('GET', '/api/openapi.json', { token: admin });
    await as('GET', '/api/docs', { token: admin });
    await as('GET', '/api/docs/docs.js', { token: mario });
    await as('DELETE', `/api/documents/${docId}`, { token: mario });
    await as('DELETE', `/api/patterns/${pattern.id}`, { token: admin });
    await as('DELETE', `/api/tipologie-dei/${tip.id}`, { token: admin });
    await as('DELETE', `/api/admin/api-keys/${key.id}`, { token: admin });
    await as('DELETE', `/api/admin/users/${userId}`, { token: admin });
    await as('POST', '/api/auth/logout', { token: admin });

    // Assess: every route but the multipart /register was served, and nothing needed more than its grants.
    expect(ROUTES.map(routeKey).filter((k) => !served.has(k))).toEqual(['POST /register']);
    for (const [resource, list] of uses) {
      expect(uncovered(RESOURCE_GRANTS[resource as keyof typeof RESOURCE_GRANTS], list), resource).toEqual([]);
    }
    expect(uses.get('documents')!.some((u) => u.what.startsWith(BLOB_PREFIXES.uploads))).toBe(true);
  }, 240_000);

  it('the worker and the dead-letter handler touch only what they are granted', async () => {
    // Prepare: a pending document (not queued: analysed here, in-process).
    const principal = { id: 1, username: 'admin', role: 'amministratore' as const, via: 'session' as const };
    const ctx = { ...rt.ctx, config: { ...rt.ctx.config, enqueue: async () => undefined } };
    const doc = await createDocument(ctx, principal, { bytes: corpusFile('primus_small.pdf'), filename: 'w.pdf', pages: 3, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
    const stuck = await createDocument(ctx, principal, { bytes: corpusFile('primus_small.pdf'), filename: 'd.pdf', pages: 3, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });

    // Act
    current = 'worker';
    await processDocument(rt.ctx, doc.id);
    // The cloud OCR path too (Textract mocked): the copy of the scanned pages goes through S3.
    const textract = mockClient(TextractClient);
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job' });
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [] });
    try {
      await cloudOcr(rt.ctx, doc.file_key)([2, 3]);
    } finally {
      textract.restore();
    }
    current = 'dead-letter';
    await handleDeadLetters(rt.ctx, [{ messageId: 'm', body: JSON.stringify({ documentId: stuck.id }) }], () => undefined);
    current = undefined;

    // Assess
    expect(uses.get('worker')!.length).toBeGreaterThan(3);
    expect(uncovered(WORKER_GRANTS, uses.get('worker')!)).toEqual([]);
    expect(uses.get('worker')!.filter((u) => u.what.startsWith(BLOB_PREFIXES.ocr)).map((u) => u.command)).toEqual(['PutObject', 'DeleteObjects']);
    expect(uncovered(DEAD_LETTER_GRANTS, uses.get('dead-letter')!)).toEqual([]);
  });
});
