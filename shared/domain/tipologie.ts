/** DEI typologies offered when the dynamic list is empty (spec section 3); seeded on first start. */
export interface TipologiaDefault {
  value: string;
  description: string;
}

export const DEFAULT_TIPOLOGIE: TipologiaDefault[] = [
  { value: 'nuove_costruzioni', description: 'NUOVE COSTRUZIONI' },
  { value: 'impianti_elettrici', description: 'IMPIANTI ELETTRICI' },
  { value: 'impianti_tecnologici', description: 'IMPIANTI TECNOLOGICI' },
  { value: 'ristrutturazione_manutenzione', description: 'RISTRUTTURAZIONE E MANUTENZIONE' },
  { value: 'architettura', description: 'ARCHITETTURA E INTERIOR DESIGN' },
  { value: 'regione_umbria', description: 'Regione Umbria' },
];
