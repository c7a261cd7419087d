import {
  type RenderTemplateRequestSchema,
  type TemplateTextArea,
  TEMPLATE_MESSAGES,
  type UploadResponse,
  fillTemplateLines,
  templateValues,
} from '@aaspaas/domain';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { z } from 'zod';
import type { UserRow } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { UPLOADS_PREFIX, keyOfMediaUrl } from '../media/media-keys';
import { localDiskStorage } from '../media/media-storage-service';
import { renderTemplateImage } from './template-image';

type TemplateDraft = { backgroundUrl: string; text: string; textColor: string; textArea: TemplateTextArea };

/** What the admin's preview fills a draft with: a business as a visitor would see one. */
const SAMPLE_VALUES = templateValues({
  businessName: 'Sharma General Store',
  city: 'Pune',
  phone: '9876543210',
  offer: 'Flat 20% off this week',
  mrpPaise: 50_000,
  ourPricePaise: 40_000,
  validUntil: '2026-12-31',
});
const PREVIEW_WIDTH = 720;

declare module 'fastify' {
  interface FastifyInstance {
    templateImages: {
      /** A draft (the admin's form) drawn with sample business details, as a small JPEG; nothing is stored. */
      preview(draft: TemplateDraft): Promise<Buffer>;
      /** The template filled with the business's details, stored as an upload of the business. */
      render(user: UserRow, templateId: string, input: z.output<typeof RenderTemplateRequestSchema>): Promise<UploadResponse>;
    };
  }
}

export default fp(
  async (fastify) => {
    const ownRenders = localDiskStorage(fastify.config.mediaDir);

    /**
     * Backgrounds are our own media files, never fetched from elsewhere: the seeded ones from the
     * media folder, an uploaded one from wherever uploads are stored (disk or bucket).
     */
    async function readBackground(url: string): Promise<Buffer> {
      const key = keyOfMediaUrl(url);
      try {
        if (!key) throw new Error(`template background is not one of our media files: ${url}`);
        const source = key.startsWith(UPLOADS_PREFIX) ? fastify.mediaStorage : ownRenders;
        const file = await source.get(key);
        if (!file) throw new Error(`template background missing: ${key}`);
        return Buffer.concat(await file.body.toArray());
      } catch (err) {
        fastify.log.error({ err, url }, 'template background unavailable');
        throw new AppError('SERVICE_UNAVAILABLE', TEMPLATE_MESSAGES.backgroundMissing);
      }
    }

    fastify.decorate('templateImages', {
      async preview(draft: TemplateDraft) {
        const image = await renderTemplateImage(
          await readBackground(draft.backgroundUrl),
          draft,
          fillTemplateLines(draft.text, SAMPLE_VALUES),
        );
        return sharp(image).resize({ width: PREVIEW_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
      },
      async render(user: UserRow, templateId: string, input: z.output<typeof RenderTemplateRequestSchema>) {
        const template = await fastify.templatesRepository.byId(templateId);
        if (!template) throw AppError.notFound(TEMPLATE_MESSAGES.notFound);
        const values = templateValues({
          businessName: user.businessName,
          city: user.city,
          phone: user.businessPhone,
          offer: input.offer,
          mrpPaise: input.mrpPaise,
          ourPricePaise: input.ourPricePaise,
          validUntil: input.validUntil,
        });
        const image = await renderTemplateImage(
          await readBackground(template.backgroundUrl),
          template,
          fillTemplateLines(template.text, values),
        );
        return fastify.uploads.save(user.id, image);
      },
    });
  },
  { name: 'template-render-service', dependencies: ['env', 'media-storage', 'templates-repository', 'uploads-service'] },
);
