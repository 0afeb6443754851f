// Type-checks each layer with its own tsconfig, so the boundaries (no DOM in the core, no Node in the core)
// are enforced by the compiler rather than by review.
import { execFileSync } from 'node:child_process';

const projects = ['tsconfig.core.json', 'tsconfig.capture.json', 'tsconfig.cli.json', 'tsconfig.extension.json', 'tsconfig.json'];
let failed = false;
for (const p of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p], { stdio: 'inherit' });
    console.log(`typecheck ${p}: ok`);
  } catch {
    console.error(`typecheck ${p}: FAILED`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
