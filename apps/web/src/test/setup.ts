import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import '@/lib/i18n';

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module of its own and replays the active ones to the next Toaster:
  // a toast one test left open would show again in the next test's screen.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
