#!/usr/bin/env node
// `npx winnow …`: runs the TypeScript command line through tsx's loader, so there is no build step before use.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
