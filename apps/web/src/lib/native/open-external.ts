import { type AppLauncherPlugin, loadAppLauncher, type Loader } from './plugins';
import { isNativeApp } from './platform';

/**
 * Opens a link that leaves the app: WhatsApp (wa.me, whatsapp://), the dialer (tel:), email
 * (mailto:), a UPI app (upi://) or any other site. Inside the app Android picks the app that handles
 * it (the manifest's <queries> make them visible); on the web the browser does.
 */
export async function openExternal(
  url: string,
  deps: { native?: boolean; load?: Loader<AppLauncherPlugin>; assign?: (url: string) => void } = {},
): Promise<void> {
  const { native = isNativeApp(), load = loadAppLauncher, assign = (u) => window.location.assign(u) } = deps;
  if (native) {
    const launcher = await load();
    const { completed } = await launcher.openUrl({ url });
    if (completed) return;
  }
  assign(url);
}
