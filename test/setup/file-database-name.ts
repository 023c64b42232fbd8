/** How each test file's own database is named: this, its process id and a few random letters. */
export const FILE_DATABASE_PREFIX = "parcelbridge_test_f";
