import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { formatEuro } from '@shared/format.ts';
import { pairRows, separateRows, STATE_LABEL, type Voce } from '../utils/view.ts';

interface Props {
  voce: Voce | null;
  voci: Voce[];
  busy: boolean;
  onPair: (rows: [number, number]) => void;
  onSeparate: (pairs: Array<[number, number]>) => void;
  onClose: () => void;
}

const label = (v: Voce) => `${v.tariffa || '—'} · ${v.descrizione.slice(0, 60)} (${STATE_LABEL[v.stato].toLowerCase()}, ${formatEuro(v.valori.find(Boolean)?.totale)})`;

/** Re-pair a voce with another, or separate the rows paired in it; the choice is kept. */
export function PairDialog({ voce, voci, busy, onPair, onSeparate, onClose }: Props) {
  const [other, setOther] = useState<string | null>(null);
  const candidates = useMemo(() => (voce ? voci.filter((v) => v.key !== voce.key && pairRows(voce, v)) : []), [voce, voci]);
  const chosen = candidates.find((v) => v.key === other);
  const separable = voce ? separateRows(voce) : [];
  return (
    <Dialog header="Abbinamento della voce" visible={voce !== null} onHide={onClose} closable={!busy} style={{ width: 'min(42rem, 95vw)' }}>
      {voce && (
        <div className="cmp-pair">
          <p>
            <strong>{voce.tariffa || '—'}</strong> {voce.descrizione}
          </p>
          {voce.incerto && <p className="cmp-uncertain-text">Abbinamento incerto: {voce.motivo}</p>}
          {separable.length > 0 && (
            <section>
              <h2 className="cmp-pair-title">Separa</h2>
              <p className="hint">Le righe dei documenti diventano voci distinte (eliminata e aggiunta).</p>
              <Button label="Separa le voci" icon="pi pi-arrows-h" severity="warning" outlined loading={busy} onClick={() => onSeparate(separable)} />
            </section>
          )}
          <section>
            <h2 className="cmp-pair-title">Abbina con…</h2>
            <label htmlFor="cmp-pair-other" className="hint">
              Un’altra voce che un documento non ha
            </label>
            <Dropdown
              inputId="cmp-pair-other"
              value={other}
              options={candidates.map((v) => ({ label: label(v), value: v.key }))}
              onChange={(e) => setOther(e.value as string)}
              placeholder={candidates.length ? 'Scegli la voce' : 'Nessuna voce abbinabile'}
              disabled={!candidates.length || busy}
              filter
              className="cmp-pair-dropdown"
            />
            <Button label="Abbina" icon="pi pi-link" disabled={!chosen} loading={busy} onClick={() => chosen && onPair(pairRows(voce, chosen)!)} />
          </section>
        </div>
      )}
    </Dialog>
  );
}
