import {
  type RenderTemplateRequestSchema,
  type TemplateTextArea,
  TEMPLATE_MESSAGES,
  type UploadResponse,
  type Language,
  fillTemplateLines,
  templateValues,
  templateWording,
} from '@aaspaas/domain';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Env } from '#src/config/env';
import type { UserRow } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { UPLOADS_PREFIX, keyOfMediaUrl } from '../media/media-keys';
import type { MediaStorage } from '../media/media-storage';
import { localDiskStorage } from '../media/media-storage-service';
import type { UploadsService } from '../media/uploads-service';
import { pictureFontsProblem } from './picture-fonts';
import { renderTemplateImage } from './template-image';
import type { TemplatesRepository } from './templates-repository';

type TemplateDraft = { backgroundUrl: string; text: string; textColor: string; textArea: TemplateTextArea; language: Language };

/** What the admin's preview fills a draft with: a business as a visitor would see one, in the draft's language. */
const sampleValues = (language: Language) =>
  templateValues({
    businessName: 'Sharma General Store',
    city: 'Pune',
    phone: '9876543210',
    offer: language === 'hi' ? 'इस हफ़्ते सब पर 20% छूट' : 'Flat 20% off this week',
    mrpPaise: 50_000,
    ourPricePaise: 40_000,
    validUntil: '2026-12-31',
    language,
  });
const PREVIEW_WIDTH = 720;

/** Template images: a template's background with a business's details drawn on it, saved as its upload. */
export function createTemplateRenderService(deps: {
  config: Env;
  log: FastifyBaseLogger;
  mediaStorage: MediaStorage;
  templatesRepository: TemplatesRepository;
  uploadsService: UploadsService;
}) {
  const { log, templatesRepository, uploadsService } = deps;
  // A starter background rendered before renders went to the media storage is still on this disk.
  const ownRenders = localDiskStorage(deps.config.mediaDir);

  /**
   * Backgrounds are our own media files, never fetched from elsewhere: from the media storage (disk or
   * bucket), where uploads and the starter backgrounds are (ADR 046).
   */
  async function readBackground(url: string): Promise<Buffer> {
    const key = keyOfMediaUrl(url);
    try {
      if (!key) throw new Error(`template background is not one of our media files: ${url}`);
      const file =
        (await deps.mediaStorage.get(key)) ??
        (key.startsWith(UPLOADS_PREFIX) || deps.mediaStorage.kind === 'disk' ? null : await ownRenders.get(key));
      if (!file) throw new Error(`template background missing: ${key}`);
      return Buffer.concat(await file.body.toArray());
    } catch (err) {
      log.error({ err, url }, 'template background unavailable');
      throw new AppError('SERVICE_UNAVAILABLE', TEMPLATE_MESSAGES.backgroundMissing);
    }
  }

  return {
    /** A draft (the admin's form) drawn with sample business details, as a small JPEG; nothing is stored. */
    async preview(draft: TemplateDraft): Promise<Buffer> {
      const image = await renderTemplateImage(
        await readBackground(draft.backgroundUrl),
        draft,
        fillTemplateLines(draft.text, sampleValues(draft.language)),
      );
      return sharp(image).resize({ width: PREVIEW_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    },

    /** The template filled with the business's details, in the asked language, stored as an upload of the business. */
    async render(
      user: UserRow,
      templateId: string,
      input: z.output<typeof RenderTemplateRequestSchema>,
    ): Promise<UploadResponse> {
      const template = await templatesRepository.byId(templateId);
      if (!template) throw AppError.notFound(TEMPLATE_MESSAGES.notFound);
      const values = templateValues({
        businessName: user.businessName,
        city: user.city,
        phone: user.businessPhone,
        offer: input.offer,
        mrpPaise: input.mrpPaise,
        ourPricePaise: input.ourPricePaise,
        validUntil: input.validUntil,
        language: input.language,
      });
      const image = await renderTemplateImage(
        await readBackground(template.backgroundUrl),
        template,
        fillTemplateLines(templateWording(template, input.language).text, values),
      );
      return uploadsService.save(user.id, image);
    },
  };
}

export type TemplateRenderService = ReturnType<typeof createTemplateRenderService>;

declare module 'fastify' {
  interface FastifyInstance {
    templateRenderService: TemplateRenderService;
  }
}

export default fp(
  async (fastify) => {
    const { config, log, templatesRepository, uploadsService } = fastify;
    const fontsProblem = pictureFontsProblem();
    if (fontsProblem)
      log.warn({ problem: fontsProblem }, 'picture fonts not set up: Hindi picture text is drawn with the machine fonts');
    fastify.decorate(
      'templateRenderService',
      createTemplateRenderService({
        config,
        log,
        mediaStorage: fastify.mediaStorageService,
        templatesRepository,
        uploadsService,
      }),
    );
  },
  { name: 'template-render-service', dependencies: ['env', 'media-storage-service', 'templates-repository', 'uploads-service'] },
);
