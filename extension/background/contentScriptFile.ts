// The content script's built file name: crxjs bundles `?script&iife` imports as one classic script, which is what
// scripting.executeScript and registerContentScripts inject (no module loader, nothing web-accessible).
import contentScript from '../content/contentScript.ts?script&iife';

export const CONTENT_SCRIPT_FILE: string = contentScript;
