import { z } from 'zod';

/** GET /api/android-app: what the menu's "Download Android App" offers (docs/product.md §2). */
export const AndroidAppInfoSchema = z
  .object({
    /** The app's Play Store listing; null until it is published (the web app install is offered instead). */
    playStoreUrl: z.string().url().nullable(),
  })
  .meta({ id: 'AndroidAppInfo' });
export type AndroidAppInfo = z.infer<typeof AndroidAppInfoSchema>;
