import type { Redis } from 'ioredis';
import type { SmsGateway } from './gateways/sms-gateway';

/** When this process may hand over its next message: `take()` waits for the slot it reserves. */
export type SendRate = { take(): Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reserves the next free slot of the platform's schedule: slots are 1/rate s apart, whoever asks.
 * Redis's own clock, so processes on machines whose clocks differ share one schedule. Returns the
 * milliseconds to wait for the slot.
 */
const RESERVE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local gap = tonumber(ARGV[1])
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
redis.call('SET', KEYS[1], tostring(slot + gap), 'PX', math.ceil(slot + gap - now) + 1000)
return slot - now
`;

/** The same schedule in this process alone. */
function localSlots(gapMs: number) {
  let next = 0;
  return () => {
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + gapMs;
    return slot - now;
  };
}

/**
 * A provider's rate on one schedule (`key`): the SMS aggregator's SMS_RATE_PER_S for the whole platform
 * (ADR 046), and a WhatsApp number's WHATSAPP_RATE_PER_S (ADR 057). Every message waits for its own
 * slot, 1/rate s after the one before it, on a schedule every process shares through Redis, so N
 * senders together hand over at most the rate in any second, evenly, as a provider's per-second window
 * expects. Without Redis, or while it is away, the schedule is this process's own: one sending process
 * keeps the rate, several may exceed it.
 */
export function createSendRate(deps: { ratePerSecond: number; redis?: Redis | undefined; key: string }): SendRate {
  const gapMs = 1000 / deps.ratePerSecond;
  const local = localSlots(gapMs);
  const { redis } = deps;
  async function waitMs(): Promise<number> {
    if (!redis || redis.status !== 'ready') return local();
    try {
      return Number(await redis.eval(RESERVE_SLOT, 1, deps.key, String(gapMs)));
    } catch {
      // Redis failed mid-way: this process's own schedule, at once.
      return local();
    }
  }
  return {
    async take() {
      const ms = await waitMs();
      if (ms > 0) await sleep(ms);
    },
  };
}

/** Schedules kept per process: a number's is made again from Redis's state when it was dropped. */
const RATES_KEPT = 1_000;

/**
 * One schedule per id (a WhatsApp number's phone-number id), each `keyPrefix` + the id in Redis, made
 * when first asked for; the most recently used RATES_KEPT are kept.
 */
export function sendRatesById(deps: { ratePerSecond: number; redis?: Redis | undefined; keyPrefix: string }) {
  const rates = new Map<string, SendRate>();
  return (id: string): SendRate => {
    const rate = rates.get(id) ?? createSendRate({ ...deps, key: `${deps.keyPrefix}${id}` });
    rates.delete(id);
    rates.set(id, rate);
    if (rates.size > RATES_KEPT) rates.delete(rates.keys().next().value!);
    return rate;
  };
}

/** `gateway`, each submission waiting for its slot of `rate` first. */
export function pacedGateway(gateway: SmsGateway, rate: SendRate): SmsGateway {
  return {
    name: gateway.name,
    idempotent: gateway.idempotent,
    ratePerSecond: gateway.ratePerSecond,
    async submit(sms) {
      await rate.take();
      return gateway.submit(sms);
    },
    listen: (listeners) => gateway.listen(listeners),
    close: () => gateway.close(),
  };
}
