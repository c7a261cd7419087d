import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android app (docs/product.md §1, ADR 020): the web app built for the app (`vite build --mode
 * android`, into dist-android) bundled inside it and served by the WebView from https://localhost —
 * never a remote URL, so the app starts offline and passes Play's "not a thin wrapper" review. The
 * API it talks to is VITE_API_URL, baked into that build (scripts/android-sync.mjs).
 */
const config: CapacitorConfig = {
  appId: 'in.aaspaas.app',
  appName: 'Aaspaas',
  webDir: 'dist-android',
  android: {
    // https://localhost: a secure context (geolocation, crypto.subtle) and the origin the API's CORS allows.
    allowMixedContent: false,
    captureInput: false,
    webContentsDebuggingEnabled: false,
  },
  server: { androidScheme: 'https', hostname: 'localhost' },
  plugins: {
    // Kept until the feed's first screen is drawn (lib/native/native-shell.ts hides it).
    SplashScreen: {
      launchAutoHide: false,
      backgroundColor: '#fffaf5',
      androidScaleType: 'CENTER_CROP',
      showSpinner: false,
    },
    // Resize the WebView when the keyboard opens, so it never covers the field being typed in.
    Keyboard: { resizeOnFullScreen: true },
    StatusBar: { backgroundColor: '#c2410c', style: 'DARK', overlaysWebView: false },
    SocialLogin: { providers: { google: true, facebook: false, apple: false, twitter: false } },
  },
};

export default config;
