/**
 * Whether text from a request (a path, a form, a cursor) can be one of the app's row ids, a UUID
 * in PostgreSQL's text form: checked before it reaches a `uuid` column, where anything else would
 * be a database error rather than "not found".
 */
export const isRowId = (text: string): boolean => /^[0-9a-f-]{36}$/.test(text);
