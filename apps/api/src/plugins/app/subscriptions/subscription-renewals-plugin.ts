import fp from 'fastify-plugin';

/** The queue of the renewal job; a run every 15 minutes renews what fell due since the last. */
export const SUBSCRIPTION_RENEWALS_QUEUE = 'subscription-renewals';
const EVERY_15_MINUTES = '*/15 * * * *';

/**
 * Renews plans at their period's end from the job queue (docs/product.md §10). Any process may work
 * the job: each due subscription is taken under a row lock that skips rows another run holds, and a
 * period's charge has its own idempotency key, so two runs never charge twice.
 */
export default fp(
  async (fastify) => {
    if (!fastify.config.JOBS_RECURRING) return;
    fastify.addHook('onReady', async () => {
      await fastify.jobsService.work(SUBSCRIPTION_RENEWALS_QUEUE, async () => {
        const report = await fastify.subscriptionsService.renewDue();
        if (report.renewed + report.inGrace + report.ended > 0) fastify.log.info({ report }, 'subscription renewals');
      });
      await fastify.jobsService.schedule(SUBSCRIPTION_RENEWALS_QUEUE, EVERY_15_MINUTES, {});
    });
  },
  { name: 'subscription-renewals-plugin', dependencies: ['env', 'jobs-service', 'subscriptions-service'] },
);
