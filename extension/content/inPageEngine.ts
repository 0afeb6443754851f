import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { DeclaredSources } from '../../src/reader/declaredArticle.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';
import { pipelineHandlers } from '../shared/pipelineHandlers.ts';
import type { PipelineEngine } from './pipelineEngine.ts';
import { yieldToPage } from './yieldToPage.ts';

/**
 * The pipeline in the page's thread, only as the fallback: for small pages when the background cannot take them
 * (a browser that sends extension messages as JSON, backgroundEngine.ts), and for any page when no worker can be
 * started (the frame is blocked, or a browser refuses it). The same
 * pipeline code as the worker's, giving the page a turn before and after each stage so input and painting are not
 * held up by more than one stage at a time.
 */
export function inPageEngine(): PipelineEngine {
  const handlers = pipelineHandlers();
  /** One stage, timed: the handlers answer synchronously. */
  const stage = async <T>(work: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      engine.onPageBusy?.(performance.now() - started);
    }
  };
  const engine: PipelineEngine = {
    kind: 'in-page',
    readSiteMemory: async (memory: string | null, page?: string) => {
      await yieldToPage();
      return stage(() => handlers.readSiteMemory({ memory, page }, undefined));
    },
    classify: async (snapshot: PageSnapshot, weightsJson: unknown, useSiteMemory?: boolean, declared?: DeclaredSources) => {
      await yieldToPage();
      const r = await stage(() => handlers.classify({ snapshot, weightsJson, useSiteMemory, declared }, undefined));
      await yieldToPage();
      return r;
    },
    smooth: async (options: PipelineOptions) => {
      await yieldToPage();
      const r = await stage(() => handlers.smooth({ options }, undefined));
      await yieldToPage();
      return r;
    },
    rememberPage: async () => {
      await yieldToPage();
      return stage(() => handlers.rememberPage({}, undefined));
    },
    dropSiteEvidence: async () => stage(() => handlers.dropSiteEvidence({}, undefined)),
    // A pass over one segment, unless the options differ from the last smooth's and the page is smoothed again.
    inspect: async (node: number, options: PipelineOptions, top?: number) => {
      await yieldToPage();
      return stage(() => handlers.inspect({ node, options, top }, undefined));
    },
    trainingRows: async (node: number, options: PipelineOptions) => {
      await yieldToPage();
      return stage(() => handlers.trainingRows({ node, options }, undefined));
    },
    // One long task on a big page (the segmentation is made once per capture; later calls only take the verdicts).
    graphSegments: async (options: PipelineOptions, method?: GraphMethod) => {
      await yieldToPage();
      const r = await stage(() => handlers.graphSegments({ options, method }, undefined));
      await yieldToPage();
      return r;
    },
    dispose: () => {},
  };
  return engine;
}
