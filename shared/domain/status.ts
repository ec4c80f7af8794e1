/** Document status (spec section 4): three known values, anything else is 'Sconosciuto'. */
export const DOCUMENT_STATUSES = ['completed', 'processing', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const STATUS_LABEL: Record<DocumentStatus, string> = {
  completed: 'Completato',
  processing: 'In elaborazione',
  failed: 'Errore',
};

export const STATUS_SEVERITY: Record<DocumentStatus, 'success' | 'warning' | 'danger'> = {
  completed: 'success',
  processing: 'warning',
  failed: 'danger',
};

export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return typeof value === 'string' && (DOCUMENT_STATUSES as readonly string[]).includes(value);
}

export function statusLabel(value: unknown): string {
  return isDocumentStatus(value) ? STATUS_LABEL[value] : 'Sconosciuto';
}
