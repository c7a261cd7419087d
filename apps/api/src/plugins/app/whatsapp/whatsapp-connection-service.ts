import {
  type WhatsAppConnectionInput,
  type WhatsAppSetup,
  type WhatsAppTemplate,
  WHATSAPP_MESSAGES,
  whatsappVariableCount,
} from '@aaspaas/domain';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { whatsappConnections, type WhatsAppTemplateRow, whatsappTemplates } from '#src/db/schema';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/lib/app-error';
import type { CloudFailure, WhatsAppAccount, WhatsAppCloud } from './cloud/whatsapp-cloud';
import type { TokenCipher } from './token-cipher';

export type WhatsAppConnectionService = ReturnType<typeof createWhatsAppConnectionService>;

declare module 'fastify' {
  interface FastifyInstance {
    whatsappConnections: WhatsAppConnectionService;
  }
}

function toTemplate(row: WhatsAppTemplateRow): WhatsAppTemplate {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    body: row.body,
    variables: row.variables,
    status: row.status,
    optOutButton: row.optOutButton,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The Cloud API's refusal as the business should read it; an outage is a 503 to try again. */
function cloudError(failure: CloudFailure): AppError {
  if (failure.kind === 'refused') return AppError.badRequest(WHATSAPP_MESSAGES.tokenRefused, { field: 'accessToken' });
  if (failure.error === 'not-in-account')
    return AppError.badRequest(WHATSAPP_MESSAGES.numberNotInAccount, { field: 'phoneNumberId' });
  if (failure.kind === 'permanent') return AppError.badRequest(WHATSAPP_MESSAGES.tokenRefused, { field: 'accessToken' });
  return new AppError('SERVICE_UNAVAILABLE', WHATSAPP_MESSAGES.cloudUnreachable);
}

/** A business's WhatsApp number and its templates (docs/product.md §12, ADR 050). */
export function createWhatsAppConnectionService(deps: { db: Db; cloud: WhatsAppCloud; cipher: TokenCipher }) {
  const { db, cloud, cipher } = deps;

  async function account(userId: string): Promise<WhatsAppAccount | null> {
    const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.userId, userId)).limit(1);
    const accessToken = row ? cipher.open(row.accessTokenEnc) : null;
    return row && accessToken ? { phoneNumberId: row.phoneNumberId, wabaId: row.wabaId, accessToken } : null;
  }

  async function setup(userId: string): Promise<WhatsAppSetup> {
    const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.userId, userId)).limit(1);
    const templates = await db
      .select()
      .from(whatsappTemplates)
      .where(eq(whatsappTemplates.userId, userId))
      .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
    return {
      provider: cloud.name,
      connection: row
        ? {
            phoneNumberId: row.phoneNumberId,
            wabaId: row.wabaId,
            displayPhoneNumber: row.displayPhoneNumber,
            verifiedName: row.verifiedName,
            tokenEnding: row.tokenEnding,
            connectedAt: row.connectedAt.toISOString(),
            templatesSyncedAt: row.templatesSyncedAt?.toISOString() ?? null,
          }
        : null,
      templates: templates.map(toTemplate),
    };
  }

  /** Replaces the business's templates with the account's list (a campaign copies what it sends when confirmed). */
  async function syncTemplates(userId: string): Promise<WhatsAppSetup> {
    const acc = await account(userId);
    if (!acc) throw AppError.badRequest(WHATSAPP_MESSAGES.notConnected);
    const listed = await cloud.templates(acc);
    if (!listed.ok) throw cloudError(listed);
    const now = new Date();
    await db.transaction(async (tx) => {
      if (listed.value.length) {
        await tx
          .insert(whatsappTemplates)
          .values(listed.value.map((t) => ({ userId, ...t, variables: whatsappVariableCount(t.body), updatedAt: now })))
          .onConflictDoUpdate({
            target: [whatsappTemplates.userId, whatsappTemplates.name, whatsappTemplates.language],
            set: {
              metaId: sql`excluded.meta_id`,
              category: sql`excluded.category`,
              body: sql`excluded.body`,
              variables: sql`excluded.variables`,
              status: sql`excluded.status`,
              optOutButton: sql`excluded.opt_out_button`,
              updatedAt: now,
            },
          });
      }
      const keep = listed.value.map((t) => t.metaId);
      await tx
        .delete(whatsappTemplates)
        .where(and(eq(whatsappTemplates.userId, userId), keep.length ? notInArray(whatsappTemplates.metaId, keep) : undefined));
      await tx.update(whatsappConnections).set({ templatesSyncedAt: now }).where(eq(whatsappConnections.userId, userId));
    });
    return setup(userId);
  }

  return {
    account,
    setup,
    syncTemplates,

    /** Checks the ids and the token with one harmless call, keeps them (the token encrypted), then syncs the templates. */
    async connect(userId: string, input: WhatsAppConnectionInput): Promise<WhatsAppSetup> {
      const info = await cloud.numberInfo(input);
      if (!info.ok) throw cloudError(info);
      const values = {
        phoneNumberId: input.phoneNumberId,
        wabaId: input.wabaId,
        accessTokenEnc: cipher.seal(input.accessToken),
        tokenEnding: input.accessToken.slice(-4),
        displayPhoneNumber: info.value.displayPhoneNumber,
        verifiedName: info.value.verifiedName,
        connectedAt: new Date(),
      };
      try {
        await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ wabaId: whatsappConnections.wabaId })
            .from(whatsappConnections)
            .where(eq(whatsappConnections.userId, userId))
            .for('update');
          // Another account's templates are not this one's.
          if (before && before.wabaId !== input.wabaId)
            await tx.delete(whatsappTemplates).where(eq(whatsappTemplates.userId, userId));
          await tx
            .insert(whatsappConnections)
            .values({ userId, ...values })
            .onConflictDoUpdate({ target: whatsappConnections.userId, set: values });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.numberTaken, { field: 'phoneNumberId' });
        throw err;
      }
      try {
        return await syncTemplates(userId);
      } catch (err) {
        // Connected; the templates can be synced again from the set-up page.
        if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') return setup(userId);
        throw err;
      }
    },

    async disconnect(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(whatsappTemplates).where(eq(whatsappTemplates.userId, userId));
        await tx.delete(whatsappConnections).where(eq(whatsappConnections.userId, userId));
      });
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'whatsappConnections',
      createWhatsAppConnectionService({ db: fastify.db, cloud: fastify.whatsappCloud, cipher: fastify.whatsappTokenCipher }),
    );
  },
  { name: 'whatsapp-connection-service', dependencies: ['db', 'whatsapp-cloud-plugin'] },
);
