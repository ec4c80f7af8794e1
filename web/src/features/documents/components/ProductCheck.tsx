import { formatEuro } from '@shared/format.ts';
import { productCheck, type FormState } from '@/features/documents/utils/edit-row-form.ts';

/** Quantity × unit price against the total, by the one product rule (half-up, exact), recomputed while typing. */
export function ProductCheck({ form }: { form: FormState }) {
  const check = productCheck(form);
  if (!check) return null;
  return (
    <p className={`doc-product-check ${check.agrees ? 'ok' : 'ko'}`} data-testid="product-check" aria-live="polite">
      Quantità × prezzo = <strong>{formatEuro(check.product)}</strong>
      {check.agrees ? ' (uguale al totale)' : ` (il totale inserito è ${formatEuro(form.totale)})`}
    </p>
  );
}
