const UNIQUE_VIOLATION = '23505';

/** Drizzle wraps driver errors; the PostgreSQL code sits on the error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
