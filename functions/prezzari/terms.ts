/** The search terms live in shared/ (the web's search inside a document uses the same words and stems). */
export * from '../../shared/search-terms.ts';
