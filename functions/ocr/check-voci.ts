/**
 * After parsing: the voci read (wholly or partly) from OCR pages get the scan mark and have their
 * numbers checked (digit-correction.ts). A corrected voce is sure: the correction is recorded
 * apart (`correzioni`), not as a doubt. A voce that does not add up is flagged with the reason.
 */
import type { ParsedVoce } from '../analysis/parser/types.ts';
import { checkAmounts, describeCorrection, REASON_AMBIGUOUS, REASON_MISMATCH, type Amounts } from './digit-correction.ts';

export interface ScanCheck {
  values: Amounts;
  /** Italian reasons to add to the voce's verifica. */
  verifica: string[];
  /** Italian notes of the digits corrected by the check (empty when read right). */
  correzioni: string[];
}

type VoceLike = Pick<ParsedVoce, 'quantita' | 'unitario' | 'totale' | 'page' | 'page_end'>;

export function checkScannedVoci<V extends VoceLike>(voci: readonly V[], ocrPages: readonly number[]): Map<V, ScanCheck> {
  const out = new Map<V, ScanCheck>();
  if (!ocrPages.length) return out;
  const scanned = new Set(ocrPages);
  for (const v of voci) {
    if (!scanned.has(v.page) && !scanned.has(v.page_end)) continue;
    const check = checkAmounts({ quantita: v.quantita, unitario: v.unitario, totale: v.totale });
    out.set(v, {
      values: check.values,
      verifica: check.status === 'mismatch' ? [REASON_MISMATCH] : check.status === 'ambiguous' ? [REASON_AMBIGUOUS] : [],
      correzioni: check.corrections.map(describeCorrection),
    });
  }
  return out;
}

/** Document warnings about the scan: how many voci were corrected. */
export function scanWarnings(checks: ReadonlyMap<unknown, ScanCheck>): string[] {
  const corrected = [...checks.values()].filter((c) => c.correzioni.length).length;
  if (!corrected) return [];
  return [
    corrected === 1
      ? '1 voce letta dalla scansione ha un numero corretto con il controllo quantità × prezzo = importo.'
      : `${corrected} voci lette dalla scansione hanno numeri corretti con il controllo quantità × prezzo = importo.`,
  ];
}
