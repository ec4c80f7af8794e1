import { formatEuro } from '@shared/format.ts';
import { cents, num, type FormState } from '@/features/documents/utils/edit-row-form.ts';

/** Quantity × unit price against the total, recomputed while typing. */
export function ProductCheck({ form }: { form: FormState }) {
  if (form.quantita === null || form.unitario === null) return null;
  const product = cents(num(form.quantita) * num(form.unitario));
  const ok = form.totale !== null && Math.abs(product - num(form.totale)) < 0.011;
  return (
    <p className={`doc-product-check ${ok ? 'ok' : 'ko'}`} data-testid="product-check" aria-live="polite">
      Quantità × prezzo = <strong>{formatEuro(product)}</strong>
      {ok ? ' (uguale al totale)' : ` (il totale inserito è ${formatEuro(form.totale)})`}
    </p>
  );
}

