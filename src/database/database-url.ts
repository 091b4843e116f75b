/** DI token for the resolved PostgreSQL URL (configured, or the embedded server's). */
export const DATABASE_URL = Symbol('DATABASE_URL');
