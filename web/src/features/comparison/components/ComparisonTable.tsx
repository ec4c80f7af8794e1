import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { formatEuro, formatNumber, formatPercent } from '@shared/format.ts';
import type { Comparison } from '../api/get-comparison.ts';
import { byChapter, chapterName, rowLink, STATE_LABEL, STATE_SEVERITY, type Voce } from '../utils/view.ts';

interface Props {
  data: Comparison;
  voci: Voce[];
  grouped: boolean;
  onPair: (v: Voce) => void;
}

const signed = (n: number | null | undefined) => (n == null ? '—' : `${n > 0 ? '+' : ''}${formatEuro(n)}`);
const diffClass = (n: number | null | undefined) => (n == null || n === 0 ? '' : n > 0 ? 'cmp-up' : 'cmp-down');

export function StateCell({ voce, onPair }: { voce: Voce; onPair: (v: Voce) => void }) {
  return (
    <div className="cmp-state">
      <Tag value={STATE_LABEL[voce.stato]} severity={STATE_SEVERITY[voce.stato]} />
      {voce.incerto && (
        <span className="cmp-uncertain" title={voce.motivo ?? undefined}>
          <i className="pi pi-exclamation-triangle" aria-hidden /> abbinamento incerto
        </span>
      )}
      {voce.manodopera_avviso && (
        <span className="cmp-uncertain cmp-labour-warn" title={voce.manodopera_avviso} data-testid="labour-below">
          <i className="pi pi-exclamation-triangle" aria-hidden /> manodopera sotto il progetto
          <span className="sr-only">: {voce.manodopera_avviso}</span>
        </span>
      )}
      <Button icon="pi pi-link" text rounded size="small" aria-label={`Abbina o separa la voce ${voce.tariffa || voce.descrizione.slice(0, 30)}`} title="Abbina o separa" onClick={() => onPair(voce)} />
    </div>
  );
}

function VoceRow({ data, voce, onPair }: { data: Comparison; voce: Voce; onPair: (v: Voce) => void }) {
  return (
    <tr className={voce.incerto ? 'cmp-row-uncertain' : undefined} data-voce={voce.key}>
      <td className="cmp-code">{voce.tariffa || '—'}</td>
      <td className="cmp-desc" title={voce.descrizione}>
        {voce.descrizione}
      </td>
      <td>{voce.unita_di_misura}</td>
      {data.documenti.map((doc, i) => {
        const val = voce.valori[i];
        const diff = voce.differenze[i];
        return (
          <Fragment key={doc.id}>
            <td className="num cmp-group-start">{val ? formatNumber(val.quantita) : '—'}</td>
            <td className="num">{val ? formatEuro(val.unitario) : '—'}</td>
            <td className="num">
              {val ? (
                <Link to={rowLink(doc.id, val.row_id)} aria-label={`${formatEuro(val.totale)}: apri la riga in ${doc.filename}`}>
                  {formatEuro(val.totale)}
                </Link>
              ) : (
                '—'
              )}
            </td>
            {i > 0 && (
              <>
                <td className={`num ${diffClass(diff?.totale)}`}>{signed(diff?.totale)}</td>
                <td className={`num ${diffClass(diff?.totale)}`}>{diff?.percentuale == null ? '—' : formatPercent(diff.percentuale)}</td>
              </>
            )}
          </Fragment>
        );
      })}
      <td>
        <StateCell voce={voce} onPair={onPair} />
      </td>
    </tr>
  );
}

