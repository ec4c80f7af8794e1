import { Card } from 'primereact/card';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';

/** What the upload of this list does, above the form. */
export function UploadIntro({ source }: { source: PrezzarioSource }) {
  const isDei = source === 'dei';
  return (
    <Card className="pz-card pz-info-card">
      <div className="pz-info">
        <i className={`pi ${isDei ? 'pi-book' : 'pi-map-marker'}`} aria-hidden />
        <div>
          <strong>{isDei ? 'Prezzario DEI per tipologia' : 'Prezzario Regione Toscana per provincia'}</strong>
          <p>
            {isDei
              ? 'Carica il file Excel del prezzario DEI, scegli la tipologia e l\u2019anno: prima dell\u2019importazione vedrai un\u2019anteprima dei dati letti.'
              : 'Carica il file Excel (o XML) del prezzario della Regione Toscana, scegli la provincia e l\u2019anno: prima dell\u2019importazione vedrai un\u2019anteprima dei dati letti.'}
          </p>
        </div>
      </div>
    </Card>
  );
}

/** 'Suggerimenti': formats, headers, what is overwritten. */
export function UploadTips({ source }: { source: PrezzarioSource }) {
  const isDei = source === 'dei';
  return (
    <Card title="Suggerimenti" className="pz-card pz-tips">
      <ul>
        <li>Formati accettati: Excel (.xlsx, .xls){isDei ? '' : ', XML del prezzario regionale'} e CSV, fino a 10MB.</li>
        <li>La prima riga utile deve contenere le intestazioni delle colonne (ad esempio Codice, Descrizione, U.M., Prezzo).</li>
        <li>
          <strong>Attenzione:</strong> l&apos;importazione sovrascrive i dati esistenti per {isDei ? 'la stessa tipologia' : 'la stessa provincia'} e lo stesso anno.
        </li>
        <li>Controlla l&apos;anteprima: vengono mostrate le prime 30 righe, ma tutte le righe del file saranno importate.</li>
      </ul>
    </Card>
  );
}
