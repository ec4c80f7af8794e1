import { Fragment } from 'react';

interface Props {
  text: string;
  /** [start, end) character ranges the search matched (API `highlights`). */
  ranges?: ReadonlyArray<readonly [number, number]>;
  /** Cut at this many characters with an ellipsis, keeping the marks that fall before the cut. */
  max?: number;
}

/** Text with the matched words in <mark>, as the search answered them. */
export function Highlighted({ text, ranges = [], max }: Props) {
  const cut = max !== undefined && text.length > max ? text.slice(0, max).trimEnd() : text;
  const parts: Array<{ s: string; mark: boolean }> = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || start >= cut.length) continue;
    if (start > at) parts.push({ s: cut.slice(at, start), mark: false });
    parts.push({ s: cut.slice(start, Math.min(end, cut.length)), mark: true });
    at = Math.min(end, cut.length);
  }
  if (at < cut.length) parts.push({ s: cut.slice(at), mark: false });
  return (
    <>
      {parts.map((p, i) => (p.mark ? <mark key={i} className="pz-mark">{p.s}</mark> : <Fragment key={i}>{p.s}</Fragment>))}
      {cut !== text && '…'}
    </>
  );
}
