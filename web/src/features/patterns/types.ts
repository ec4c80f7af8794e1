export interface Pattern {
  id: number;
  pattern: string;
  replacement: string | null;
  notes: string | null;
  created_at?: string;
}

export interface PatternInput {
  pattern: string;
  replacement: string;
  notes: string;
}
