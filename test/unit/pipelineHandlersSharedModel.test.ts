// The background serves two sessions for each small page, and many pages: they parse the model once between them
// (pipelineHandlers.ts keeps the parsed model for the whole thread), not once a session.
import { describe, expect, it, vi } from 'vitest';
import { loadModel } from '../../src/cli/modelFile.ts';
import { sitePage } from '../fixtures/sitePages.ts';

const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/model/weights.ts', async (original) => {
  const real = await original<typeof import('../../src/model/weights.ts')>();
  return {
    ...real,
    parseModelWeights: (...args: Parameters<typeof real.parseModelWeights>) => {
      parses.count++;
      return real.parseModelWeights(...args);
    },
  };
});

const { pipelineHandlers } = await import('../../extension/shared/pipelineHandlers.ts');

describe('the model of the handlers of one thread', () => {
  it('is parsed once for every session given equal copies of it, and again for another model', async () => {
    const { json } = await loadModel();
    parses.count = 0; // loadModel parses it too
    for (let k = 0; k < 3; k++) {
      // Each session's request brings its own copy, as a message does.
      await pipelineHandlers().classify({ snapshot: sitePage(k), weightsJson: structuredClone(json) }, undefined);
    }
    expect(parses.count).toBe(1);
    const other = JSON.parse(JSON.stringify(json), (key, value) => (key === 'intercept' ? value + 1 : value));
    await pipelineHandlers().classify({ snapshot: sitePage(0), weightsJson: other }, undefined);
    expect(parses.count).toBe(2);
  });
});
