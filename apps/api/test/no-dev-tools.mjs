// Preloaded (`node --import`) into the built server by the tests: any load of a build or test tool
// fails the process, so a production install (no devDependencies) would run what the test ran.
import module from 'node:module';

const DEV_TOOLS = /^(tsx|vite|vitest|esbuild|typescript|drizzle-kit|@vitejs\/|@esbuild-kit\/)(\/|$)/;

module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (DEV_TOOLS.test(specifier)) throw new Error(`the built server loaded a build tool: ${specifier}`);
    return nextResolve(specifier, context);
  },
});
