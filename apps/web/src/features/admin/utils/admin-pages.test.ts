import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { LATER_ADMIN_PATHS, laterAdminPageFor } from './admin-pages';

describe('laterAdminPageFor', () => {
  it('names every admin route the router sends to the coming-soon page', () => {
    expect([...LATER_ADMIN_PATHS].sort()).toEqual([...paths.admin.later].sort());
    expect(laterAdminPageFor('/admin/sms-history')).toBe('smsHistory');
    expect(laterAdminPageFor('/admin/sms-pricing')).toBeNull();
    expect(laterAdminPageFor('/admin/templates/edit/5')).toBeNull();
    expect(laterAdminPageFor('/admin')).toBeNull();
  });
});
