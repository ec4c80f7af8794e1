/**
 * Every distance the reader's stages use, in font sizes: a stage multiplies the entry by the
 * line's or the page's font size (`FS.cellGap * fs`). One table, so that no stage hides a magic
 * number and a print at another size reads the same.
 */
export const FS = {
  // Columns
  /** A word starting up to this far left of the description column's edge still belongs to it. */
  descriptionMargin: 0.5,
  /** A number is in a number column (the amount's; a cluster of right edges) when its right edge is this close. */
  numberColumn: 1.2,
  /** A closing-line number belongs to a header column it lies within this distance of. */
  headerColumn: 2,
  /** A measurement partial is under a factor when their right edges are this close. */
  partialAlign: 1.2,
  /** Words further apart than this stand in different cells. */
  cellGap: 1.2,
  /** The number columns start this far left of the leftmost number header word. */
  numbersLead: 1.5,
  /** …and, without such a header, at least this far right of the description column. */
  numbersAfterDescription: 2,
  /** The description may run up to this close to the first number header word. */
  descriptionToNumbers: 0.3,
  /** A U.M. header starting this far right of the description heads a column of its own. */
  unitColumnAfterDescription: 4,
  /** Two numbers that are not a product still close a voce only within this distance left of the number columns. */
  numbersSlack: 3,
  /** Line starts are counted in bins this wide to find the description column… */
  startBin: 0.5,
  /** …whose edge is the leftmost start this close to the winning bin. */
  startNear: 0.75,
  /** The right margin of justified description text: line ends this close to it reach it. */
  justifySlack: 0.2,

  // Units
  /** A unit group reaches the header's U.M. column, or follows the quantity, within this distance. */
  unitReach: 1.5,
  /** A unit's second line (`cad/` + `30gg`) lies under its first, from this far left of it… */
  unitRestLeft: 1,
  /** …to this far right of it. */
  unitRestRight: 2,
  /** Words this far right of the description column's edge are indented: a unit group, not a description start. */
  indent: 2,

  // Numbers and codes left of the description
  /** A voce number is this close to the column of voce numbers (right or left aligned). */
  voceNumberColumn: 0.6,
  /** A voce number is followed by at least this gap. */
  voceNumberGap: 0.3,
  /** A voce number printed after a code is separated from it by at least this gap. */
  trailingNumberGap: 0.8,
  /** Words ending this far left of the codes' column are voce numbers, not codes. */
  leftOfCodes: 0.3,
  /** A code reaching this close to the description column filled its cell: its next piece may continue it. */
  fullCodeCell: 2,

  // Words and lines
  /** A `€` this close after a number belongs to it. */
  euroAfterNumber: 0.6,
  /** Pieces of one number may overlap by this much. */
  numberOverlap: 0.1,
  /** Thousands groups of one number, in prints that space digits apart, are at most this far apart… */
  spacedDigitsGap: 1.6,
  /** …and in other prints at most this far. */
  digitsGap: 0.45,
  /** Words are on one line when their vertical centres are this close (in typical word heights). */
  sameLine: 0.3,
  /** A header cell's next line (its text wrapped) starts at most this far below the line above it. */
  wrappedCellPitch: 1.35,
  /** Header lines of one header are no further apart than this. */
  headerLineGap: 1.2,
  /** A header word repeated this far right of its first one heads another column. */
  headerRepeat: 4,
  /** A row of a table starts where the gap above a line exceeds the typical one by this much. */
  rowGap: 0.35,
  /** A section title (`Riepilogo`) stands this far below the header. */
  sectionBelowHeader: 2,
  /** A centred line's middle is this close to the page's. */
  centred: 2,
} as const;
