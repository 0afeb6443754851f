/**
 * L3S-GN1 annotation classes (`x-nc-selN`): 0 not content and 4 related content are template; 1 headline,
 * 2 full text, 3 supplemental and 5 user comments are not.
 */
export const L3S_TEMPLATE_CLASSES: readonly number[] = [0, 4];
export const L3S_CONTENT_CLASSES: readonly number[] = [1, 2, 3, 5];
