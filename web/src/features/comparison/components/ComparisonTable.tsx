import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { formatEuro, formatNumber, formatPercent } from '@shared/format.ts';
import type { Comparison } from '../api/get-comparison.ts';
import { byChapter, chapterName, rowLink, STATE_LABEL, STATE_SEVERITY, type Voce } from '../utils/view.ts';
import { CardLabour, hasLabour, SubtotalLabourCell, TotalLabourCell, VoceLabour } from './ComparisonLabour.tsx';

interface Props {
  data: Comparison;
  voci: Voce[];
  grouped: boolean;
  onPair: (v: Voce) => void;
}

/** Columns of document i's group: quantity, price, amount, then (offers) difference and %, then labour when known. */
const groupWidth = (i: number, labour: boolean) => (i === 0 ? 3 : 5) + (labour ? 1 : 0);

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
          <i className="pi pi-exclamation-triangle" aria-hidden /> manodopera inferiore al progetto
          <span className="sr-only">: {voce.manodopera_avviso}</span>
        </span>
      )}
      <Button icon="pi pi-link" text rounded size="small" aria-label={`Abbina o separa la voce ${voce.tariffa || voce.descrizione.slice(0, 30)}`} title="Abbina o separa" onClick={() => onPair(voce)} />
    </div>
  );
}

function VoceRow({ data, voce, labour, onPair }: { data: Comparison; voce: Voce; labour: boolean; onPair: (v: Voce) => void }) {
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
            {labour && (
              <td className="num cmp-labour-td">
                <VoceLabour voce={voce} i={i} />
              </td>
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

/** The two header rows: a column group per document (the reference first), then Stato. */
function TableHead({ data, labour }: { data: Comparison; labour: boolean }) {
  return (
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
          <th key={doc.id} scope="colgroup" colSpan={groupWidth(i, labour)} className="cmp-group-start cmp-doc-head">
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
            {labour && (
              <th scope="col" title="Costo della manodopera della voce (importo × incidenza)">
                Manodopera
              </th>
            )}
          </Fragment>
        ))}
      </tr>
    </thead>
  );
}

/** A chapter's subtotal row: each document's subtotal and, for offers, its difference; its labour cost when known. */
function SubtotalRow({ data, capitolo, labour }: { data: Comparison; capitolo: string; labour: boolean }) {
  const c = data.capitoli.find((x) => x.capitolo === capitolo);
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
          {labour && <SubtotalLabourCell chapter={c} i={i} />}
        </Fragment>
      ))}
      <td />
    </tr>
  );
}

/** The totals row: each document's total, difference and labour cost. */
function TableFoot({ data, labour }: { data: Comparison; labour: boolean }) {
  return (
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
            {labour && <TotalLabourCell t={t} />}
          </Fragment>
        ))}
        <td />
      </tr>
    </tfoot>
  );
}

/** The comparison as a table: a column group per document, grouped by chapter with subtotals, totals at the foot. */
export function ComparisonTable({ data, voci, grouped, onPair }: Props) {
  const labour = hasLabour(data);
  const columns = 3 + data.documenti.reduce((n, _, i) => n + groupWidth(i, labour), 0) + 1;
  const row = (v: Voce) => <VoceRow key={v.key} data={data} voce={v} labour={labour} onPair={onPair} />;
  return (
    <div className="cmp-table-wrap" tabIndex={0} role="region" aria-label="Tabella del confronto">
      <table className="cmp-table">
        <TableHead data={data} labour={labour} />
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
                  {g.voci.map(row)}
                  <SubtotalRow data={data} capitolo={g.capitolo} labour={labour} />
                </Fragment>
              ))
            : voci.map(row)}
        </tbody>
        <TableFoot data={data} labour={labour} />
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
                    <CardLabour voce={v} i={i} />
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
