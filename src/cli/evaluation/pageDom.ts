/**
 * The few DOM members the in-page evaluation code uses, typed structurally: src/cli compiles without the DOM
 * library (it is Node code), yet these files are bundled into the page, where the real DOM satisfies them.
 */
export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly parentNode: DomNode | null;
}

export interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
}

export interface DomDocument extends DomNode {
  readonly body: DomElement | null;
  cloneNode(deep: boolean): DomDocument;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;
