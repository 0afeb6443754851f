/**
 * The personal model: the bundled model fitted again on a person's labels (src/model/personalFit.ts), kept in
 * storage.local beside what the popup says about it. Runs use it instead of the bundled model while it is there and
 * checks (parseModelWeights against this build's feature schema); a damaged one, or one for another feature schema
 * (an update of the extension), is dropped and reported once, and runs go on with the bundled model.
 */
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { parseModelWeights, type StoredModelWeights } from '../../src/model/weights.ts';
import { errorMessage } from '../shared/protocol.ts';
import { serialQueue } from '../shared/serialQueue.ts';
import type { PersonalModelInfo } from '../shared/labelsApi.ts';
import type { StorageAreaLike } from './siteMemoryStore.ts';

export const PERSONAL_MODEL_KEY = 'winnow-personal-model';

export interface PersonalModel {
  weights: StoredModelWeights;
  info: PersonalModelInfo;
}

/** A personal model's version: the bundled one it was fitted from, marked personal, with the time of the fit. */
export function personalVersionOf(bundledVersion: string, trainedAt: string): string {
  return `${bundledVersion}+personal@${trainedAt}`;
}

export class PersonalModelStore {
  private readonly serial = serialQueue();
  /** Why the last stored model was dropped, until a fit or a reset. */
  private dropped: string | null = null;

  constructor(
    private readonly area: StorageAreaLike,
    private readonly warn: (message: string) => void = (m) => console.warn(`Winnow: ${m}`),
  ) {}

  /** The stored model when there is one that checks; a damaged one is removed (see `problem`). */
  load(): Promise<PersonalModel | null> {
    return this.serial(async () => {
      const raw = (await this.area.get(PERSONAL_MODEL_KEY))[PERSONAL_MODEL_KEY];
      if (raw === undefined) return null;
      const damage = personalModelProblem(raw);
      if (damage === null) return raw as PersonalModel;
      this.dropped = `Your personal model was damaged (${damage}): it was dropped, and Winnow uses the bundled model.`;
      this.warn(this.dropped);
      await this.area.remove(PERSONAL_MODEL_KEY);
      return null;
    });
  }

  /** Why the personal model was dropped, if it was (since the last fit or reset). */
  problem(): string | null {
    return this.dropped;
  }

  save(model: PersonalModel): Promise<void> {
    return this.serial(async () => {
      const damage = personalModelProblem(model);
      if (damage !== null) throw new Error(`the personal model was not kept: ${damage}`);
      try {
        await this.area.set({ [PERSONAL_MODEL_KEY]: model });
      } catch (e) {
        throw new Error(`could not keep the personal model: ${errorMessage(e)}`);
      }
      this.dropped = null;
    });
  }

  /** Removes the personal model; answers whether there was one. */
  reset(): Promise<boolean> {
    return this.serial(async () => {
      const had = (await this.area.get(PERSONAL_MODEL_KEY))[PERSONAL_MODEL_KEY] !== undefined;
      await this.area.remove(PERSONAL_MODEL_KEY);
      this.dropped = null;
      return had;
    });
  }
}

/** What is wrong with a stored personal model, or null. */
export function personalModelProblem(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const { weights, info } = raw as Partial<PersonalModel>;
  try {
    parseModelWeights(weights, FEATURE_SCHEMA);
  } catch (e) {
    return errorMessage(e);
  }
  if (typeof info !== 'object' || info === null) return 'its description is missing';
  if (typeof info.version !== 'string' || !info.version.includes('personal')) return 'its version does not say personal';
  if (typeof info.trainedAt !== 'string' || Number.isNaN(Date.parse(info.trainedAt))) return 'no time of fitting';
  const counts = [info.pages, info.segments, info.rows];
  if (!counts.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return 'its counts are not numbers';
  if (info.heldOut !== null && (typeof info.heldOut !== 'object' ||
    ![info.heldOut.pages, info.heldOut.segments, info.heldOut.before, info.heldOut.after]
      .every((n) => typeof n === 'number' && Number.isFinite(n)))) return 'its held-out agreement is not numbers';
  return null;
}
