/**
 * Distances used by the reader's stages, in font sizes (multiply by the line's or page's font
 * size). Named here, in one table, so that no stage hides a magic number.
 */
export const ROLE_TOLERANCE = {
  /** A closing-line number belongs to a header column it lies within this distance of. */
  column: 2,
  /** A measurement partial is under a factor when their right edges are this close. */
  align: 1.2,
} as const;
