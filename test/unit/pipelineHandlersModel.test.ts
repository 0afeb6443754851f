import { describe, expect, it } from 'vitest';
import { pipelineHandlers } from '../../extension/shared/pipelineHandlers.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { loadModel } from '../../src/cli/modelFile.ts';
import { sitePage } from '../fixtures/sitePages.ts';

/** The model with every bucket's intercept moved by `by`: every node's score changes. */
function shifted(json: unknown, by: number): unknown {
  return JSON.parse(JSON.stringify(json), (key, value) => (key === 'intercept' ? value + by : value));
}

describe('the handlers\' model, parsed once and kept by its text', () => {
  it('classifies with the model each request brings: another model changes the scores, an equal copy does not', async () => {
    const { json } = await loadModel();
    const handlers = pipelineHandlers();
    const scores = async (model: unknown) => {
      await handlers.classify({ snapshot: sitePage(1), weightsJson: model }, undefined);
      const r = await handlers.smooth({ options: pipelineOptions({ penaltyFactor: 0.01, threshold: 0.5 }) }, undefined);
      return Array.from(r.values);
    };
    const first = await scores(json);
    const other = await scores(shifted(json, 5));
    expect(other).not.toEqual(first);
    expect(await scores(structuredClone(json))).toEqual(first);
    expect(await scores(shifted(json, 5))).toEqual(other);
  });
});
