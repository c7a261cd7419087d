import {
  type LedgerKind,
  WALLET_ADJUSTMENT_MESSAGES,
  type WalletAdjustmentRequest,
  type WalletAdjustmentResult,
} from '@aaspaas/domain';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { AppError } from '#src/lib/app-error';
import type { AuditRecord, AuditRepository } from '../audit/audit-repository';
import { type LedgerRepository, toLedgerEntry } from './ledger-repository';

const KIND: Record<WalletAdjustmentRequest['direction'], LedgerKind> = { credit: 'admin_credit', debit: 'admin_debit' };

/** The ledger key of an adjustment: the client's key in a namespace of its own, so no other charge can take it. */
export const adjustmentLedgerKey = (idempotencyKey: string) => `admin-adjustment:${idempotencyKey}`;

/**
 * The admin's credit or debit of a business's wallet, with a reason the business sees (docs/product.md §2,
 * Admin routes). The ledger entry (kind admin_credit/admin_debit, cause the adjustment) and its audit row
 * are written in one transaction; the client's key makes a double-click or a retry move the money once.
 */
export function createWalletAdjustmentService(deps: { db: Db; ledger: LedgerRepository; audit: AuditRepository }) {
  const { db, ledger, audit } = deps;
  return {
    async adjust(admin: AuditRecord['admin'], userId: string, request: WalletAdjustmentRequest): Promise<WalletAdjustmentResult> {
      const kind = KIND[request.direction];
      return db.transaction(async (tx) => {
        const move = request.direction === 'credit' ? ledger.credit : ledger.debit;
        const { entry, repeated } = await move(tx, {
          userId,
          kind,
          amountPaise: request.amountPaise,
          idempotencyKey: adjustmentLedgerKey(request.idempotencyKey),
          note: request.reason,
          causeType: 'admin',
          causeId: request.idempotencyKey,
        });
        if (repeated) {
          // The same key with other details is a client's mistake, not a retry: say so rather than answer
          // an adjustment the admin did not ask for this time.
          if (entry.kind !== kind || Math.abs(entry.amountPaise) !== request.amountPaise || entry.note !== request.reason) {
            throw new AppError('CONFLICT', WALLET_ADJUSTMENT_MESSAGES.keyReused);
          }
          return { entry: toLedgerEntry(entry, null), balancePaise: await ledger.balance(userId, tx), repeated: true };
        }
        await audit.record(tx, {
          admin,
          action: 'user.wallet-adjust',
          targetType: 'user',
          targetId: userId,
          before: { balancePaise: entry.balanceAfterPaise - entry.amountPaise },
          after: { balancePaise: entry.balanceAfterPaise, kind, amountPaise: entry.amountPaise, ledgerEntryId: String(entry.id) },
          reason: request.reason,
        });
        return { entry: toLedgerEntry(entry, null), balancePaise: entry.balanceAfterPaise, repeated: false };
      });
    },
  };
}

export type WalletAdjustmentService = ReturnType<typeof createWalletAdjustmentService>;

declare module 'fastify' {
  interface FastifyInstance {
    walletAdjustmentService: WalletAdjustmentService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'walletAdjustmentService',
      createWalletAdjustmentService({ db: fastify.db, ledger: fastify.ledgerRepository, audit: fastify.auditRepository }),
    );
  },
  { name: 'wallet-adjustment-service', dependencies: ['db', 'ledger-repository', 'audit-repository'] },
);
