import { nodeArea, type PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { buildSmoothingProblem } from '../../smooth/buildSmoothingProblem.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';

/** Classified nodes per snapshot, computed once: training rows and every held-out measure read the same pages. */
const classifiedCache = new WeakMap<PageSnapshot, Int32Array>();

/** The nodes the pipeline classifies on this page (visible, ≥ 2000 px², not inside a hidden node), as in 000 §5.3. */
export function classifiedNodes(s: PageSnapshot): Int32Array {
  const cached = classifiedCache.get(s);
  if (cached) return cached;
  const areaOf = Float64Array.from({ length: s.count }, (_, i) => nodeArea(s, i));
  const nodes = buildSmoothingProblem(s.parent, areaOf, new Float64Array(s.count), {
    penaltyFactor: DEFAULT_PIPELINE_OPTIONS.penaltyFactor,
    minArea: DEFAULT_PIPELINE_OPTIONS.minArea,
  }).nodeOf;
  classifiedCache.set(s, nodes);
  return nodes;
}
