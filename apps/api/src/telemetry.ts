import { register } from 'node:module';
import { type Env, loadEnv } from './config/env';

/**
 * OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT is set. Imported first by the process's
 * entry (server.ts), before any module it instruments is loaded: the app is ESM, and an ES module is
 * instrumented only through the loader hook (import-in-the-middle) registered before the module
 * loads, so the entry imports the app itself dynamically, after this module has run. Unset endpoint:
 * nothing below the check runs and the SDK is never loaded.
 */

type Telemetry = { shutdown(): Promise<void> };

async function startTelemetry(): Promise<Telemetry | null> {
  let env: Env;
  try {
    env = loadEnv();
  } catch {
    // A bad setting is reported by the server's start a moment later, in its own words.
    return null;
  }
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  // Only the modules an instrumentation asks for are wrapped, not every module the app loads.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }, otel] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    // Traces only: the SDK's exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (adding /v1/traces),
    // OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf unless set) and OTEL_EXPORTER_OTLP_HEADERS. Metrics
    // are Prometheus's (METRICS_PORT) and logs go to stdout, so neither is exported from here.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation(),
      // Fastify's own spans (route, hooks, handler) on every instance, as it is created.
      new otel.FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // Statements only, never their values (the default), and no span per connect from the pool.
      new PgInstrumentation({ ignoreConnectSpans: true }),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return sdk;
}

const telemetry = await startTelemetry();

/** Sends the spans still buffered and stops tracing: the last step of a clean shutdown. */
export async function stopTelemetry(): Promise<void> {
  await telemetry?.shutdown();
}
