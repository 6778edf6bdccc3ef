import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { sideSchema } from '#core/api.js';
import { sides } from '#server/platform/db/schema.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import type { App } from '#server/platform/types.js';

export async function sideRoutes(app: App) {
  app.get(
    '/sides',
    {
      config: { cache: { public: () => [cacheTags.lists] } },
      schema: { summary: 'List the sides (Union and Confederacy)', tags: ['Reference'], response: { 200: z.array(sideSchema) } },
    },
    async () => {
      return app.db.select().from(sides).orderBy(asc(sides.id));
    },
  );
}
