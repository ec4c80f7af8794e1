import type { z } from 'zod';
import type { BrowseResponse, confirmResponse, priceListHead, stageResponse } from '@shared/api/prezzari.ts';

/** The two price lists an admin imports and browses here (CSV data has its own page). */
export type PrezzarioSource = 'dei' | 'toscana';

/** The preview of step one of an import (the first 30 rows of the file and what was recognised). */
export type UploadPreview = z.infer<typeof stageResponse>['data'];
/** One row of the import preview. */
export type PreviewRow = UploadPreview['preview'][number];
/** A loaded price list (one per source, key and year). */
export type PriceListInfo = z.infer<typeof priceListHead>;
/** The answer to the confirmation of an import. */
export type ConfirmResult = z.infer<typeof confirmResponse>['data'];
/** One item of a loaded price list. */
export type PriceItem = BrowseResponse['data'][number]['attributes'];
