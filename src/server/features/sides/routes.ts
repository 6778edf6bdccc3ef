import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { sideSchema } from '#core/api.js';
import { sides } from '#server/db/schema.js';
import { cacheTags } from '#server/read-cache/tags.js';
import type { App } from '#server/types.js';

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
