import { type AppUser, DEFAULT_LANGUAGE, isLanguage } from '@aaspaas/domain';
import type { UserRow } from '#src/db/schema';

/** The App user of docs/product.md §3 as the API answers it; isAdmin is decided by the caller from ADMIN_EMAILS. */
export function toAppUser(row: UserRow, extra: { isAdmin: boolean; googleLinked: boolean }): AppUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    businessName: row.businessName,
    businessDetails: row.businessDetails,
    businessPhone: row.businessPhone,
    businessAddress: row.businessAddress,
    gstNumber: row.gstNumber,
    businessCategories: row.businessCategories,
    onboardingCompleted: row.onboardingCompleted,
    mobileNumber: row.mobileNumber,
    balancePaise: row.balancePaise,
    isAdmin: extra.isAdmin,
    status: row.status,
    profileImageUrl: row.profileImageUrl,
    city: row.city,
    state: row.state,
    lat: row.lat,
    lon: row.lon,
    hasPassword: row.passwordHash !== null,
    googleLinked: extra.googleLinked,
    emailVerified: row.emailVerifiedAt !== null,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    hours: row.hours ?? null,
    closedUntil: row.closedUntil && row.closedUntil.getTime() > Date.now() ? row.closedUntil.toISOString() : null,
    upiId: row.upiId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
