export type { Tipologia as TipologiaDei } from '@/lib/tipologie.ts';

/** What the typology form sends (web-only). */
export interface TipologiaInput {
  value: string;
  description: string;
  is_active: boolean;
}
