import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { formatEuro } from '@shared/format.ts';
import { CSV_DESCRIPTION_CHARS, CSV_PAGE_SIZE, truncate } from '@/features/search/constants.ts';
import type { CsvRow } from '@/features/search/types.ts';

interface Props {
  rows: CsvRow[];
  loading: boolean;
  total: number;
  page: number;
  onPage: (page: number) => void;
}

/** One page of the CSV data and the pages (50 rows each). */
export function CsvTable({ rows, loading, total, page, onPage }: Props) {
  const pageCount = Math.max(1, Math.ceil(total / CSV_PAGE_SIZE));
  return (
    <>
      <DataTable value={rows} loading={loading} dataKey="id" size="small" stripedRows className="pz-table" emptyMessage=" ">
        <Column header="Tariffa" body={(r: CsvRow) => r.tariffa ?? r.codice} className="pz-nowrap pz-code" />
        <Column field="anno" header="Anno" />
        <Column header="Tipologia/Provincia" body={(r: CsvRow) => r.provincia || r.tipologia} />
        <Column field="unita_di_misura" header="UM" />
        <Column header="Prezzo s/ S.G." body={(r: CsvRow) => formatEuro(r.prezzo_senza_sg)} className="pz-num" headerClassName="pz-num-header" />
        <Column header="Prz Unitario" body={(r: CsvRow) => formatEuro(r.prezzo)} className="pz-num" headerClassName="pz-num-header" />
        <Column
          header="Descrizione"
          className="pz-desc"
          body={(r: CsvRow) => <span title={r.descrizione && r.descrizione.length > CSV_DESCRIPTION_CHARS ? r.descrizione : undefined}>{truncate(r.descrizione, CSV_DESCRIPTION_CHARS)}</span>}
        />
      </DataTable>
      {pageCount > 1 && (
        <div className="pz-footer">
          <Paginator
            first={(page - 1) * CSV_PAGE_SIZE}
            rows={CSV_PAGE_SIZE}
            totalRecords={total}
            pageLinkSize={5}
            onPageChange={(e) => onPage(e.page + 1)}
            template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
          />
          <span className="hint" data-testid="csv-page">
            Pagina {page} di {pageCount}
          </span>
        </div>
      )}
    </>
  );
}
