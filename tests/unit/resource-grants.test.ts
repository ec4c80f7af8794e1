import { describe, expect, it } from 'vitest';
import { originalKey, tmpUploadKey } from '../../functions/services/documents.ts';
import { tempKey } from '../../functions/services/price-imports.ts';
import { indexKey } from '../../functions/prezzari/search-index.ts';
import { BLOB_PREFIXES, mergeGrants } from '../../functions/resource-grants.ts';
import { ocrCopyKey } from '../../functions/worker/cloud-ocr.ts';
import { exportTempKey } from '../../functions/services/export-jobs.ts';

describe('resource grants', () => {
  it('name the same blob prefixes the key builders write under', () => {
    // Act / Assess
    expect(originalKey(42).startsWith(BLOB_PREFIXES.documents)).toBe(true);
    expect(tmpUploadKey(7).startsWith(BLOB_PREFIXES.uploads)).toBe(true);
    expect(tempKey('0f0e0d0c-0b0a-0908-0706-050403020100').startsWith(BLOB_PREFIXES.imports)).toBe(true);
    expect(indexKey('dei#x#2025#v1').startsWith(BLOB_PREFIXES.priceIndex)).toBe(true);
    expect(ocrCopyKey().startsWith(BLOB_PREFIXES.ocr)).toBe(true);
    expect(exportTempKey().startsWith(BLOB_PREFIXES.exports)).toBe(true);
  });

  it('merge to the stronger access of each table and prefix', () => {
    // Act
    const merged = mergeGrants(
      { tables: { users: 'read', rows: 'readwrite' }, blobs: { documents: 'readwrite' }, secret: true },
      { tables: { users: 'readwrite', rows: 'read' }, blobs: { documents: 'read', priceIndex: 'read' }, enqueue: true },
    );

    // Assess
    expect(merged).toEqual({
      tables: { users: 'readwrite', rows: 'readwrite' },
      blobs: { documents: 'readwrite', priceIndex: 'read' },
      secret: true,
      enqueue: true,
    });
  });
});
