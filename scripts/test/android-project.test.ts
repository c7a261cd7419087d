import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The Android app's native project as `npm run android:sync` leaves it (offline, a few seconds: the
 * web build for the app, then `cap sync`): what a phone would get, short of Gradle and the SDK,
 * which these machines do not have (the APK is built by .github/workflows/android.yml).
 */
const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'apps/web');
const android = path.join(web, 'android');
const main = path.join(android, 'app/src/main');
const read = (file: string) => readFileSync(file, 'utf8');

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: () => true });
type Node = Record<string, unknown>;
/** Every element named `name` anywhere below `node`. */
function all(node: unknown, name: string): Node[] {
  if (Array.isArray(node)) return node.flatMap((n) => all(n, name));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Node).flatMap(([key, value]) =>
    key === name ? [...(value as Node[]), ...all(value, name)] : all(value, name),
  );
}
const attr = (node: Node, name: string) => (node[name] as string[] | string | undefined)?.toString();

/** What the manifest merger adds from each plugin's own manifest, and what the app's manifest removes. */
function pluginManifests(): string[] {
  const plugins = JSON.parse(read(path.join(main, 'assets/capacitor.plugins.json'))) as { pkg: string }[];
  return plugins.map((p) => path.join(root, 'node_modules', p.pkg, 'android/src/main/AndroidManifest.xml')).filter(existsSync);
}

