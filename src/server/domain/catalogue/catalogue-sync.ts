/**
 * Keeps the search catalogue exactly in step with the database (docs/decisions/0025-search-catalogue.md).
 *
 * Loaded whole at start. Before a search is answered, the change feed (catalogue_changes, written
 * by triggers whoever writes) is read from where the last look ended, and what it names is reloaded
 * by id: a renamed or deleted officer is gone from the very next search, on this process or any
 * other on the same database, and writes by the CLI or by tests straight to the database are seen
 * as well. Looks are shared: a search waits for the next look that starts after it arrived (one
 * already running may have started before the write it must see), and every search waiting for that
 * look is served by it, so under load there is one small query per look, not one per search.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '#server/platform/db/client.js';
import { SearchCatalogue } from './catalogue.js';
import { readCommunityMean } from '#server/domain/ranking-prior.js';
import { changesSince, feedPosition, loadOfficers, loadRegiments, loadSides, pruneChanges, type FeedPosition } from './catalogue-source.js';

/** How long the change feed keeps a change: a process that has not looked for half of it reloads everything. */
const FEED_KEPT_MS = 10 * 60_000;
/** Even with no searches, look (and prune) this often, so an idle process never falls that far behind. */
const IDLE_LOOK_MS = 60_000;

/** `priorWeight`: the m of the rankings' Bayesian average (config RANK_PRIOR_WEIGHT). */
export async function loadCatalogue(db: Executor, priorWeight: number): Promise<{ catalogue: SearchCatalogue; position: FeedPosition }> {
  // The position first: whatever changes while the rest is read is read again at the first look.
  const position = await feedPosition(db);
  const [communityMean, sides, regiments, officers] = await Promise.all([readCommunityMean(db), loadSides(db), loadRegiments(db), loadOfficers(db)]);
  return { catalogue: new SearchCatalogue({ communityMean, sides, regiments, officers }, priorWeight), position };
}

export class CatalogueFollower {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private lookedAt: number;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly db: Executor,
    private readonly priorWeight: number,
    private catalogue: SearchCatalogue,
    private position: FeedPosition,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number,
  ) {
    this.lookedAt = now();
    this.timer = setInterval(() => {
      if (this.now() - this.lookedAt >= IDLE_LOOK_MS) {
        this.current().then(
          () => pruneChanges(this.db, FEED_KEPT_MS),
          (error: Error) => this.log.warn(`Search catalogue: could not read the change feed (${error.message}); searches will retry`),
        );
      }
    }, IDLE_LOOK_MS);
    this.timer.unref();
  }

  static async start(
    db: Executor,
    priorWeight: number,
    log: Pick<FastifyBaseLogger, 'warn'>,
    now: () => number = Date.now,
  ): Promise<CatalogueFollower> {
    const { catalogue, position } = await loadCatalogue(db, priorWeight);
    return new CatalogueFollower(db, priorWeight, catalogue, position, log, now);
  }

  /** The catalogue with every change committed before this call: what a search answers from. */
  async current(): Promise<SearchCatalogue> {
    await this.lookAfterNow();
    return this.catalogue;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Waits for a look that starts after this call; looks never overlap, so changes apply in order. */
  private lookAfterNow(): Promise<void> {
    if (!this.running) {
      this.running = this.look().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.lookAfterNow();
      });
    return this.next;
  }

  private async look(): Promise<void> {
    const startedAt = this.now();
    if (startedAt - this.lookedAt > FEED_KEPT_MS / 2) {
      // The feed may have forgotten changes since the last look: read everything again.
      const { catalogue, position } = await loadCatalogue(this.db, this.priorWeight);
      this.catalogue = catalogue;
      this.position = position;
    } else {
      const changes = await changesSince(this.db, this.position);
      const [regiments, officers] = await Promise.all([
        changes.regimentIds.length > 0 ? loadRegiments(this.db, changes.regimentIds) : [],
        changes.officerIds.length > 0 ? loadOfficers(this.db, changes.officerIds) : [],
      ]);
      // Regiments first: an officer's publicness and words depend on its regiment.
      this.catalogue.applyRegiments(changes.regimentIds, regiments);
      this.catalogue.applyOfficers(changes.officerIds, officers);
      this.catalogue.applyCommunityMean(changes.communityMean);
      this.position = changes.position;
    }
    this.lookedAt = startedAt;
  }
}
