import config from './playwright.config';

// Local only (not committed): the same run with a longer server start on a loaded machine.
export default { ...config, webServer: { ...(config.webServer as object), timeout: 540_000 } };