describe('the Android app project after npm run android:sync', () => {
  let manifest: unknown;
  beforeAll(() => {
    execFileSync('npm', ['run', 'android:sync'], { cwd: root, stdio: 'pipe', env: { ...process.env, PUBLIC_URL: '' } });
    manifest = xml.parse(read(path.join(main, 'AndroidManifest.xml')));
  }, 240_000);

  it('is the app in.aaspaas.app named Aaspaas, serving the bundled web app from https://localhost', () => {
    const config = JSON.parse(read(path.join(main, 'assets/capacitor.config.json'))) as Record<string, unknown>;
    expect(config).toMatchObject({
      appId: 'in.aaspaas.app',
      appName: 'Aaspaas',
      server: { androidScheme: 'https', hostname: 'localhost' },
    });
    // Bundled, never a remote URL.
    expect((config.server as Node).url).toBeUndefined();
    expect(read(path.join(android, 'app/build.gradle'))).toMatch(/applicationId "in\.aaspaas\.app"/);
    expect(read(path.join(main, 'res/values/strings.xml'))).toContain('<string name="app_name">Aaspaas</string>');
  });

  it('bundles the web build for the app: its index.html, scripts and icons, the API origin baked in, no service worker', () => {
    const publicDir = path.join(main, 'assets/public');
    const html = read(path.join(publicDir, 'index.html'));
    const scripts = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(existsSync(path.join(publicDir, script)), script).toBe(true);
    expect(existsSync(path.join(publicDir, 'pwa-192.png'))).toBe(true);
    expect(existsSync(path.join(publicDir, 'sw.js'))).toBe(false);
    expect(html).not.toContain('registerSW');
    const code = readdirSync(path.join(publicDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => read(path.join(publicDir, 'assets', f)))
      .join('\n');
    expect(code).toContain('https://aaspaas.in');
  });

  it("keeps the plugins' code out of the first load: only loaders, which import it inside the app", () => {
    // The same build as the web's (vite.config.ts: only the service worker differs), so what the
    // entry and its preloads carry here is what a browser's first load of the feed carries.
    const publicDir = path.join(main, 'assets/public');
    const html = read(path.join(publicDir, 'index.html'));
    const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(firstLoad.length).toBeGreaterThan(3);
    const all = readdirSync(path.join(publicDir, 'assets')).filter((f) => f.endsWith('.js'));
    // @capacitor/core's registerPlugin: every plugin's code calls it, so its chunk comes with any of them.
    const native = all.filter((f) => read(path.join(publicDir, 'assets', f)).includes('registerPlugin'));
    expect(native.length).toBeGreaterThan(0);
    for (const file of firstLoad) expect(native, file).not.toContain(path.basename(file));
  });

  it('registers every Capacitor plugin the app depends on, natively and in Gradle', () => {
    const deps = Object.keys((JSON.parse(read(path.join(web, 'package.json'))) as { dependencies: Node }).dependencies).filter(
      (d) => /^@(capacitor|capgo)\//.test(d) && !['@capacitor/core', '@capacitor/android'].includes(d),
    );
    expect(deps).toEqual(
      expect.arrayContaining([
        '@capacitor/app',
        '@capacitor/app-launcher',
        '@capacitor/camera',
        '@capacitor/geolocation',
        '@capacitor/keyboard',
        '@capacitor/preferences',
        '@capacitor/share',
        '@capacitor/splash-screen',
        '@capacitor/status-bar',
        '@capgo/capacitor-social-login',
      ]),
    );
    const registered = (JSON.parse(read(path.join(main, 'assets/capacitor.plugins.json'))) as { pkg: string }[]).map(
      (p) => p.pkg,
    );
    expect(registered.sort()).toEqual([...deps].sort());
    const settings = read(path.join(android, 'capacitor.settings.gradle'));
    const build = read(path.join(android, 'app/capacitor.build.gradle'));
    for (const dep of deps) {
      const project = dep.replace('@', '').replace('/', '-');
      expect(settings, dep).toContain(`include ':${project}'`);
      expect(build, dep).toContain(`implementation project(':${project}')`);
    }
  });

  it('asks for the network, location and the camera, and for nothing else (plugins included)', () => {
    const declared = all(manifest, 'uses-permission');
    const removed = declared.filter((p) => attr(p, 'tools:node') === 'remove').map((p) => attr(p, 'android:name'));
    const fromPlugins = pluginManifests().flatMap((file) =>
      all(xml.parse(read(file)), 'uses-permission').map((p) => attr(p, 'android:name')),
    );
    const kept = [
      ...declared.filter((p) => attr(p, 'tools:node') !== 'remove').map((p) => attr(p, 'android:name')),
      ...fromPlugins,
    ];
    const merged = new Set(kept.filter((name) => !removed.includes(name)));
    expect([...merged].sort()).toEqual([
      'android.permission.ACCESS_COARSE_LOCATION',
      'android.permission.ACCESS_FINE_LOCATION',
      'android.permission.CAMERA',
      'android.permission.INTERNET',
    ]);
    // Phones without a camera or GPS can still install it.
    const features = all(manifest, 'uses-feature');
    expect(features.map((f) => [attr(f, 'android:name'), attr(f, 'android:required')])).toEqual(
      expect.arrayContaining([
        ['android.hardware.camera', 'false'],
        ['android.hardware.location.gps', 'false'],
      ]),
    );
  });

  it('can see the apps its links open (Android 11+ <queries>): WhatsApp, the dialer, email and UPI apps', () => {
    const queries = all(manifest, 'queries');
    expect(all(queries, 'package').map((p) => attr(p, 'android:name'))).toEqual(
      expect.arrayContaining(['com.whatsapp', 'com.whatsapp.w4b']),
    );
    const intents = all(queries, 'intent').map((intent) => ({
      action: all(intent, 'action').map((a) => attr(a, 'android:name'))[0],
      scheme: all(intent, 'data').map((d) => attr(d, 'android:scheme'))[0],
      host: all(intent, 'data').map((d) => attr(d, 'android:host'))[0],
    }));
    expect(intents).toEqual(
      expect.arrayContaining([
        { action: 'android.intent.action.VIEW', scheme: 'whatsapp', host: undefined },
        { action: 'android.intent.action.DIAL', scheme: 'tel', host: undefined },
        { action: 'android.intent.action.SENDTO', scheme: 'mailto', host: undefined },
        { action: 'android.intent.action.VIEW', scheme: 'upi', host: 'pay' },
      ]),
    );
  });

  it('starts UPI apps from Razorpay Checkout: upi:// links as Capacitor opens them, intent:// links by the app’s plugin', () => {
    // What the app relies on in Capacitor: a link that leaves the app goes to Android as a VIEW of
    // the URL (upi://pay opens a UPI app), after every plugin had its say (shouldOverrideLoad).
    const bridge = read(path.join(root, 'node_modules/@capacitor/android/capacitor/src/main/java/com/getcapacitor/Bridge.java'));
    const launch = bridge.slice(bridge.indexOf('public boolean launchIntent(Uri url)'));
    expect(launch.indexOf('plugin.shouldOverrideLoad(url)')).toBeGreaterThan(0);
    expect(launch.indexOf('plugin.shouldOverrideLoad(url)')).toBeLessThan(launch.indexOf('new Intent(Intent.ACTION_VIEW, url)'));
    // The app's plugin, registered before the bridge is built, turns intent:// links into the intent
    // they describe, limited as a browser limits them.
    const app = path.join(main, 'java/in/aaspaas/app');
    const activity = read(path.join(app, 'MainActivity.java'));
    expect(activity.indexOf('registerPlugin(IntentLinksPlugin.class)')).toBeGreaterThan(0);
    expect(activity.indexOf('registerPlugin(IntentLinksPlugin.class)')).toBeLessThan(activity.indexOf('super.onCreate('));
    const plugin = read(path.join(app, 'IntentLinksPlugin.java'));
    expect(plugin).toMatch(/public Boolean shouldOverrideLoad\(Uri url\)/);
    expect(plugin).toContain('"intent".equals(url.getScheme())');
    expect(plugin).toContain('Intent.parseUri(url.toString(), Intent.URI_INTENT_SCHEME)');
    for (const limit of ['addCategory(Intent.CATEGORY_BROWSABLE)', 'setComponent(null)', 'setSelector(null)']) {
      expect(plugin, limit).toContain(limit);
    }
    // And Checkout is asked for UPI intents in the app's build (the wallet's chunk).
    const assets = path.join(main, 'assets/public/assets');
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => read(path.join(assets, f)));
    expect(code.some((c) => c.includes('webview_intent'))).toBe(true);
  });

  it('opens the site’s post, business and join links itself (App Links, verified) on the PUBLIC_URL host', () => {
    const filters = all(all(manifest, 'activity'), 'intent-filter').filter((f) => attr(f, 'android:autoVerify') === 'true');
    const links = filters.map((f) => {
      const data = all(f, 'data')[0]!;
      expect(all(f, 'category').map((c) => attr(c, 'android:name'))).toEqual(
        expect.arrayContaining(['android.intent.category.DEFAULT', 'android.intent.category.BROWSABLE']),
      );
      return `${attr(data, 'android:scheme')}://${attr(data, 'android:host')}${attr(data, 'android:path') ?? `${attr(data, 'android:pathPrefix')}*`}`;
    });
    expect(links.sort()).toEqual([
      'https://${appLinksHost}/',
      'https://${appLinksHost}/business/*',
      'https://${appLinksHost}/join/*',
    ]);
    // The placeholder is PUBLIC_URL's host, with the production site when unset.
    const gradle = read(path.join(android, 'app/build.gradle'));
    expect(gradle).toMatch(/def appLinksHost = new URI\(System\.getenv\('PUBLIC_URL'\) \?: 'https:\/\/aaspaas\.in'\)\.host/);
    expect(gradle).toMatch(/manifestPlaceholders = \[appLinksHost: appLinksHost\]/);
  });

  it('is portrait, resizes for the keyboard, and has the brand icons and splash', () => {
    const activity = all(manifest, 'activity')[0]!;
    expect(attr(activity, 'android:screenOrientation')).toBe('portrait');
    expect(attr(activity, 'android:windowSoftInputMode')).toBe('adjustResize');
    const res = path.join(main, 'res');
    for (const density of ['mdpi', 'hdpi', 'xhdpi', 'xxhdpi', 'xxxhdpi']) {
      for (const icon of ['ic_launcher.png', 'ic_launcher_round.png', 'ic_launcher_foreground.png']) {
        expect(existsSync(path.join(res, `mipmap-${density}`, icon)), `${density} ${icon}`).toBe(true);
      }
      expect(existsSync(path.join(res, `drawable-port-${density}`, 'splash.png'))).toBe(true);
    }
    expect(read(path.join(res, 'values/ic_launcher_background.xml'))).toContain('#C2410C');
  });
});
