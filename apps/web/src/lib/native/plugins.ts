import type * as AppModule from '@capacitor/app';
import type * as AppLauncherModule from '@capacitor/app-launcher';
import type * as CameraPluginModule from '@capacitor/camera';
import type * as GeolocationModule from '@capacitor/geolocation';
import type * as KeyboardModule from '@capacitor/keyboard';
import type * as PreferencesModule from '@capacitor/preferences';
import type * as ShareModule from '@capacitor/share';
import type * as SplashScreenModule from '@capacitor/splash-screen';
import type * as StatusBarPluginModule from '@capacitor/status-bar';
import type * as SocialLoginModule from '@capgo/capacitor-social-login';

/**
 * The Capacitor plugins, each loaded only when first used inside the app (a chunk of its own, never
 * part of the web's first load). Callers take a loader as a parameter, so tests hand in a fake at
 * this boundary.
 */
export type SharePlugin = typeof ShareModule.Share;
export type GeolocationPlugin = typeof GeolocationModule.Geolocation;
export type CameraModule = typeof CameraPluginModule;
export type AppPlugin = typeof AppModule.App;
export type AppLauncherPlugin = typeof AppLauncherModule.AppLauncher;
export type PreferencesPlugin = typeof PreferencesModule.Preferences;
export type SplashScreenPlugin = typeof SplashScreenModule.SplashScreen;
export type StatusBarModule = typeof StatusBarPluginModule;
export type KeyboardPlugin = typeof KeyboardModule.Keyboard;
export type SocialLoginPlugin = typeof SocialLoginModule.SocialLogin;

export type Loader<T> = () => Promise<T>;

export const loadShare: Loader<SharePlugin> = () => import('@capacitor/share').then((m) => m.Share);
export const loadGeolocation: Loader<GeolocationPlugin> = () => import('@capacitor/geolocation').then((m) => m.Geolocation);
export const loadCamera: Loader<CameraModule> = () => import('@capacitor/camera');
export const loadApp: Loader<AppPlugin> = () => import('@capacitor/app').then((m) => m.App);
export const loadAppLauncher: Loader<AppLauncherPlugin> = () => import('@capacitor/app-launcher').then((m) => m.AppLauncher);
export const loadPreferences: Loader<PreferencesPlugin> = () => import('@capacitor/preferences').then((m) => m.Preferences);
export const loadSplashScreen: Loader<SplashScreenPlugin> = () => import('@capacitor/splash-screen').then((m) => m.SplashScreen);
export const loadStatusBar: Loader<StatusBarModule> = () => import('@capacitor/status-bar');
export const loadKeyboard: Loader<KeyboardPlugin> = () => import('@capacitor/keyboard').then((m) => m.Keyboard);
export const loadSocialLogin: Loader<SocialLoginPlugin> = () =>
  import('@capgo/capacitor-social-login').then((m) => m.SocialLogin);
