/** What the results page says when the search left out words no article had with the others. */
export function missingWordsMessage(missing: readonly string[], used: readonly string[]): string {
  return `Nessun risultato per «${missing.join(' ')}»; mostrati i risultati per «${used.join(' ')}».`;
}
