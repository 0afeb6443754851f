// turndown-plugin-gfm ships no types: the one export used here (GitHub-flavoured tables, strikethrough, task lists).
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export function gfm(service: TurndownService): void;
}
