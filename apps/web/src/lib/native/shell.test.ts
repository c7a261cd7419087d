import { afterEach, describe, expect, it } from 'vitest';
import type { AppLauncherPlugin, AppPlugin, KeyboardPlugin, SplashScreenPlugin, StatusBarModule } from './plugins';
import { externalLinkOf, onBackButton, pathOfOpenedLink, startNativeShell } from './shell';

function router(path: string, leave = true) {
  const log: string[] = [];
  return {
    log,
    deps: {
      navigate: (to: string) => void log.push(`navigate ${to}`),
      back: () => void log.push('back'),
      currentPath: () => path,
      confirmLeave: () => {
        log.push('asked');
        return leave;
      },
    },
    app: { exitApp: async () => void log.push('exit') } as Pick<AppPlugin, 'exitApp'>,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the hardware back button', () => {
  it('goes back through the app history on any page but the feed', () => {
    const r = router('/business/b1');
    onBackButton({ canGoBack: true }, r.deps, r.app);
    expect(r.log).toEqual(['back']);
  });

  it('goes to the feed from a page opened first (a link), with no history to go back to', () => {
    const r = router('/join/b1');
    onBackButton({ canGoBack: false }, r.deps, r.app);
    expect(r.log).toEqual(['navigate /']);
  });

  it('asks on the feed before leaving the app, and stays when the answer is no', () => {
    const yes = router('/', true);
    onBackButton({ canGoBack: true }, yes.deps, yes.app);
    expect(yes.log).toEqual(['asked', 'exit']);
    const no = router('/', false);
    onBackButton({ canGoBack: true }, no.deps, no.app);
    expect(no.log).toEqual(['asked']);
  });

  it('closes an open dialog first (Escape, as a keyboard would)', () => {
    document.body.innerHTML = '<div role="dialog"><button>Close</button></div>';
    const escapes: string[] = [];
    document.addEventListener('keydown', (e) => escapes.push(e.key), { once: true });
    const r = router('/');
    onBackButton({ canGoBack: true }, r.deps, r.app);
    expect(escapes).toEqual(['Escape']);
    expect(r.log).toEqual([]);
  });
});

describe('links into and out of the app', () => {
  it('opens a site link Android handed to the app (App Links) at that page, query included', () => {
    expect(pathOfOpenedLink('https://aaspaas.in/?post=p-42')).toBe('/?post=p-42');
    expect(pathOfOpenedLink('https://aaspaas.in/business/b-7')).toBe('/business/b-7');
    expect(pathOfOpenedLink('not a url')).toBeNull();
  });

  it('hands links that leave the app to Android and keeps the app own links', () => {
    const origin = 'https://localhost';
    document.body.innerHTML = `
      <a id="wa" href="https://wa.me/919820012345?text=Hi">WhatsApp</a>
      <a id="tel" href="tel:+919820012345">Call</a>
      <a id="upi" href="upi://pay?pa=shop@upi&am=10">Pay</a>
      <a id="mail" href="mailto:help@aaspaas.in">Mail</a>
      <a id="own" href="/business/b1">Shop</a>`;
    const click = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, button: 0 });
      Object.defineProperty(event, 'target', { value: document.getElementById(id) });
      return externalLinkOf(event, origin);
    };
    expect(click('wa')).toBe('https://wa.me/919820012345?text=Hi');
    expect(click('tel')).toBe('tel:+919820012345');
    expect(click('upi')).toBe('upi://pay?pa=shop@upi&am=10');
    expect(click('mail')).toBe('mailto:help@aaspaas.in');
    expect(click('own')).toBeNull();
  });
});

describe('startNativeShell', () => {
  it('hides the splash only once the first screen is drawn, colours the status bar, and listens to back and opened links', async () => {
    const log: string[] = [];
    const listeners = new Map<string, (event: never) => void>();
    let drawn: () => void = () => undefined;
    const firstScreen = new Promise<void>((resolve) => {
      drawn = resolve;
    });
    const shell = startNativeShell({
      navigate: (to) => void log.push(`navigate ${to}`),
      back: () => void log.push('back'),
      currentPath: () => '/business/b1',
      confirmLeave: () => true,
      firstScreen,
      load: {
        splash: async () => ({ hide: async () => void log.push('splash hidden') }) as unknown as SplashScreenPlugin,
        statusBar: async () =>
          ({
            Style: { Dark: 'DARK' },
            StatusBar: {
              setStyle: async (o: { style: string }) => void log.push(`style ${o.style}`),
              setBackgroundColor: async (o: { color: string }) => void log.push(`colour ${o.color}`),
            },
          }) as unknown as StatusBarModule,
        app: async () =>
          ({
            addListener: async (name: string, fn: (event: never) => void) => void listeners.set(name, fn),
            exitApp: async () => undefined,
          }) as unknown as AppPlugin,
        keyboard: async () =>
          ({
            addListener: async (name: string, fn: (event: never) => void) => void listeners.set(name, fn),
          }) as unknown as KeyboardPlugin,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).not.toContain('splash hidden');
    expect(log).toEqual(expect.arrayContaining(['style DARK', 'colour #c2410c']));
    drawn();
    await shell;
    expect(log).toContain('splash hidden');
    listeners.get('appUrlOpen')!({ url: 'https://aaspaas.in/?post=p9' } as never);
    listeners.get('backButton')!({ canGoBack: true } as never);
    expect(log.slice(-2)).toEqual(['navigate /?post=p9', 'back']);
    expect(listeners.has('keyboardDidShow')).toBe(true);
  });
});

describe('openExternal', async () => {
  const { openExternal } = await import('./open-external');
  it('asks Android to open the link in the app that handles it', async () => {
    const opened: string[] = [];
    const load = async () =>
      ({ openUrl: async ({ url }: { url: string }) => (opened.push(url), { completed: true }) }) as unknown as AppLauncherPlugin;
    await openExternal('upi://pay?pa=shop@upi', { native: true, load, assign: () => opened.push('web') });
    expect(opened).toEqual(['upi://pay?pa=shop@upi']);
  });

  it('falls back to the WebView when no app took it, and on the web goes straight there', async () => {
    const opened: string[] = [];
    const load = async () => ({ openUrl: async () => ({ completed: false }) }) as unknown as AppLauncherPlugin;
    await openExternal('https://wa.me/91', { native: true, load, assign: (u) => opened.push(`assign ${u}`) });
    await openExternal('tel:+91', { native: false, load, assign: (u) => opened.push(`assign ${u}`) });
    expect(opened).toEqual(['assign https://wa.me/91', 'assign tel:+91']);
  });
});