/** The comparison as a table: a column group per document, grouped by chapter with subtotals, totals at the foot. */
export function ComparisonTable({ data, voci, grouped, onPair }: Props) {
  const columns = 3 + data.documenti.reduce((n, _, i) => n + (i === 0 ? 3 : 5), 0) + 1;
  const chapters = new Map(data.capitoli.map((c) => [c.capitolo, c]));
  const subtotal = (capitolo: string) => {
    const c = chapters.get(capitolo);
    if (!c) return null;
    return (
      <tr className="cmp-subtotal">
        <th scope="row" colSpan={3}>
          Subtotale {chapterName(capitolo)}
        </th>
        {data.documenti.map((doc, i) => (
          <Fragment key={doc.id}>
            <td className="cmp-group-start" />
            <td />
            <td className="num">{formatEuro(c.subtotali[i])}</td>
            {i > 0 && (
              <>
                <td className={`num ${diffClass(c.differenze[i])}`}>{signed(c.differenze[i])}</td>
                <td />
              </>
            )}
          </Fragment>
        ))}
        <td />
      </tr>
    );
  };
  return (
    <div className="cmp-table-wrap" tabIndex={0} role="region" aria-label="Tabella del confronto">
      <table className="cmp-table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Codice
            </th>
            <th scope="col" rowSpan={2}>
              Descrizione
            </th>
            <th scope="col" rowSpan={2}>
              U.M.
            </th>
            {data.documenti.map((doc, i) => (
              <th key={doc.id} scope="colgroup" colSpan={i === 0 ? 3 : 5} className="cmp-group-start cmp-doc-head">
                {i === 0 ? 'Riferimento: ' : ''}
                {doc.filename}
              </th>
            ))}
            <th scope="col" rowSpan={2}>
              Stato
            </th>
          </tr>
          <tr>
            {data.documenti.map((doc, i) => (
              <Fragment key={doc.id}>
                <th scope="col" className="cmp-group-start">
                  Q.tà
                </th>
                <th scope="col">Prezzo</th>
                <th scope="col">Importo</th>
                {i > 0 && (
                  <>
                    <th scope="col">Diff.</th>
                    <th scope="col">Diff. %</th>
                  </>
                )}
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {!voci.length && (
            <tr>
              <td colSpan={columns} className="hint doc-center">
                Nessuna voce corrisponde ai filtri
              </td>
            </tr>
          )}
          {grouped
            ? byChapter(voci).map((g) => (
                <Fragment key={g.capitolo}>
                  <tr className="cmp-chapter">
                    <th scope="rowgroup" colSpan={columns}>
                      {chapterName(g.capitolo)}
                    </th>
                  </tr>
                  {g.voci.map((v) => (
                    <VoceRow key={v.key} data={data} voce={v} onPair={onPair} />
                  ))}
                  {subtotal(g.capitolo)}
                </Fragment>
              ))
            : voci.map((v) => <VoceRow key={v.key} data={data} voce={v} onPair={onPair} />)}
        </tbody>
        <tfoot>
          <tr className="cmp-total">
            <th scope="row" colSpan={3}>
              Totale
            </th>
            {data.totali.map((t, i) => (
              <Fragment key={t.document_id}>
                <td className="cmp-group-start" />
                <td />
                <td className="num">{formatEuro(t.totale)}</td>
                {i > 0 && (
                  <>
                    <td className={`num ${diffClass(t.differenza)}`}>{signed(t.differenza)}</td>
                    <td className={`num ${diffClass(t.differenza)}`}>{t.percentuale == null ? '—' : formatPercent(t.percentuale)}</td>
                  </>
                )}
              </Fragment>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Phones: one card per voce. */
export function ComparisonCards({ data, voci, onPair }: Omit<Props, 'grouped'>) {
  if (!voci.length) return <p className="hint doc-center">Nessuna voce corrisponde ai filtri</p>;
  return (
    <ul className="cmp-cards">
      {voci.map((v) => (
        <li key={v.key} className={`cmp-card${v.incerto ? ' cmp-row-uncertain' : ''}`} data-voce={v.key}>
          <div className="cmp-card-head">
            <strong className="cmp-code">{v.tariffa || '—'}</strong>
            <span className="hint">{chapterName(v.capitolo)}</span>
          </div>
          <p className="cmp-card-desc">{v.descrizione}</p>
          <StateCell voce={v} onPair={onPair} />
          <dl className="cmp-card-values">
            {data.documenti.map((doc, i) => {
              const val = v.valori[i];
              const diff = v.differenze[i];
              return (
                <div key={doc.id}>
                  <dt>{doc.filename}</dt>
                  <dd>
                    {val ? (
                      <>
                        {formatNumber(val.quantita)} {v.unita_di_misura} × {formatEuro(val.unitario)} = <Link to={rowLink(doc.id, val.row_id)}>{formatEuro(val.totale)}</Link>
                      </>
                    ) : (
                      'assente'
                    )}
                    {i > 0 && diff && (
                      <span className={`cmp-card-diff ${diffClass(diff.totale)}`}>
                        {' '}
                        {signed(diff.totale)}
                        {diff.percentuale != null && ` (${formatPercent(diff.percentuale)})`}
                      </span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
