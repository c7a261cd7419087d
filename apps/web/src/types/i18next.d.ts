import 'i18next';
import type common from '../locales/en/common.json';
import type feed from '../locales/en/feed.json';
import type location from '../locales/en/location.json';
import type business from '../locales/en/business.json';
import type pages from '../locales/en/pages.json';
import type debug from '../locales/en/debug.json';
import type placeholders from '../locales/en/placeholders.json';
import type auth from '../locales/en/auth.json';
import type app from '../locales/en/app.json';
import type profile from '../locales/en/profile.json';
import type admin from '../locales/en/admin.json';
import type contacts from '../locales/en/contacts.json';
import type publishing from '../locales/en/publishing.json';
import type templates from '../locales/en/templates.json';
import type postsHistory from '../locales/en/posts-history.json';
import type counter from '../locales/en/counter.json';
import type pricing from '../locales/en/pricing.json';
import type learn from '../locales/en/learn.json';
import type wallet from '../locales/en/wallet.json';
import type adminContent from '../locales/en/admin-content.json';
import type language from '../locales/en/language.json';
import type sms from '../locales/en/sms.json';
import type whatsapp from '../locales/en/whatsapp.json';
import type dialogs from '../locales/en/dialogs.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      feed: typeof feed;
      location: typeof location;
      business: typeof business;
      pages: typeof pages;
      debug: typeof debug;
      placeholders: typeof placeholders;
      auth: typeof auth;
      app: typeof app;
      profile: typeof profile;
      admin: typeof admin;
      contacts: typeof contacts;
      publishing: typeof publishing;
      templates: typeof templates;
      'posts-history': typeof postsHistory;
      counter: typeof counter;
      pricing: typeof pricing;
      learn: typeof learn;
      wallet: typeof wallet;
      'admin-content': typeof adminContent;
      language: typeof language;
      sms: typeof sms;
      whatsapp: typeof whatsapp;
      dialogs: typeof dialogs;
    };
    returnNull: false;
  }
}
