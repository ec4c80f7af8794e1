export interface TipologiaDei {
  id: number;
  value: string;
  description: string;
  attivo: boolean;
}

export interface TipologiaInput {
  value: string;
  description: string;
  is_active: boolean;
}
