import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { sideSchema } from '../../../core/api.js';
import { sides } from '../../db/schema.js';
import { cacheTags } from '../../read-cache/tags.js';
import type { App } from '../../types.js';

export async function sideRoutes(app: App) {
  app.get('/sides', { config: { cache: { public: () => [cacheTags.lists] } }, schema: { response: { 200: z.array(sideSchema) } } }, async () => {
    return app.db.select().from(sides).orderBy(asc(sides.id));
  });
}
