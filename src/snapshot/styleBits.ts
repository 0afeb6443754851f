/** Computed-style facts packed into one Uint32 per node. */
export const StyleBit = {
  BLOCK: 1 << 0, // display is block-like (block, flex, grid, list-item, table parts): starts a new line of text
  INLINE: 1 << 1,
  FLEX_OR_GRID: 1 << 2,
  TABLE_PART: 1 << 3,
  POSITION_ABSOLUTE: 1 << 4,
  POSITION_FIXED: 1 << 5,
  POSITION_STICKY: 1 << 6,
  FLOAT: 1 << 7,
  BOLD: 1 << 8,
  BACKGROUND: 1 << 9, // non-transparent background colour or a background image
  OVERFLOW_CLIPS: 1 << 10,
  TEXT_HIDDEN: 1 << 11, // visibility is not "visible": the node's own text is not counted
  BORDER: 1 << 12,
  LIST_ITEM: 1 << 13,
} as const;

export function hasStyle(bits: number, bit: number): boolean {
  return (bits & bit) !== 0;
}

/**
 * The computed properties capture reads for each element (src/capture/elementStyle.ts's readElementStyle; a test
 * holds the two together), which `src/cli/bench/benchPageReads.ts` times alone against Readability.js.
 */
export const STYLE_PROPERTIES_READ = [
  'display', 'overflow', 'visibility', 'opacity', 'fontSize', 'position', 'cssFloat', 'fontWeight', 'backgroundColor',
  'backgroundImage', 'borderTopWidth', 'borderBottomWidth',
] as const;
