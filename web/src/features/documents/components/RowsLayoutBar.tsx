import { Checkbox } from 'primereact/checkbox';

interface Props {
  /** The print has chapters: grouping is offered. */
  hasChapters: boolean;
  grouped: boolean;
  onGroupedChange: (value: boolean) => void;
  fullText: boolean;
  onFullTextChange: (value: boolean) => void;
}

/** How the rows are laid out: grouped by chapter, whole descriptions. */
export function RowsLayoutBar({ hasChapters, grouped, onGroupedChange, fullText, onFullTextChange }: Props) {
  return (
    <div className="doc-layout-bar">
      {hasChapters && (
        <span className="doc-check-option">
          <Checkbox inputId="rows-grouped" checked={grouped} onChange={(e) => onGroupedChange(Boolean(e.checked))} />
          <label htmlFor="rows-grouped">Raggruppa per capitolo</label>
        </span>
      )}
      <span className="doc-check-option">
        <Checkbox inputId="rows-full-text" checked={fullText} onChange={(e) => onFullTextChange(Boolean(e.checked))} />
        <label htmlFor="rows-full-text">Descrizioni complete</label>
      </span>
    </div>
  );
}
